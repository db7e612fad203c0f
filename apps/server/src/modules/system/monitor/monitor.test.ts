// @module-tag embedded: the monitoring figures of PGlite and of the embedded broker
import { MonitorSnapshotSchema, topics, type MonitorSnapshot } from '@ztj/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, tenantHeader, type AdminFixtures } from '../../../../test/admin-fixtures';
import type { TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import {
  EXTERNAL_MQTT,
  addDevice,
  connectDevice,
  countTelemetry,
  createDeviceTestApp,
  uid,
  waitFor,
} from '../../telemetry/ingest.fixtures';

/**
 * Monitoring info on a real app with the device stream on: the snapshot's
 * figures are the real counters (a published reading raises the ingest and broker counters, the
 * telemetry rows are the table's count), /metrics carries the same figures, and the page is
 * refused without `monitor:view` and outside the platform tenant.
 */

let app: TestApp;
let fx: AdminFixtures;
let client: MqttClient;
const device = uid('MON');

const snapshot = async (token = fx.admin): Promise<MonitorSnapshot> => {
  const res = await app.call<MonitorSnapshot>('GET', '/sys/monitor/info', { token });
  expect(res.body.success, res.body.message).toBe(true);
  return MonitorSnapshotSchema.parse(res.body.result);
};
/** Waits past the storage probe's reuse interval and the rates' shortest interval (2 s each). */
const pastSampling = (): Promise<void> => new Promise((r) => setTimeout(r, 2_100));

beforeAll(async () => {
  app = await createDeviceTestApp();
  fx = await adminFixtures(app);
  client = await connectDevice(app, device, await addDevice(app, { id: device }));
});
afterAll(async () => {
  await client?.endAsync().catch(() => undefined);
  await app?.close();
});

describe('monitoring info (integration)', () => {
  it('reports the real counters: a published reading raises the ingest and broker figures', async () => {
    const before = await snapshot();
    expect(before.database.engine).toBe(app.db.kind === 'postgres' ? 'postgresql' : 'pglite');
    expect(before.process.pid).toBe(process.pid);
    expect(before.process.rssBytes).toBeGreaterThan(0);
    expect(before.process.heapUsedBytes).toBeGreaterThan(0);
    expect(before.process.uptimeSeconds).toBeGreaterThan(0);

    await client.publishAsync(
      topics.telemetry(device),
      JSON.stringify({ ts: Date.now() - 1000, values: { P003: -18.5, P004: 60 } }),
      { qos: 1 },
    );
    await waitFor(async () => (await countTelemetry(app, device)) === 1);
    await app.devices.ingest.flush();
    await pastSampling();

    let after = await snapshot();
    if (EXTERNAL_MQTT) {
      // On a shared broker the app also receives the messages of other test apps' devices (tests
      // run in parallel), each refused as an unknown device: received = ours + those dead letters,
      // once no such message is between being received and being refused.
      await waitFor(async () => {
        after = await snapshot();
        const refused = after.ingest.deadLettersTotal - before.ingest.deadLettersTotal;
        return after.ingest.messagesReceivedTotal === before.ingest.messagesReceivedTotal + 1 + refused;
      });
    } else {
      expect(after.ingest.messagesReceivedTotal).toBe(before.ingest.messagesReceivedTotal + 1);
      expect(after.ingest.deadLettersTotal).toBe(before.ingest.deadLettersTotal);
    }
    expect(after.ingest.readingsStoredTotal).toBe(before.ingest.readingsStoredTotal + 1);
    expect(after.ingest.batchesTotal).toBeGreaterThan(before.ingest.batchesTotal);
    expect(after.ingest.batchLatencyMeanSeconds).not.toBeNull();
    expect(after.ingest.readingsPerSecond).toBeGreaterThan(0);
    expect(after.ingest.queueDepth).toBe(0);
    expect(after.broker.messagesInTotal).toBeGreaterThan(before.broker.messagesInTotal);
    if (EXTERNAL_MQTT) {
      // the external broker's own counters: the machine's Mosquitto reports them
      expect(after.broker.mode).toBe('external');
      expect(after.broker.external?.ingestClientId).toBe(app.config.mqttClientId ?? null);
      const external = await waitFor(async () => {
        const e = (await snapshot()).broker.external;
        return e?.droppedTotal !== null ? e : undefined;
      });
      expect(external).toMatchObject({ state: 'reporting', kind: 'mosquitto', droppedTotal: expect.any(Number) });
    } else {
      expect(after.broker.external).toBeNull();
    }
    if (!EXTERNAL_MQTT) {
      expect(after.broker.mode).toBe('embedded');
      expect(after.broker.connectedClients).toBeGreaterThanOrEqual(1);
      expect(after.broker.messagesInTotal).toBe(before.broker.messagesInTotal + 1);
    }
  });

  it('reports the database as it is: telemetry rows are the table’s count, largest tables, size, jobs', async () => {
    const s = await snapshot();
    const [row] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry');
    expect(s.database.telemetryRows).toBe(row!.n);
    expect(s.database.telemetryRowsEstimated).toBe(false);
    expect(s.database.sizeBytes).toBeGreaterThan(0);
    expect(s.database.connections).toBeGreaterThanOrEqual(1);
    expect(s.database.largestTables.length).toBeGreaterThan(0);
    // partitions are rolled up into their table
    const names = s.database.largestTables.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => /^telemetry_/.test(n))).toEqual([]);
    const bytes = s.database.largestTables.map((t) => t.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
    // the job queue's own counts: a job sent now is waiting (or already taken)
    const jobsBefore = s.jobs;
    await app.jobs.send('monitor-test-idle', { n: 1 });
    await pastSampling();
    const jobsAfter = (await snapshot()).jobs;
    expect(jobsAfter.waiting + jobsAfter.active).toBe(jobsBefore.waiting + jobsBefore.active + 1);
  });

  it('serves the same figures at /metrics in Prometheus text', async () => {
    const s = await snapshot();
    const res = await app.fastify.inject({ method: 'GET', url: '/ztj-iot/metrics' });
    expect(res.statusCode).toBe(200);
    const value = (series: string): number =>
      Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(res.body)?.[1]);
    expect(value('ztj_telemetry_rows')).toBe(s.database.telemetryRows);
    expect(value('ztj_ingest_readings_stored_total')).toBe(s.ingest.readingsStoredTotal);
    expect(value('ztj_jobs{state="waiting"}')).toBe(s.jobs.waiting);
    expect(value('ztj_db_size_bytes')).toBeGreaterThan(0);
    const largest = s.database.largestTables[0]!;
    expect(value(`ztj_db_table_size_bytes{table="${largest.name}"}`)).toBe(largest.bytes);
    expect(res.body).toMatch(/^ztj_build_info\{version="\d+\.\d+\.\d+"\} 1$/m);
    if (!EXTERNAL_MQTT) expect(value('ztj_mqtt_messages_in_total')).toBe(s.broker.messagesInTotal);
  });

  it('refuses callers without monitor:view and administrators of another tenant', async () => {
    const viewer = await app.call('GET', '/sys/monitor/info', { token: fx.viewer });
    expect({ success: viewer.body.success, code: viewer.body.code }).toEqual({ success: false, code: 510 });
    const tenantAdmin = await app.call('GET', '/sys/monitor/info', {
      token: fx.otherAdmin,
      headers: { ...tenantHeader(DEMO_TENANT_ID), 'accept-language': 'en-US' },
    });
    expect({ success: tenantAdmin.body.success, code: tenantAdmin.body.code }).toEqual({ success: false, code: 510 });
    expect(tenantAdmin.body.message).toBe('Only the platform tenant can view this data');
    const anonymous = await app.call('GET', '/sys/monitor/info');
    expect(anonymous.body.success).toBe(false);
  });

  it('leaves the page out of the menu outside the platform tenant, whatever the roles grant', async () => {
    type Menu = { path: string; children?: Menu[] };
    const paths = (items: Menu[]): string[] => items.flatMap((m) => [m.path, ...paths(m.children ?? [])]);
    const menuOf = async (token: string, tenantId?: number) => {
      const res = await app.call<{ menu: Menu[]; auth: { action: string }[] }>(
        'GET',
        '/sys/permission/getUserPermissionByToken',
        { token, ...(tenantId ? { headers: tenantHeader(tenantId) } : {}) },
      );
      expect(res.body.success, res.body.message).toBe(true);
      return { paths: paths(res.body.result!.menu), auth: res.body.result!.auth.map((a) => a.action) };
    };
    const platform = await menuOf(fx.admin);
    expect(platform.paths).toContain('/modules/monitor');
    expect(platform.auth).toContain('monitor:view');
    // the demo tenant's administrator role grants every menu, the monitoring info included
    const [granted] = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id JOIN sys_user_role ur ON ur.role_id = r.id
         JOIN sys_user u ON u.id = ur.user_id WHERE u.username = 'otheradmin' AND rp.permission_id = 'modules-monitor'`,
    );
    expect(granted!.n).toBeGreaterThan(0);
    const tenant = await menuOf(fx.otherAdmin, DEMO_TENANT_ID);
    expect(tenant.paths).not.toContain('/modules/monitor');
    expect(tenant.auth).not.toContain('monitor:view');
    expect(tenant.paths).toContain('/modules/files');
  });
});
