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
 * closes and due while it is down raises when it reopens over the same data (PGlite folder, or
 * PostgreSQL schema) — after a reading committed while it was down (start-up catch-up), and with
 * no reading at all (the clock's deadlines are read back at start) — at its deadline, with the
 * true start of the episode, once.
 */

const MIN = 60_000;
/** Time the first app has, after its readings, to evaluate them and close before the duration runs out, ms. */
const SPARE_MS = 15_000;
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
  it('raises a duration condition pending before the restart after it, at its deadline, with its true start', async () => {
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
    // the 10-minute duration runs out a few seconds after this app closes (the first reading
    // was 10 minutes minus SPARE ago): pending when it closes, due while it is down
    const t = Date.now() - 10 * MIN + SPARE_MS;
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
      [devices[0]!.id, t + 9 * MIN, Date.now()],
    );
    await between.close();
    // the deadline passes while the app is down
    await new Promise((r) => setTimeout(r, Math.max(0, t + 10 * MIN - Date.now() + 200)));

    const second = await openApp(false);
    try {
      // device A: the catch-up reading, then the clock at start raises it at its deadline
      const [a] = await until(async () => {
        const rows = await alarmsOf(second, devices[0]!.id);
        return rows.length ? rows : null;
      });
      expect(a).toMatchObject({ alarm_type: 'T001', status: 'active', value: -12, raised_by_silence: true });
      expect(Number(a!.start_ts)).toBe(t);
      expect(Number(a!.raised_ts)).toBe(t + 10 * MIN);

      // device B: no reading since; the clock at start completes its pending timer all the same
      const [b] = await until(async () => {
        const rows = await alarmsOf(second, devices[1]!.id);
        return rows.length ? rows : null;
      });
      expect(b).toMatchObject({ alarm_type: 'T001', value: -13, raised_by_silence: true });
      expect(Number(b!.start_ts)).toBe(t);
      expect(Number(b!.raised_ts)).toBe(t + 10 * MIN);

      // the same readings again raise nothing new
      await postReadings(second, devices[0]!.id, devices[0]!.secret, [{ ts: t + 9 * MIN, values: { P003: -12 } }]);
      await second.alarms.whenIdle();
      expect(await alarmsOf(second, devices[0]!.id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 90_000);
});
