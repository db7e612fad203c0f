import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../system/seed/seed';
import { SqlTelemetryStore, type TelemetryRow } from './telemetry-store';

/**
 * Migration 0094 (issue 10 speed): the per-batch updates of `device` and `device_latest` keep each
 * row on its page (heap-only tuples), so a fleet reporting all day rewrites no index entries and
 * does not spread its rows over new pages. Checked by where the rows live (`ctid` block) before
 * and after several batches that update every device: without the free room of the migration
 * every updated row moves to another page.
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
  it('stay on their pages batch after batch', async () => {
    const prefix = `HOT-${Date.now()}-`;
    const ids = Array.from({ length: DEVICES }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
    await app.db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash)
       SELECT id, $2, id, 'P23-2IN1', 'terminal', repeat('0', 64) FROM unnest($1::text[]) AS u(id)`,
      [ids, DEMO_TENANT_ID],
    );
    const store = new SqlTelemetryStore(app.db);
    const batch = (ts: number): TelemetryRow[] =>
      ids.map((deviceId, i) => {
        const values = { P003: -18 + (i % 10) / 10, P004: 60, P005: 80, P012: -70 };
        return { deviceId, tenantId: DEMO_TENANT_ID, ts, receivedAt: ts, lat: 41.8, lng: 123.4, values, valuesJson: JSON.stringify(values) };
      });
    const t0 = Date.now() - 3_600_000;
    await store.write(batch(t0), []);
    const before = { device: await blocks('device', prefix), latest: await blocks('device_latest', prefix) };
    for (let round = 1; round <= 4; round++) await store.write(batch(t0 + round * 60_000), []);
    const after = { device: await blocks('device', prefix), latest: await blocks('device_latest', prefix) };

    // every row was rewritten: the newest batch is what the rows hold
    const [dev] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE dev_no LIKE $1 AND last_ts = $2', [`${prefix}%`, t0 + 4 * 60_000]);
    expect(dev!.n).toBe(DEVICES);
    const [latest] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM device_latest WHERE device_id LIKE $1 AND ts = $2', [`${prefix}%`, t0 + 4 * 60_000]);
    expect(latest!.n).toBe(DEVICES);

    const stayed = (b: Map<string, number>, a: Map<string, number>): number => ids.filter((id) => b.get(id) === a.get(id)).length;
    expect(stayed(before.device, after.device)).toBeGreaterThanOrEqual(DEVICES * 0.9);
    expect(stayed(before.latest, after.latest)).toBeGreaterThanOrEqual(DEVICES * 0.9);
  });
});
