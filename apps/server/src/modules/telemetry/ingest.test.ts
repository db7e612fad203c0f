// @module-tag embedded: the MQTT ingest end to end: embedded broker, SQL telemetry store on PGlite
import { topics } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import {
  EXTERNAL_MQTT,
  addDevice,
  connectDevice,
  countTelemetry,
  createDeviceTestApp,
  deadLetters,
  uid,
  waitFor,
} from './ingest.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createDeviceTestApp();
});
afterAll(async () => {
  await app?.close();
});

const now = (): number => Date.now() - 1000;

describe('MQTT ingest (integration)', () => {
  it('stores a valid reading, ignores a duplicate and keeps latest on late data', async () => {
    const id = uid('WH');
    const secret = await addDevice(app, { id });
    const c = await connectDevice(app, id, secret);
    const t = now();
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: t, values: { P003: -18.2, P004: 65 } }), {
      qos: 1,
    });
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: t, values: { P003: 99 } }), { qos: 1 });
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: t - 60_000, values: { P003: -10 } }), { qos: 1 });
    await waitFor(async () => (await countTelemetry(app, id)) === 2);
    await app.devices.ingest.flush();
    const [first] = await app.db.query<{ values: Record<string, number> }>(
      'SELECT "values" FROM telemetry WHERE device_id = $1 AND ts = $2',
      [id, t],
    );
    expect(first!.values).toEqual({ P003: -18.2, P004: 65 });
    const [latest] = await app.db.query<{ ts: string | number; values: Record<string, number> }>(
      'SELECT ts, "values" FROM device_latest WHERE device_id = $1',
      [id],
    );
    expect(Number(latest!.ts)).toBe(t);
    expect(latest!.values.P003).toBe(-18.2);
    const [dev] = await app.db.query<{ last_ts: string | number }>('SELECT last_ts FROM device WHERE dev_no = $1', [
      id,
    ]);
    expect(Number(dev!.last_ts)).toBe(t);
    await c.endAsync();
  });

  it('dead-letters malformed, invalid and future readings without stopping the stream', async () => {
    const id = uid('WH');
    const secret = await addDevice(app, { id });
    const c = await connectDevice(app, id, secret);
    await c.publishAsync(topics.telemetry(id), '{not json', { qos: 1 });
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: now(), values: { P004: 150 } }), { qos: 1 });
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: Date.now() + 3600_000, values: { P003: 1 } }), {
      qos: 1,
    });
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: now(), values: { P003: 1 } }), { qos: 1 });
    await waitFor(async () => (await countTelemetry(app, id)) === 1);
    const dead = await waitFor(async () => {
      const rows = await deadLetters(app, id);
      return rows.length === 3 ? rows : null;
    });
    expect(dead.map((d) => d.reason)).toEqual(['malformed', 'invalid', 'future']);
    await c.endAsync();
  });

  it('stores a gateway batch of its sub-devices and refuses a foreign sub-device', async () => {
    const gw = uid('GW');
    const tagA = uid('TAG');
    const stranger = uid('TAG');
    const secret = await addDevice(app, { id: gw, model: 'G24-L4Y1' });
    await addDevice(app, { id: tagA, model: 'P3A-1IY1', gatewayId: gw });
    await addDevice(app, { id: stranger, model: 'P3A-1IY1' });
    const c = await connectDevice(app, gw, secret);
    const t = now();
    const batch = {
      ts: t,
      readings: [
        { deviceId: tagA, ts: t - 5000, values: { P003: 4.5 } },
        { deviceId: tagA, ts: t, values: { P003: 4.6 } },
        { deviceId: stranger, ts: t, values: { P003: 1 } },
      ],
    };
    await c.publishAsync(topics.gatewayTelemetry(gw), JSON.stringify(batch), { qos: 1 });
    await waitFor(async () => (await countTelemetry(app, tagA)) === 2);
    await waitFor(async () => (await deadLetters(app, stranger)).some((d) => d.reason === 'notSubDevice'));
    expect(await countTelemetry(app, stranger)).toBe(0);
    await c.endAsync();
  });

  it('records events and updates the device state', async () => {
    const id = uid('VH');
    const secret = await addDevice(app, { id, model: 'G24-L4Y2' });
    const c = await connectDevice(app, id, secret);
    await c.publishAsync(topics.events(id), JSON.stringify({ ts: now(), type: 'power_off' }), { qos: 1 });
    await c.publishAsync(topics.events(id), JSON.stringify({ ts: now() - 5000, type: 'power_on' }), { qos: 1 });
    await waitFor(
      async () => (await app.db.query('SELECT 1 FROM device_event WHERE device_id = $1', [id])).length === 2,
    );
    const [d] = await app.db.query<{ powered_on: boolean }>('SELECT powered_on FROM device WHERE dev_no = $1', [id]);
    expect(d!.powered_on).toBe(false);
    await c.endAsync();
  });

  it('stores every reading of a burst from many devices publishing at once (nothing lost)', async () => {
    const devices = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const id = uid('BURST');
        const secret = await addDevice(app, { id });
        return { id, client: await connectDevice(app, id, secret) };
      }),
    );
    const perDevice = 250;
    const t0 = now() - perDevice;
    // QoS 1 publishes without waiting between them: 5,000 messages in flight together
    await Promise.all(
      devices.flatMap(({ id, client }) =>
        Array.from({ length: perDevice }, (_, i) =>
          client.publishAsync(
            topics.telemetry(id),
            JSON.stringify({ ts: t0 + i, values: { P003: -20 + i / 10, P004: 50, P005: 90, P012: -70, P013: 3 } }),
            { qos: 1 },
          ),
        ),
      ),
    );
    const ids = devices.map((d) => d.id);
    const count = async (): Promise<number> => {
      const [r] = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM telemetry WHERE device_id = ANY($1::text[])',
        [ids],
      );
      return r?.n ?? 0;
    };
    await waitFor(async () => (await count()) === ids.length * perDevice, 30_000);
    const last = await app.db.query<{ ts: string | number }>(
      'SELECT ts FROM device_latest WHERE device_id = ANY($1::text[])',
      [ids],
    );
    expect(last.map((r) => Number(r.ts))).toEqual(ids.map(() => t0 + perDevice - 1));
    await Promise.all(devices.map((d) => d.client.endAsync()));
  }, 60_000);

  it.runIf(!EXTERNAL_MQTT)('refuses unknown devices and wrong passwords at connect (embedded broker)', async () => {
    const id = uid('WH');
    await addDevice(app, { id });
    await expect(connectDevice(app, id, 'wrong')).rejects.toThrow();
    await expect(connectDevice(app, uid('NOPE'), 'x')).rejects.toThrow();
  });

  it.runIf(!!EXTERNAL_MQTT)('dead-letters readings of unknown devices (external broker)', async () => {
    const id = uid('NOPE');
    const c = await connectDevice(app, id, 'anything');
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: now(), values: { P003: 1 } }), { qos: 1 });
    await waitFor(async () => (await deadLetters(app, id)).some((d) => d.reason === 'unknownDevice'));
    await c.endAsync();
  });

  it.runIf(!EXTERNAL_MQTT)("refuses a device publishing on another device's topic (embedded broker)", async () => {
    const a = uid('WH');
    const b = uid('WH');
    const secret = await addDevice(app, { id: a });
    await addDevice(app, { id: b });
    const c = await connectDevice(app, a, secret);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.publish(topics.telemetry(b), JSON.stringify({ ts: now(), values: { P003: 1 } }), { qos: 1 });
    await closed;
    await app.devices.ingest.flush();
    expect(await countTelemetry(app, b)).toBe(0);
    c.end(true);
  });
});
