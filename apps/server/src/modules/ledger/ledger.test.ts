// @module-tag embedded: the hash chain over ingest batches, and the retention drop on PGlite's unpartitioned table
import { topics, type LedgerChainReport, type LedgerVerify } from '@ztj/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, tenantHeader, type AdminFixtures } from '../../../test/admin-fixtures';
import type { TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import {
  addDevice,
  connectDevice,
  countTelemetry,
  createDeviceTestApp,
  uid,
  waitFor,
} from '../telemetry/ingest.fixtures';
import { TelemetryPartitions, monthStart, partitionName } from '../telemetry/partitions/telemetry-partitions';
import { SqlTelemetryStore } from '../telemetry/telemetry-store';

/**
 * Hash-chain verification over real ingest batches: intact, a reading changed
 * with direct SQL is the first broken link (and mends when changed back), a retention drop is a
 * documented gap, the verification is refused across tenants and without the permission.
 */

let app: TestApp;
let fx: AdminFixtures;
const devices = [uid('LG'), uid('LG')];
const clients: MqttClient[] = [];

const verify = async (
  token = fx.otherAdmin,
  headers: Record<string, string> = tenantHeader(DEMO_TENANT_ID),
): Promise<LedgerVerify> => {
  const res = await app.call<LedgerVerify>('GET', '/sys/ledger/verify', { token, headers });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result;
};
const chainOf = (v: LedgerVerify, chain: LedgerChainReport['chain']): LedgerChainReport =>
  v.chains.find((c) => c.chain === chain)!;

/** Publishes one reading per device and waits until the batch holding them is committed. */
async function round(ts: number, value: number): Promise<void> {
  const before = await Promise.all(devices.map((d) => countTelemetry(app, d)));
  await Promise.all(
    clients.map((c, i) =>
      c.publishAsync(
        topics.telemetry(devices[i]!),
        JSON.stringify({ ts, lat: 31.2 + i / 10, lng: 121.5, values: { P003: value + i, P004: 60 } }),
        { qos: 1 },
      ),
    ),
  );
  await waitFor(async () =>
    (await Promise.all(devices.map((d) => countTelemetry(app, d)))).every((n, i) => n === before[i]! + 1),
  );
  await app.devices.ingest.flush();
}

beforeAll(async () => {
  app = await createDeviceTestApp();
  fx = await adminFixtures(app);
  for (const id of devices) clients.push(await connectDevice(app, id, await addDevice(app, { id })));
  const t0 = Date.now() - 60_000;
  for (let i = 0; i < 3; i++) await round(t0 + i * 1000, -18 + i);
});
afterAll(async () => {
  for (const c of clients) await c.endAsync().catch(() => undefined);
  await app?.close();
});

describe('ledger verification (integration)', () => {
  it('chains every committed batch of the tenant and says intact', async () => {
    const v = await verify();
    expect(v.tenantId).toBe(DEMO_TENANT_ID);
    expect(v.intact).toBe(true);
    const t = chainOf(v, 'telemetry');
    expect(t.entries).toBeGreaterThanOrEqual(3);
    expect(t.rows).toBe(6);
    expect(t.firstBreak).toBeNull();
    const linked = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM telemetry t JOIN ledger_entry e ON e.id = t.ledger_id WHERE e.tenant_id = $1 AND t.device_id = ANY($2)',
      [DEMO_TENANT_ID, devices],
    );
    expect(linked[0]!.n).toBe(6);
  });

  it('reports a reading changed with direct SQL as the first broken link, and intact once restored', async () => {
    const [row] = await app.db.query<{ ts: string; values: unknown; ledger_id: string }>(
      'SELECT ts::text AS ts, "values", ledger_id::text AS ledger_id FROM telemetry WHERE device_id = $1 ORDER BY ts LIMIT 1 OFFSET 1',
      [devices[0]],
    );
    await app.db.query(
      `UPDATE telemetry SET "values" = jsonb_set("values", '{P003}', '-30') WHERE device_id = $1 AND ts = $2`,
      [devices[0], row!.ts],
    );
    const broken = chainOf(await verify(), 'telemetry');
    expect(broken.intact).toBe(false);
    expect(broken.firstBreak).toMatchObject({ problem: 'rowChanged', entryId: row!.ledger_id });
    expect(broken.firstBreak!.expected).not.toBe(broken.firstBreak!.found);
    expect(broken.firstBreak!.time).toBeGreaterThan(0);
    await app.db.query('UPDATE telemetry SET "values" = $3::jsonb WHERE device_id = $1 AND ts = $2', [
      devices[0],
      row!.ts,
      JSON.stringify(row!.values),
    ]);
    expect(chainOf(await verify(), 'telemetry').intact).toBe(true);
  });

  it('reports a deleted reading, a changed entry and a reading inserted around the ledger', async () => {
    const [row] = await app.db.query<{
      device_id: string;
      ts: string;
      received_at: string;
      lat: number;
      lng: number;
      values: unknown;
      ledger_id: string;
    }>(
      'SELECT device_id, ts::text AS ts, received_at::text AS received_at, lat, lng, "values", ledger_id::text AS ledger_id FROM telemetry WHERE device_id = $1 ORDER BY ts LIMIT 1',
      [devices[1]],
    );
    await app.db.query('DELETE FROM telemetry WHERE device_id = $1 AND ts = $2', [row!.device_id, row!.ts]);
    expect(chainOf(await verify(), 'telemetry').firstBreak).toMatchObject({
      problem: 'rowChanged',
      entryId: row!.ledger_id,
    });
    await app.db.query(
      'INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values", ledger_id) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)',
      [row!.device_id, row!.ts, row!.received_at, row!.lat, row!.lng, JSON.stringify(row!.values), row!.ledger_id],
    );
    expect((await verify()).intact).toBe(true);

    await app.db.query('UPDATE ledger_entry SET row_count = row_count + 1 WHERE id = $1', [row!.ledger_id]);
    expect(chainOf(await verify(), 'telemetry').firstBreak).toMatchObject({
      problem: 'entryHash',
      entryId: row!.ledger_id,
    });
    await app.db.query('UPDATE ledger_entry SET row_count = row_count - 1 WHERE id = $1', [row!.ledger_id]);

    const ts = Date.now() - 30_000;
    await app.db.query(
      `INSERT INTO telemetry (device_id, ts, received_at, "values") VALUES ($1, $2, $3, '{"P003": 1}')`,
      [devices[1], ts, Date.now()],
    );
    expect(chainOf(await verify(), 'telemetry').firstBreak).toMatchObject({
      problem: 'unlinked',
      ref: `${devices[1]}@${ts}`,
    });
    await app.db.query('DELETE FROM telemetry WHERE device_id = $1 AND ts = $2', [devices[1], ts]);
    expect((await verify()).intact).toBe(true);
  });

  it('records a retention drop in the chain as a documented gap, not a break', async () => {
    // readings of a month 40 months back, stored as one chained batch (the ingest refuses such old ones)
    const from = monthStart(Date.now(), -40);
    const to = monthStart(from, 1);
    const store = new SqlTelemetryStore(app.db);
    const rows = [0, 1].map((i) => ({
      deviceId: devices[0]!,
      tenantId: DEMO_TENANT_ID,
      ts: from + 3600_000 * (i + 1),
      receivedAt: Date.now(),
      lat: null,
      lng: null,
      values: { P003: 4 },
      valuesJson: '{"P003": 4}',
    }));
    expect((await store.write(rows, [])).stored).toBe(2);
    if (app.db.kind === 'postgres') {
      // the real upkeep: retention of 39 months drops that partition (this test's own schema)
      const r = await new TelemetryPartitions(app.db, { retentionMonths: 39 }).upkeep();
      expect(r.dropped.map((d) => d.name)).toContain(partitionName(from));
    } else {
      // PGlite keeps one table: the same drop by hand (copy of the range as the "partition")
      const name = partitionName(from);
      await app.db.tx(async (q) => {
        await q.query(`CREATE TABLE ${name} AS SELECT * FROM telemetry WHERE ts >= $1 AND ts < $2`, [from, to]);
        await q.query('SELECT ledger_record_retention($1, $2, $3)', [name, from, to]);
        await q.query('DELETE FROM telemetry WHERE ts >= $1 AND ts < $2', [from, to]);
        await q.query(`DROP TABLE ${name}`);
      });
    }
    const t = chainOf(await verify(), 'telemetry');
    expect(t.firstBreak).toBeNull();
    expect(t.gaps).toContainEqual(expect.objectContaining({ partition: partitionName(from), from, to, rows: 2 }));
    expect(t.pruned).toBe(1);
    const [entry] = await app.db.query<{ kind: string; row_count: number }>(
      "SELECT kind, row_count FROM ledger_entry WHERE tenant_id = $1 AND chain = 'telemetry' AND ref = $2",
      [DEMO_TENANT_ID, partitionName(from)],
    );
    expect(entry).toEqual({ kind: 'retention', row_count: 2 });
  });

  it('verifies only the caller’s tenant and refuses other tenants and callers without the permission', async () => {
    const platform = await verify(fx.admin, tenantHeader(PLATFORM_TENANT_ID));
    expect(platform.tenantId).toBe(PLATFORM_TENANT_ID);
    expect(chainOf(platform, 'telemetry').entries).toBe(0);
    const foreign = await app.call('GET', '/sys/ledger/verify', {
      token: fx.otherAdmin,
      headers: tenantHeader(PLATFORM_TENANT_ID),
    });
    expect(foreign.body.success).toBe(false);
    const viewer = await app.call('GET', '/sys/ledger/verify', { token: fx.viewer });
    expect(viewer.body.success).toBe(false);
    expect(viewer.body.code).toBe(510);
  });
});
