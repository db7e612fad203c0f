/**
 * external broker mode trusts topics. With `MQTT_URL` the ingest cannot see
 * who published a message (Mosquitto does not tell subscribers), so a device publishing on another
 * device's topic was stored as that device. With `MQTT_DYNSEC=on` the server provisions every
 * device's account and own-topic ACLs into Mosquitto's dynamic-security plugin, and the broker
 * refuses the spoof. This file starts its own Mosquitto (dynamic-security plugin, anonymous
 * clients refused) on a free port, so the machine's broker on 1883 is untouched.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { topics } from '@ztj/contracts';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingBinaries, startMosquitto, type MosquittoProcess } from '../../test/mosquitto-process';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deprovisionDevice, provisionDevice, type NewDevice } from '../modules/devices/device-provision';
import { DEMO_TENANT_ID } from '../platform/tenancy/tenant-ids';
import { demoSecretKey, deriveDeviceSecret } from '../modules/devices/device-secrets';
import { connectDevice, countTelemetry, uid, waitFor } from '../modules/telemetry/ingest.fixtures';

const PLUGIN = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
].find((p) => existsSync(p));
const missing =
  missingBinaries(['mosquitto', 'mosquitto_ctrl']) ??
  (!PLUGIN ? "Mosquitto's dynamic-security plugin is not installed" : undefined);
if (missing) console.warn(`external-broker-acl: skipped, ${missing}`);

const ADMIN = { user: 'ztj-test-admin', password: 'Dynsec-Admin#2026' };
const INGEST = { user: 'ztj-ingest', password: 'Ingest-Account#2026' };

let broker: MosquittoProcess | undefined;
let port: number;
let app: TestApp;

/** Registers a device with its broker account (the secret becomes its broker password). */
async function addDevice(d: Partial<NewDevice> & { id: string }): Promise<string> {
  const secret = await app.db.tx((q) =>
    provisionDevice(
      q,
      { tenantId: DEMO_TENANT_ID, model: 'P23-2IN1', orgCode: 'B01', ...d },
      app.devices.brokerAccounts,
    ),
  );
  app.devices.registry.invalidate(d.id);
  return secret;
}

const reading = (ts: number, p003: number): string => JSON.stringify({ ts, values: { P003: p003 } });

describe.skipIf(missing !== undefined)('external broker: per-device accounts and topic ACLs (MQTT_DYNSEC)', () => {
  beforeAll(async () => {
    const dynsecFile = (dir: string): string => path.join(dir, 'dynamic-security.json');
    broker = await startMosquitto(
      (dir) => [
        'allow_anonymous false',
        'persistence false',
        `plugin ${PLUGIN!}`,
        `plugin_opt_config_file ${dynsecFile(dir)}`,
      ],
      (dir) =>
        execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile(dir), ADMIN.user, ADMIN.password], {
          stdio: 'ignore',
          timeout: 10_000,
        }),
    );
    port = broker.port;
    app = await createTestApp({
      MQTT_URL: `mqtt://${INGEST.user}:${encodeURIComponent(INGEST.password)}@127.0.0.1:${port}`,
      MQTT_DYNSEC: 'on',
      MQTT_DYNSEC_USER: ADMIN.user,
      MQTT_DYNSEC_PASSWORD: ADMIN.password,
    });
  });

  afterAll(async () => {
    try {
      await app?.close();
    } finally {
      await broker?.stop();
    }
  });

  it('stores a reading a device publishes on its own topic', async () => {
    expect(app.devices.brokerAccounts).toBeDefined();
    expect(app.devices.mqttUrl).not.toContain(INGEST.password);
    const id = uid('ACL');
    const c = await connectDevice(app, id, await addDevice({ id }));
    await c.publishAsync(topics.telemetry(id), reading(Date.now() - 1000, 3.5), { qos: 1 });
    await waitFor(async () => (await countTelemetry(app, id)) === 1);
    await c.endAsync();
  });

  it("refuses device A publishing on device B's topic", async () => {
    const a = uid('ACL');
    const b = uid('ACL');
    const ca = await connectDevice(app, a, await addDevice({ id: a }));
    await addDevice({ id: b });
    const t = Date.now() - 5_000;
    // MQTT 3.1.1 has no negative PUBACK: the broker acknowledges and drops the spoof.
    await ca.publishAsync(topics.telemetry(b), reading(t, 99), { qos: 1 });
    await ca.publishAsync(topics.events(b), JSON.stringify({ ts: t, type: 'power_off' }), { qos: 1 });
    await ca.publishAsync(topics.telemetry(a), reading(t + 1, 4), { qos: 1 });
    await waitFor(async () => (await countTelemetry(app, a)) === 1);
    await app.devices.ingest.flush();
    expect(await countTelemetry(app, b)).toBe(0);
    const [events] = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM device_event WHERE device_id = $1',
      [b],
    );
    expect(events!.n).toBe(0);
    await ca.endAsync();
  });

  it("refuses a gateway publishing on another gateway's topic", async () => {
    const [ga, gb, tagA, tagB] = [uid('GW'), uid('GW'), uid('TAG'), uid('TAG')];
    const sa = await addDevice({ id: ga, model: 'G24-L4Y1' });
    await addDevice({ id: gb, model: 'G24-L4Y1' });
    await addDevice({ id: tagA, model: 'P3A-1IY1', gatewayId: ga });
    await addDevice({ id: tagB, model: 'P3A-1IY1', gatewayId: gb });
    const c = await connectDevice(app, ga, sa);
    const t = Date.now() - 5_000;
    await c.publishAsync(
      topics.gatewayTelemetry(gb),
      JSON.stringify({ ts: t, readings: [{ deviceId: tagB, ts: t, values: { P003: 99 } }] }),
      { qos: 1 },
    );
    await c.publishAsync(
      topics.gatewayTelemetry(ga),
      JSON.stringify({ ts: t, readings: [{ deviceId: tagA, ts: t, values: { P003: 4 } }] }),
      { qos: 1 },
    );
    await waitFor(async () => (await countTelemetry(app, tagA)) === 1);
    await app.devices.ingest.flush();
    expect(await countTelemetry(app, tagB)).toBe(0);
    await c.endAsync();
  });

  it('refuses anonymous clients and wrong passwords', async () => {
    const id = uid('ACL');
    await addDevice({ id });
    const url = `mqtt://127.0.0.1:${port}`;
    await expect(connectAsync(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000 })).rejects.toThrow(
      /refused/i,
    );
    await expect(connectDevice(app, id, 'not-the-secret')).rejects.toThrow(/refused/i);
  });

  it("delivers commands on the device's own topic and refuses subscribing to another's", async () => {
    const [a, b] = [uid('ACL'), uid('ACL')];
    const ca = await connectDevice(app, a, await addDevice({ id: a }));
    await addDevice({ id: b });
    await expect(ca.subscribeAsync(topics.commands(b), { qos: 1 })).rejects.toThrow();
    await ca.subscribeAsync(topics.commands(a), { qos: 1 });
    const got = new Promise<string>((resolve) => ca.once('message', (topic) => resolve(topic)));
    expect(await app.devices.sendCommand(a, { cmdId: 'c1', ts: Date.now(), type: 'shutdown' })).toBe(true);
    expect(await got).toBe(topics.commands(a));
    await ca.endAsync();
  });

  it('replaces the broker password when a new secret is issued', async () => {
    const id = uid('ACL');
    const old = await addDevice({ id });
    const fresh = await addDevice({ id });
    expect(fresh).not.toBe(old);
    await expect(connectDevice(app, id, old)).rejects.toThrow(/refused/i);
    const c = await connectDevice(app, id, fresh);
    await c.endAsync();
  });

  it('keeps a connected device connected when its account is re-synced after a change', async () => {
    // A demo-derived secret is recoverable, so the sync could set it again; doing so would
    // disconnect the device (Mosquitto drops a client's sessions when its password is set).
    const id = uid('ACL');
    const secret = deriveDeviceSecret(await demoSecretKey(app.db), id);
    await addDevice({ id, secret });
    const c = await connectDevice(app, id, secret);
    const closed = new Promise<'closed'>((resolve) => c.once('close', () => resolve('closed')));
    await app.devices.brokerAccounts!.syncDevice(id);
    const acked = c
      .publishAsync(topics.telemetry(id), reading(Date.now() - 1000, 5), { qos: 1 })
      .then(() => 'acked' as const);
    expect(await Promise.race([acked, closed])).toBe('acked');
    await waitFor(async () => (await countTelemetry(app, id)) === 1);
    await c.endAsync();
  });

  it('disconnects and refuses a deleted device', async () => {
    const id = uid('ACL');
    const secret = await addDevice({ id });
    const c = await connectDevice(app, id, secret);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    expect(await app.db.tx((q) => deprovisionDevice(q, id, app.devices.brokerAccounts))).toBe(true);
    app.devices.registry.invalidate(id);
    await closed;
    await expect(connectDevice(app, id, secret)).rejects.toThrow(/refused/i);
  });

  it('start-up sync is idempotent, keeps passwords and removes accounts of devices deleted meanwhile', async () => {
    const [keep, gone] = [uid('ACL'), uid('ACL')];
    const accounts = app.devices.brokerAccounts!;
    // Registered without telling the running server (as another process would), then deleted behind its back.
    const register = (id: string): Promise<string> =>
      app.db.tx((q) => provisionDevice(q, { id, tenantId: DEMO_TENANT_ID, model: 'P23-2IN1' }, accounts));
    const keepSecret = await register(keep);
    const goneSecret = await register(gone);
    await app.db.query('DELETE FROM device WHERE dev_no = $1', [gone]);
    const first = await accounts.syncAll();
    expect(first.removed).toContain(gone);
    expect(first.errors).toEqual([]);
    const second = await accounts.syncAll();
    expect(second.removed).toEqual([]);
    expect(second.withoutPassword).toEqual([]);
    await expect(connectDevice(app, gone, goneSecret)).rejects.toThrow(/refused/i);
    const c = await connectDevice(app, keep, keepSecret);
    await c.endAsync();
  });
});
