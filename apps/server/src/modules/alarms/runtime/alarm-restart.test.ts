// @module-tag embedded: an app closed and reopened over the same PGlite data folder
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp } from '../../../../test/test-app';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../platform/config/config';
import { openDb } from '../../../platform/db/db';
import { migrate } from '../../../platform/db/migrate';
import { provisionDevice } from '../../devices/device-provision';
import { seed } from '../../system/seed/seed';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import type { DeviceAlarmState } from '../engine';
import { alarmsOf, bind, insertTemplate, postReadings, until } from './alarm.fixtures';

/**
 * A restart loses no alarm timer: a duration condition pending when the app
 * closes raises after it reopens over the same data (PGlite folder, or PostgreSQL schema) — from
 * a reading committed while it was down (start-up catch-up) and from a new live reading — with
 * the true start of the episode, once.
 */

const MIN = 60_000;
const RUN = crypto.randomBytes(4).toString('hex');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ztj-alarm-restart-${RUN}-`));
const schema = `t_restart_${RUN}`;

/** An app over the persistent store of this file; `first`: migrate and seed a new one. */
async function openApp(first: boolean): Promise<TestApp> {
  const config = loadConfig({
    LOGIN_CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    DEMO: 'off',
    MQTT_PORT: 'off',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  });
  const db = await openDb({
    url: config.databaseUrl,
    schema: config.databaseSchema,
    poolSize: 4,
    dataDir: config.databaseUrl ? undefined : path.join(dataDir, 'pg'),
  });
  await migrate(db);
  if (first) await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir });
  const app = await buildApp({ config, db });
  await app.fastify.ready();
  return {
    ...app,
    db,
    config,
    login: () => Promise.reject(new Error('not used')),
    call: () => Promise.reject(new Error('not used')),
    close: async () => {
      await app.fastify.close();
      await db.close();
    },
  };
}

afterAll(async () => {
  if (process.env.DATABASE_URL) {
    const db = await openDb({ url: process.env.DATABASE_URL, schema });
    await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('alarm runtime across a restart (integration)', () => {
  it('raises a duration condition pending before the restart after it, with its true start', async () => {
    const first = await openApp(true);
    const template = await insertTemplate(first, DEMO_TENANT_ID, {
      conditions: [
        { type: 'duration', minutes: 10, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 } },
      ],
    });
    const devices: { id: string; secret: string }[] = [];
    for (const id of [`RST${RUN}A`, `RST${RUN}B`]) {
      const secret = await provisionDevice(first.db, {
        id,
        tenantId: DEMO_TENANT_ID,
        model: 'P23-2IN1',
        orgCode: 'B01',
      });
      first.devices.registry.invalidate(id);
      await bind(first, DEMO_TENANT_ID, template, id);
      devices.push({ id, secret });
    }
    const t = Date.now() - 40 * MIN;
    for (const d of devices)
      await postReadings(first, d.id, d.secret, [
        { ts: t, values: { P003: -14 } },
        { ts: t + 5 * MIN, values: { P003: -13 } },
      ]);
    await first.alarms.whenIdle();
    const [stored] = await first.db.query<{ state: DeviceAlarmState }>(
      'SELECT state FROM alarm_engine_state WHERE device_id = $1',
      [devices[0]!.id],
    );
    expect(Object.values(stored!.state.conditions)[0]!.pendingSince).toBe(t);
    expect(await alarmsOf(first, devices[0]!.id)).toEqual([]);
    await first.close();

    // while it was down: device A's reading was committed but never evaluated (a crash between
    // the ingest's commit and the alarm batch)
    const between = await openDb({
      url: process.env.DATABASE_URL,
      schema: process.env.DATABASE_URL ? schema : undefined,
      dataDir: process.env.DATABASE_URL ? undefined : path.join(dataDir, 'pg'),
    });
    await between.query(
      `INSERT INTO telemetry (device_id, ts, received_at, "values") VALUES ($1, $2, $3, '{"P003": -12}')`,
      [devices[0]!.id, t + 11 * MIN, Date.now()],
    );
    await between.close();

    const second = await openApp(false);
    try {
      await second.alarms.whenIdle();
      const [a] = await alarmsOf(second, devices[0]!.id);
      expect(a).toMatchObject({ alarm_type: 'T001', status: 'active', value: -12 });
      expect(Number(a!.start_ts)).toBe(t);
      expect(Number(a!.raised_ts)).toBe(t + 11 * MIN);

      // device B: a live reading after the restart completes its pending timer
      await postReadings(second, devices[1]!.id, devices[1]!.secret, [{ ts: t + 12 * MIN, values: { P003: -12.5 } }]);
      const [b] = await until(async () => {
        const rows = await alarmsOf(second, devices[1]!.id);
        return rows.length ? rows : null;
      });
      expect(Number(b!.start_ts)).toBe(t);

      // the same readings again raise nothing new
      await postReadings(second, devices[0]!.id, devices[0]!.secret, [{ ts: t + 11 * MIN, values: { P003: -12 } }]);
      await second.alarms.whenIdle();
      expect(await alarmsOf(second, devices[0]!.id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
