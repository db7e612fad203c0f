import crypto from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { provisionDevice, type NewDevice } from '../devices/device-provision';

/**
 * Test helpers of the device stream. With `MQTT_URL` in the environment the app uses that external
 * broker (the machine's Mosquitto) and devices connect there; otherwise an embedded broker on a
 * random port. Ids carry a per-run random part so parallel test files on a shared broker never
 * see each other's devices (the topic root is fixed by the contracts).
 */
export const EXTERNAL_MQTT = process.env.MQTT_URL;
const RUN = crypto.randomBytes(3).toString('hex').toUpperCase();
let seq = 0;

/** A unique device id for this test run. */
export function uid(kind: string): string {
  return `T${RUN}-${kind}-${++seq}`;
}

/** A test app with the device stream on (embedded broker on a random port, or MQTT_URL). */
export function createDeviceTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ ...(EXTERNAL_MQTT ? { MQTT_URL: EXTERNAL_MQTT } : { MQTT_PORT: '0' }), ...env });
}

/** Broker URL devices use to reach `app`. */
export function brokerUrl(app: TestApp): string {
  const url = app.devices.mqttUrl;
  if (!url) throw new Error('no broker');
  return url;
}

/** Registers a device in the demo tenant (unless told otherwise); returns its secret. */
export async function addDevice(app: TestApp, d: Partial<NewDevice> & { id: string }): Promise<string> {
  const secret = await provisionDevice(app.db, { tenantId: DEMO_TENANT_ID, model: 'P23-2IN1', orgCode: 'B01', ...d });
  app.devices.registry.invalidate(d.id);
  return secret;
}

/** Connects as a device with MQTT 3.1.1. */
export function connectDevice(app: TestApp, id: string, password: string): Promise<MqttClient> {
  return connectAsync(brokerUrl(app), {
    protocolVersion: 4,
    clientId: id,
    username: id,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

/** Polls `probe` until it returns a truthy value (or throws after `ms`). */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Number of stored readings of a device. */
export async function countTelemetry(app: TestApp, deviceId: string): Promise<number> {
  const [r] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1', [
    deviceId,
  ]);
  return r?.n ?? 0;
}

/** Dead letters of a device (filtered by id so other runs on a shared broker do not interfere). */
export async function deadLetters(app: TestApp, deviceId: string): Promise<{ reason: string; source: string }[]> {
  return app.db.query('SELECT reason, source FROM ingest_dead_letter WHERE device_id = $1 ORDER BY id', [deviceId]);
}
