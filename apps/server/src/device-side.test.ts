// @module-tag embedded: the device-side start-up (ingest, alarm engine, partitions floor) on PGlite and the embedded broker
import { topics } from '@ztj/contracts';
import { connectAsync } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/pglite-template';
import { buildApp } from './app';
import { createDeviceSide } from './device-side';
import { seed } from './modules/system/seed/seed';
import { DEMO_TENANT_ID } from './platform/tenancy/tenant-ids';
import { provisionDevice } from './modules/devices/device-provision';
import { loadConfig } from './platform/config/config';
import { openDb, type Db } from './platform/db/db';
import { migrate } from './platform/db/migrate';

/**
 * main.ts starts the device side before the HTTP app is loaded. The ingest must
 * accept and commit a reading while the rest of the start-up (here an injected step that has not
 * finished) is still pending, and the app built afterwards must use that same, running side.
 * Embedded stack only: the embedded broker acknowledges a QoS 1 publish after its commit.
 */
describe('device side started before the app', () => {
  let db: Db | undefined;
  afterAll(async () => {
    await db?.close();
  });

  it('commits a device reading while the slow rest of the start-up is pending, then the app takes the running side', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DEMO: 'off',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      LOGIN_CAPTCHA: 'off',
      MQTT_CLIENT_ID: 'random',
    });
    db = await openDb({ url: undefined, schema: config.databaseSchema, pgliteTemplate: await pgliteTemplate() });
    await migrate(db);
    expect(await migrate(db)).toEqual([]); // current schema: nothing applied again
    const errors: unknown[] = [];
    const side = createDeviceSide({ config, db, log: { error: (obj) => errors.push(obj) } });
    await side.start();
    expect(side.started).toBe(true);
    // the tenant the device belongs to (on a running installation it exists from earlier starts)
    await seed(db, { adminPassword: 'Side#Test-2026', dataDir: config.dataDir });

    // the rest of the start-up (app modules, job queue…): an injected step that does not end yet
    let release!: () => void;
    let restDone = false;
    const rest = new Promise<void>((r) => (release = r)).then(() => {
      restDone = true;
    });

    const id = 'SIDE-EARLY-1';
    const secret = await provisionDevice(db, { id, tenantId: DEMO_TENANT_ID, model: 'P23-2IN1', orgCode: 'B01' });
    side.devices.registry.invalidate(id);
    const device = await connectAsync(`mqtt://127.0.0.1:${side.devices.mqttPort}`, {
      protocolVersion: 4,
      clientId: id,
      username: id,
      password: secret,
      reconnectPeriod: 0,
    });
    const ts = Date.now();
    await device.publishAsync(topics.telemetry(id), JSON.stringify({ ts, values: { P003: 3.5 } }), { qos: 1 });
    expect(restDone).toBe(false);
    expect(await db.query('SELECT ts FROM telemetry WHERE device_id = $1', [id])).toEqual([{ ts: expect.anything() }]);

    release();
    await rest;
    const app = await buildApp({ config, db, deviceSide: side });
    await app.fastify.ready();
    expect(app.devices).toBe(side.devices);
    expect(app.hub).toBe(side.hub);
    await device.publishAsync(topics.telemetry(id), JSON.stringify({ ts: ts + 1000, values: { P003: 3.6 } }), {
      qos: 1,
    });
    expect((await db.query('SELECT ts FROM telemetry WHERE device_id = $1', [id])).length).toBe(2);
    await device.endAsync();
    await app.fastify.close(); // its onClose stops the side
    expect(side.devices.mqttPort).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
