import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { topics } from '@ztj/contracts';
import { connectAsync, type MqttClient } from 'mqtt';
import type WebSocket from 'ws';
import { openSocket } from '../../../test/ws-client';
import { DEMO_TENANT_ID } from '../tenancy/tenant-ids';
import {
  freePort,
  openServerDb,
  prepareServer,
  spawnServer,
  stopServers,
  type ServerProcess,
} from '../observability/server-process.fixture';

/**
 * Scale-out on existing engines: real server processes over one PostgreSQL
 * schema and the machine's Mosquitto, `MQTT_SHARED=on` and `CLUSTER=on`, each ingesting the test's
 * devices only (`MQTT_INGEST_TOPICS`, so other tests on the shared broker stay out). Needs
 * DATABASE_URL and MQTT_URL.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const MQTT_URL = process.env.MQTT_URL;

const clients: MqttClient[] = [];
const sockets: WebSocket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await stopServers();
}, 60_000);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Value of a counter in a process's Prometheus text (0 when absent). */
async function counter(s: ServerProcess, name: string): Promise<number> {
  const text = await (await fetch(`${s.base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** Signs in as the administrator on `s`; the token. */
async function signIn(s: ServerProcess): Promise<string> {
  const res = await fetch(`${s.base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: s.env.ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`sign-in failed: ${body.message}`);
  return body.result.token;
}

describe.skipIf(!DATABASE_URL || !MQTT_URL)(
  'two server processes over one PostgreSQL and one broker (needs DATABASE_URL and MQTT_URL)',
  () => {
    it('split the ingest with none lost or doubled; a third process relays live readings, alarm notices and access changes', async () => {
      const devices = Array.from({ length: 4 }, () => ({
        id: `SCALE-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
        secret: 'scale-secret-0123456789',
      }));
      const common = { MQTT_URL: MQTT_URL!, MQTT_SHARED: 'on', CLUSTER: 'on', MQTT_SESSION_EXPIRY_S: '60' };
      const env = await prepareServer(
        { ...common, MQTT_INGEST_TOPICS: devices.map((d) => topics.telemetry(d.id)).join(',') },
        devices,
      );
      const db = await openServerDb(env);
      try {
        // one alarm rule on every test device: P003 above 15 °C raises
        const content = {
          name: 'scale',
          category: 'environment',
          severity: 'M',
          delayMinutes: 0,
          conditions: [
            {
              type: 'threshold',
              param: 'P003',
              comparison: 0,
              value: 15,
              hysteresis: { margin: 0, clearDelayMinutes: 0 },
            },
          ],
          reminder: null,
          notify: { groupIds: [], escalateGroupIds: [], robots: false },
        };
        const [tpl] = await db.query<{ id: string }>(
          `INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content) VALUES ($1, 'scale', 'environment', 'M', $2) RETURNING id`,
          [DEMO_TENANT_ID, JSON.stringify(content)],
        );
        await db.query(
          `INSERT INTO alarm_rule_binding (template_id, tenant_id, target_type, target_id) SELECT $1, $2, 'device', unnest($3::text[])`,
          [tpl!.id, DEMO_TENANT_ID, devices.map((d) => d.id)],
        );

        const a = await spawnServer(env);
        const b = await spawnServer({ ...env, PORT: String(await freePort()) });
        // the third process ingests nothing (a topic no device uses): whatever live message reaches its
        // sockets was ingested, and every alarm raised, on the other two
        // (and is given an embedded broker port, which it must not open while MQTT_URL names a broker)
        const embeddedPort = await freePort();
        const c = await spawnServer({
          ...env,
          PORT: String(await freePort()),
          MQTT_PORT: String(embeddedPort),
          MQTT_INGEST_TOPICS: topics.telemetry('NOBODY-SCALE'),
        });
        await expect(
          connectAsync(`mqtt://127.0.0.1:${embeddedPort}`, {
            protocolVersion: 4,
            reconnectPeriod: 0,
            connectTimeout: 2_000,
          }),
        ).rejects.toThrow();

        const admin = await db.one<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'admin'`);
        const token = await signIn(c);
        const ws = await openSocket(
          `ws://127.0.0.1:${c.env.PORT}/ztj-iot/websocket/${admin!.id}?tenantId=${DEMO_TENANT_ID}`,
          token,
        );
        sockets.push(ws);
        const live = new Set<string>();
        const raised = new Set<string>();
        ws.on('message', (m) => {
          const msg = JSON.parse(m.toString()) as {
            cmd?: string;
            event?: string;
            devices?: { deviceId: string }[];
            alarm?: { deviceId: string };
          };
          if (msg.cmd === 'telemetry') for (const d of msg.devices ?? []) live.add(d.deviceId);
          if (msg.cmd === 'alarm' && msg.event === 'raised' && msg.alarm) raised.add(msg.alarm.deviceId);
        });
        await sleep(500); // presence of the new socket reaches the others (sent at once on a change)

        // 100 QoS 1 readings per device through the broker, the last ones above the limit
        const t0 = Date.now() - 600_000;
        for (const d of devices) {
          const client = await connectAsync(MQTT_URL!, {
            protocolVersion: 4,
            clientId: d.id,
            username: d.id,
            password: d.secret,
            reconnectPeriod: 0,
          });
          clients.push(client);
          await Promise.all(
            Array.from({ length: 100 }, (_, i) =>
              client.publishAsync(
                topics.telemetry(d.id),
                JSON.stringify({ ts: t0 + i * 1000, values: { P003: i < 90 ? 4 : 20 } }),
                { qos: 1 },
              ),
            ),
          );
        }

        // none lost, none doubled, and both ingesting processes took a share
        for (const until = Date.now() + 60_000; ; await sleep(200)) {
          const [n] = await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM telemetry WHERE device_id = ANY($1::text[])',
            [devices.map((d) => d.id)],
          );
          if (n!.n >= 400 || Date.now() > until) {
            expect(n!.n).toBe(400);
            break;
          }
        }
        const storedA = await counter(a, 'ztj_ingest_readings_stored_total');
        const storedB = await counter(b, 'ztj_ingest_readings_stored_total');
        expect(storedA).toBeGreaterThan(0);
        expect(storedB).toBeGreaterThan(0);
        expect(storedA + storedB).toBe(400);
        expect(await counter(c, 'ztj_ingest_readings_stored_total')).toBe(0);

        // live readings and alarm notices reach the console socket on the third process
        for (const until = Date.now() + 30_000; (live.size < 4 || raised.size < 4) && Date.now() < until;)
          await sleep(100);
        expect([...live].sort()).toEqual(devices.map((d) => d.id).sort());
        expect([...raised].sort()).toEqual(devices.map((d) => d.id).sort());

        // an access change written through one process holds on the others within the access cache's bound
        const other = await signIn(a);
        const asOther = (s: ServerProcess): Promise<number> =>
          fetch(`${s.base}/sys/user/list?pageNo=1&pageSize=1`, { headers: { 'X-Access-Token': other } }).then(
            (r) => r.status,
          );
        expect(await asOther(a)).toBe(200);
        expect(await asOther(b)).toBe(200);
        const out = await fetch(`${c.base}/sys/logout`, { method: 'POST', headers: { 'X-Access-Token': other } });
        expect(out.status).toBe(200);
        for (const s of [a, b]) {
          let status = 200;
          for (const until = Date.now() + 2_500; status === 200 && Date.now() < until; await sleep(50))
            status = await asOther(s);
          expect(status).toBe(401);
        }
      } finally {
        await db.close();
      }
    }, 240_000);
  },
);
