// @module-tag embedded: where a migration keeps updated rows on PGlite (one connection, no other snapshots)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { SqlTelemetryStore, type TelemetryRow } from './telemetry-store';

/**
 * Migration 0094: the per-batch updates of `device` and `device_latest` keep each
 * row on its page (heap-only tuples), so a fleet reporting all day rewrites no index entries and
 * does not spread its rows over new pages. Checked by where the rows live (`ctid` block) before
 * and after a batch that updates every device: without the free room of the migration every
 * updated row moves to another page. One update per row only: a second one needs the first's old
 * version pruned, which waits for every older snapshot of the database to end (other test files
 * run transactions beside this one).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const DEVICES = 120;

/** Block number of each row of `table` whose key starts with `prefix`, by key. */
async function blocks(table: 'device' | 'device_latest', prefix: string): Promise<Map<string, number>> {
  const key = table === 'device' ? 'dev_no' : 'device_id';
  const rows = await app.db.query<{ id: string; block: string }>(
    `SELECT ${key} AS id, split_part(trim(both '()' from ctid::text), ',', 1) AS block FROM ${table} WHERE ${key} LIKE $1`,
    [`${prefix}%`],
  );
  return new Map(rows.map((r) => [r.id, Number(r.block)]));
}

describe('device rows updated by every ingest batch', () => {
  it('stay on their pages when a batch updates them', async () => {
    const prefix = `HOT-${Date.now()}-`;
    const ids = Array.from({ length: DEVICES }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
    // devices that reported before: an update then writes a row version of the same size (the
    // first report of a new device makes its row larger, which is not what a fleet does all day)
    await app.db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash, last_ts, last_received_at, last_lat, last_lng, power, signal)
       SELECT id, $2, id, 'P23-2IN1', 'terminal', repeat('0', 64), 0, 0, 0, 0, 0, 0 FROM unnest($1::text[]) AS u(id)`,
      [ids, DEMO_TENANT_ID],
    );
    const store = new SqlTelemetryStore(app.db);
    const batch = (ts: number): TelemetryRow[] =>
      ids.map((deviceId, i) => {
        const values = { P003: -18 + (i % 10) / 10, P004: 60, P005: 80, P012: -70 };
        return {
          deviceId,
          tenantId: DEMO_TENANT_ID,
          ts,
          receivedAt: ts,
          lat: 41.8,
          lng: 123.4,
          values,
          valuesJson: JSON.stringify(values),
        };
      });
    const t0 = Date.now() - 3_600_000;
    const devicesInserted = await blocks('device', prefix);
    await store.write(batch(t0), []); // updates each device row once, inserts its latest row
    const devicesUpdated = await blocks('device', prefix);
    const latestInserted = await blocks('device_latest', prefix);
    await store.write(batch(t0 + 60_000), []); // updates each latest row once
    const latestUpdated = await blocks('device_latest', prefix);

    // every row was rewritten: the newest batch is what the rows hold
    const [dev] = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM device WHERE dev_no LIKE $1 AND last_ts = $2',
      [`${prefix}%`, t0 + 60_000],
    );
    expect(dev!.n).toBe(DEVICES);
    const [latest] = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM device_latest WHERE device_id LIKE $1 AND ts = $2',
      [`${prefix}%`, t0 + 60_000],
    );
    expect(latest!.n).toBe(DEVICES);

    const stayed = (b: Map<string, number>, a: Map<string, number>): number =>
      ids.filter((id) => b.get(id) === a.get(id)).length;
    expect(stayed(devicesInserted, devicesUpdated)).toBeGreaterThanOrEqual(DEVICES * 0.9);
    expect(stayed(latestInserted, latestUpdated)).toBeGreaterThanOrEqual(DEVICES * 0.9);
  });
});
