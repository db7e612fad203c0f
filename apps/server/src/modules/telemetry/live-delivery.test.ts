// @module-tag embedded: readings over the embedded broker and HTTP ingest out of the console WebSocket
import type { AddressInfo } from 'node:net';
import { HEADER_DEVICE_SECRET, topics, type WsTelemetryMessage } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/auth/tokens';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, connectDevice, createDeviceTestApp, uid } from './ingest.fixtures';

/**
 * Live delivery ("new readings reach open pages within 2 s through the WebSocket"),
 * end to end through a listening server: a reading ingested over HTTP or MQTT comes out of the
 * console WebSocket `/websocket/{userId}` (token as subprotocol) as `{cmd:'telemetry'}` with its
 * values and position, to users of the device's tenant only. The only timing is a generous wait.
 */

/** Generous wait for a pushed message (the fan-out sends within about 1 s of the commit). */
const WAIT_MS = 10_000;

interface Viewer {
  userId: string;
  token: string;
}

/** One open console socket and every frame it received. */
interface OpenSocket {
  ws: WebSocket;
  frames: unknown[];
}

let app: TestApp;
let base: string;
const sockets: WebSocket[] = [];

/** A user of exactly one tenant (role viewer there), signed in. */
async function viewerOf(tenantId: number, username: string): Promise<Viewer> {
  const hash = await hashPassword('Live#Pass2026');
  const [u] = await app.db.query<{ id: string }>(
    `INSERT INTO sys_user (username, realname, password_hash, login_tenant_id) VALUES ($1, $1, $2, $3) RETURNING id`,
    [username, hash, tenantId],
  );
  await app.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, tenantId]);
  await app.db.query(
    `INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE tenant_id = $2 AND role_code = 'viewer'`,
    [u!.id, tenantId],
  );
  return { userId: u!.id, token: await app.login(username, 'Live#Pass2026') };
}

/** Opens the console socket of `viewer` as the browser does (token as the subprotocol). */
function openSocket(viewer: Viewer): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/${viewer.userId}`, [viewer.token]);
    const frames: unknown[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
    ws.once('open', () => {
      sockets.push(ws);
      resolve({ ws, frames });
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The readings of `deviceId` among the telemetry frames a socket received. */
function readingsOf(socket: OpenSocket, deviceId: string): WsTelemetryMessage['devices'] {
  return socket.frames
    .filter(
      (f): f is WsTelemetryMessage =>
        typeof f === 'object' && f !== null && (f as { cmd?: unknown }).cmd === 'telemetry',
    )
    .flatMap((f) => f.devices.filter((d) => d.deviceId === deviceId));
}

/** Posts one reading through the HTTP ingest with the device secret. */
async function postReading(deviceId: string, secret: string, body: object): Promise<void> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: `/ztj-iot/ingest/devices/${deviceId}/telemetry`,
    headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.json()).toMatchObject({ success: true, result: { accepted: 1 } });
}

beforeAll(async () => {
  app = await createDeviceTestApp();
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await app?.close();
});

describe('live delivery of readings to open console pages (integration)', () => {
  it('pushes an HTTP-ingested reading to a user of the device tenant and not to another tenant', async () => {
    const demoUser = await viewerOf(DEMO_TENANT_ID, 'livedemo1');
    const platformUser = await viewerOf(PLATFORM_TENANT_ID, 'liveplat1');
    const mine = await openSocket(demoUser);
    const foreign = await openSocket(platformUser);

    const id = uid('LIVE');
    const secret = await addDevice(app, { id });
    const ts = Date.now() - 1000;
    await postReading(id, secret, { ts, values: { P003: -17.5, P004: 61 }, lat: 41.8057, lng: 123.4315 });

    await expect.poll(() => readingsOf(mine, id).length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    expect(readingsOf(mine, id)).toEqual([
      { deviceId: id, ts, values: { P003: -17.5, P004: 61 }, lat: 41.8057, lng: 123.4315 },
    ]);

    // The other tenant's socket is alive (it gets its own tenant's reading) but never saw ours.
    const theirs = uid('LIVE');
    const theirSecret = await addDevice(app, { id: theirs, tenantId: PLATFORM_TENANT_ID, orgCode: 'A01' });
    await postReading(theirs, theirSecret, { ts: Date.now() - 500, values: { P003: 5 } });
    await expect.poll(() => readingsOf(foreign, theirs).length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    expect(readingsOf(foreign, id)).toEqual([]);
    expect(readingsOf(mine, theirs)).toEqual([]);
  });

  it('pushes a reading published over MQTT with the newest values of the device', async () => {
    const demoUser = await viewerOf(DEMO_TENANT_ID, 'livedemo2');
    const socket = await openSocket(demoUser);
    const id = uid('LIVE');
    const secret = await addDevice(app, { id });
    const device = await connectDevice(app, id, secret);
    const ts = Date.now() - 2000;
    await device.publishAsync(topics.telemetry(id), JSON.stringify({ ts, values: { P003: 3.25 } }), { qos: 1 });
    await device.publishAsync(
      topics.telemetry(id),
      JSON.stringify({ ts: ts + 1000, values: { P003: 3.5, P005: 80 } }),
      { qos: 1 },
    );
    await device.endAsync();

    await expect.poll(() => readingsOf(socket, id).some((r) => r.ts === ts + 1000), { timeout: WAIT_MS }).toBe(true);
    const newest = readingsOf(socket, id).find((r) => r.ts === ts + 1000);
    expect(newest).toEqual({ deviceId: id, ts: ts + 1000, values: { P003: 3.5, P005: 80 }, lat: null, lng: null });
  });
});
