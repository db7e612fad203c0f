import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HistoryQuerySchema } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { openDb, type Db, type Queryable } from '../../../platform/db/db';
import { MIGRATIONS_DIR, migrate, splitStatements } from '../../../platform/db/migrate';
import { deviceHistory } from '../../devices/history.repo';
import { addDevice, countTelemetry, deadLetters, uid } from '../ingest.fixtures';
import { IngestService } from '../ingest.service';
import { CopyTelemetryStore } from '../telemetry-store';
import {
  PARTITIONS_AHEAD_MONTHS,
  TelemetryPartitions,
  floorOf,
  isPartitioned,
  listPartitions,
  monthStart,
  partitionName,
  retentionHorizon,
} from './telemetry-partitions';

const DATABASE_URL = process.env.DATABASE_URL;
const DAY = 86_400_000;
const NOW = Date.now();

/** A fresh schema on DATABASE_URL, dropped by the returned close. */
async function freshSchema(): Promise<{ db: Db; close: () => Promise<void> }> {
  const schema = `parts_${crypto.randomBytes(5).toString('hex')}`;
  const db = await openDb({ url: DATABASE_URL, schema, poolSize: 4 });
  return {
    db,
    close: async () => {
      await db.query(`DROP SCHEMA "${schema}" CASCADE`);
      await db.close();
    },
  };
}

/** Migrations before 0063 in a folder of their own (an installation of the previous release). */
function migrationsBefore0063(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-migrations-'));
  for (const f of fs.readdirSync(MIGRATIONS_DIR))
    if (/^\d{4}_/.test(f) && f < '0063') fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  return dir;
}

const allRows = (q: Queryable) =>
  q.query<Record<string, unknown>>(
    `SELECT device_id, ts::text, received_at::text, lat, lng, "values" FROM telemetry ORDER BY device_id, ts`,
  );

describe('migration runner', () => {
  it('keeps a $$ body whole and splits the rest on ; at line ends', () => {
    const sql = `CREATE TABLE a (x int); -- note; here\nCREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN 1;\nEND $$;\nDO $$ BEGIN PERFORM 1;\nEND $$;\nSELECT 2`;
    expect(splitStatements(sql)).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN 1;\nEND $$',
      'DO $$ BEGIN PERFORM 1;\nEND $$',
      'SELECT 2',
    ]);
  });

  it('on PGlite leaves telemetry a plain table and creates the retention log (0063 stops at its PostgreSQL-only mark)', async () => {
    const db = await openDb({});
    try {
      await migrate(db);
      expect(await isPartitioned(db)).toBe(false);
      expect(await db.query('SELECT * FROM telemetry_retention_log')).toEqual([]);
      expect((await new TelemetryPartitions(db, { retentionMonths: 60 }).upkeep()).floor).toBe(-Infinity);
    } finally {
      await db.close();
    }
  });
});

describe('partition helpers', () => {
  it('computes UTC month bounds, names and the floor of the unbroken run of partitions', () => {
    expect(monthStart(Date.UTC(2026, 10, 25, 13), 0)).toBe(Date.UTC(2026, 10, 1));
    expect(monthStart(Date.UTC(2026, 10, 25), 3)).toBe(Date.UTC(2027, 1, 1));
    expect(partitionName(Date.UTC(2027, 1, 1))).toBe('telemetry_y2027m02');
    expect(retentionHorizon(Date.UTC(2026, 10, 25), 60)).toBe(Date.UTC(2021, 10, 1));
    const p = (y: number, m: number) => ({
      name: partitionName(Date.UTC(y, m, 1)),
      from: Date.UTC(y, m, 1),
      to: Date.UTC(y, m + 1, 1),
    });
    expect(floorOf([])).toBe(-Infinity);
    expect(floorOf([p(2026, 0), p(2026, 1), p(2026, 2)])).toBe(Date.UTC(2026, 0, 1));
    expect(floorOf([p(2025, 10), p(2026, 1), p(2026, 2)])).toBe(Date.UTC(2026, 1, 1));
  });
});

describe.skipIf(!DATABASE_URL)(
  'telemetry partitions on PostgreSQL (needs DATABASE_URL; PGlite stays unpartitioned)',
  () => {
    let s: { db: Db; close: () => Promise<void> };
    const old = Date.UTC(2019, 2, 10, 8); // older than 5 years: the partition retention drops
    beforeAll(async () => {
      s = await freshSchema();
    });
    afterAll(async () => {
      await s?.close();
    });

    it('migration 0063 moves every existing row into monthly partitions, primary key kept', async () => {
      const { db } = s;
      await migrate(db, migrationsBefore0063());
      expect(await isPartitioned(db)).toBe(false);
      const times = [old, old + 1, Date.UTC(2024, 5, 30, 23, 59, 59, 999), Date.UTC(2024, 6, 1), NOW - 3 * DAY, NOW];
      for (const [i, ts] of times.entries()) {
        await db.query(
          `INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values") VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
          [
            `MIG-${i % 2}`,
            ts,
            ts + 150,
            i % 3 ? 31.2 + i : null,
            i % 3 ? 121.4 : null,
            JSON.stringify({ P003: -18.5 + i, P039: i % 2 === 0, note: `r${i}` }),
          ],
        );
      }
      const before = await allRows(db);

      expect(await migrate(db)).toContain('0063_telemetry_partitions.sql');
      expect(await isPartitioned(db)).toBe(true);
      expect(await allRows(db)).toEqual(before);
      expect(before).toHaveLength(times.length);
      const names = (await listPartitions(db)).map((p) => p.name);
      for (const ts of [
        old,
        Date.UTC(2024, 5, 1),
        Date.UTC(2024, 6, 1),
        NOW,
        monthStart(NOW, PARTITIONS_AHEAD_MONTHS),
        retentionHorizon(NOW, 60),
      ]) {
        expect(names).toContain(partitionName(ts));
      }
      const [where] = await db.query<{ part: string }>(
        `SELECT tableoid::regclass::text AS part FROM telemetry WHERE ts = $1`,
        [Date.UTC(2024, 6, 1)],
      );
      expect(where?.part).toBe('telemetry_y2024m07');
      // the primary key (device_id, ts) still makes the ingest's upsert idempotent
      const again = await db.query(
        `INSERT INTO telemetry (device_id, ts, received_at, "values") VALUES ('MIG-0', $1, 0, '{}') ON CONFLICT (device_id, ts) DO NOTHING RETURNING 1`,
        [old],
      );
      expect(again).toEqual([]);
    });

    it('upkeep drops partitions older than the retention, logging each, and creates the months ahead', async () => {
      const { db } = s;
      const parts = new TelemetryPartitions(db, { retentionMonths: 60, now: () => NOW });
      const first = await parts.upkeep();
      expect(first.created).toEqual([]);
      expect(first.dropped.map((d) => d.name)).toEqual(['telemetry_y2019m03']);
      expect(first.dropped[0]).toMatchObject({ from: Date.UTC(2019, 2, 1), to: Date.UTC(2019, 3, 1), rows: 2 });
      const log = await db.query<{
        partition_name: string;
        range_from: string;
        range_to: string;
        row_count: string;
        dropped_at: string;
      }>('SELECT * FROM telemetry_retention_log ORDER BY id');
      expect(log.map((l) => [l.partition_name, Number(l.range_from), Number(l.range_to), Number(l.row_count)])).toEqual(
        [['telemetry_y2019m03', Date.UTC(2019, 2, 1), Date.UTC(2019, 3, 1), 2]],
      );
      expect(Number(log[0]!.dropped_at)).toBe(NOW);
      expect(first.floor).toBe(retentionHorizon(NOW, 60));
      expect(parts.floor.minTs).toBe(retentionHorizon(NOW, 60));
      expect(await db.query('SELECT 1 FROM telemetry WHERE ts < $1', [retentionHorizon(NOW, 60)])).toEqual([]);

      // two months later: two new months ahead, the two oldest months gone
      const later = monthStart(NOW, 2) + 5 * DAY;
      const second = await new TelemetryPartitions(db, { retentionMonths: 60, now: () => later }).upkeep();
      expect(second.created).toEqual([partitionName(monthStart(NOW, 4)), partitionName(monthStart(NOW, 5))]);
      expect(second.dropped.map((d) => d.name)).toEqual([
        partitionName(monthStart(NOW, -60)),
        partitionName(monthStart(NOW, -59)),
      ]);
      const list = await listPartitions(db);
      expect(list[0]!.from).toBe(retentionHorizon(later, 60));
      expect(list[list.length - 1]!.name).toBe(partitionName(monthStart(later, PARTITIONS_AHEAD_MONTHS)));
      expect(list).toHaveLength(60 + 1 + PARTITIONS_AHEAD_MONTHS);
    });

    it('upkeep is idempotent and safe when two processes run it at once', async () => {
      const { db } = s;
      const other = await openDb({
        url: DATABASE_URL,
        schema: (await db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s,
        poolSize: 2,
      });
      try {
        const later = monthStart(NOW, 6) + DAY;
        const logBefore = (await db.query('SELECT 1 FROM telemetry_retention_log')).length;
        const [a, b] = await Promise.all([
          new TelemetryPartitions(db, { retentionMonths: 60, now: () => later }).upkeep(),
          new TelemetryPartitions(other, { retentionMonths: 60, now: () => later }).upkeep(),
        ]);
        const created = [...a.created, ...b.created].sort();
        expect(created).toEqual([
          partitionName(monthStart(NOW, 6)),
          partitionName(monthStart(NOW, 7)),
          partitionName(monthStart(NOW, 8)),
          partitionName(monthStart(NOW, 9)),
        ]);
        const dropped = [...a.dropped, ...b.dropped].map((d) => d.name).sort();
        expect(dropped).toEqual([-58, -57, -56, -55].map((m) => partitionName(monthStart(NOW, m))));
        expect((await db.query('SELECT 1 FROM telemetry_retention_log')).length).toBe(logBefore + 4);
        expect(a.floor).toBe(retentionHorizon(later, 60));
        expect(b.floor).toBe(a.floor);

        const third = await new TelemetryPartitions(other, { retentionMonths: 60, now: () => later }).upkeep();
        expect(third).toEqual({ created: [], dropped: [], floor: a.floor });
      } finally {
        await other.close();
      }
    });
  },
);

describe.skipIf(!DATABASE_URL)('ingest and history on partitioned telemetry (needs DATABASE_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a reading older than the oldest partition becomes a beforeRetention dead letter; the rest of its batch is stored', async () => {
    // the partitions as the app's start-up upkeep left them, minus the month two months back (as if
    // they began last month): the unbroken run ends the floor at last month's start
    const gap = monthStart(NOW, -2);
    await app.db.query(`DROP TABLE ${partitionName(gap)}`);
    const parts = new TelemetryPartitions(app.db, { retentionMonths: 60 });
    expect(await parts.refreshFloor()).toBe(monthStart(NOW, -1));
    const orphan = gap + 3 * DAY;
    expect(orphan).toBeGreaterThan(NOW - 89 * DAY); // within the back-fill window: not 'tooOld'
    await expect(
      app.db.query(`INSERT INTO telemetry (device_id, ts, received_at, "values") VALUES ('X', $1, $1, '{}')`, [orphan]),
    ).rejects.toThrow(/no partition/);

    const id = uid('PART');
    await addDevice(app, { id });
    await app.devices.registry.get(id);
    const store = new CopyTelemetryStore(app.config.databaseUrl!, app.config.databaseSchema);
    const ingest = new IngestService(app.db, app.devices.registry, store, undefined, {
      flushMs: 60_000,
      telemetryFloor: parts.floor,
    });
    try {
      const times = [NOW - 2 * DAY, orphan, monthStart(NOW, -1), NOW - 60_000];
      for (const [i, ts] of times.entries())
        ingest.take({ source: 'test', channel: 'telemetry', id, payload: JSON.stringify({ ts, values: { P003: i } }) });
      await ingest.flush();
      expect(ingest.stats.stored).toBe(3);
      expect(ingest.stats.dead).toEqual({ beforeRetention: 1 });
      expect(await countTelemetry(app, id)).toBe(3);
      expect(await deadLetters(app, id)).toEqual([{ reason: 'beforeRetention', source: 'test' }]);
      const [counter] = await app.db.query<{ value: string }>(
        `SELECT value FROM ingest_counter WHERE name = 'dead:beforeRetention'`,
      );
      expect(Number(counter?.value)).toBe(1);
    } finally {
      await ingest.stop();
      await store.close();
    }
  });

  it('a 7-day history query reads only the partition(s) of its range (EXPLAIN of the API queries)', async () => {
    const id = uid('PRUNE');
    const months = [-3, -2, -1, 0].map((m) => monthStart(NOW, m)).filter((m) => m !== monthStart(NOW, -2));
    await app.db.query(
      `INSERT INTO telemetry (device_id, ts, received_at, "values")
       SELECT $1, t, t, jsonb_build_object('P003', (t / 1000) % 40 - 20) FROM unnest($2::bigint[]) AS u(m), generate_series(u.m, u.m + 27 * 86400000::bigint, 3600000) AS t`,
      [id, months],
    );
    /** The tables each query of `deviceHistory` scans, by EXPLAIN with the same SQL and parameters. */
    const scanned = async (query: Record<string, unknown>, now: number): Promise<string[][]> => {
      const plans: string[][] = [];
      const explaining: Queryable = {
        async query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
          const [plan] = await app.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
          const tables = new Set<string>();
          JSON.stringify(plan!['QUERY PLAN'], (k, v: unknown) => {
            if (k === 'Relation Name' && typeof v === 'string') tables.add(v);
            return v;
          });
          plans.push([...tables].sort());
          return app.db.query<T>(sql, params);
        },
      };
      const r = await deviceHistory(explaining, id, HistoryQuerySchema.parse({ id, ...query }), now);
      expect(r.total + r.series.length).toBeGreaterThan(0);
      return plans;
    };
    const last = monthStart(NOW, -1);
    // "last 7 days" ending mid-month: one partition, in table mode (count + page) and chart mode
    for (const mode of ['table', 'chart']) {
      const plans = await scanned({ mode, range: '7d' }, last + 20 * DAY);
      expect(plans.length).toBeGreaterThan(0);
      for (const p of plans) expect(p).toEqual([partitionName(last)]);
    }
    // a custom 7-day range over a month's end: the two months' partitions only
    const begin = monthStart(NOW, 0) - 3 * DAY;
    for (const p of await scanned(
      { mode: 'table', range: 'custom', beginTime: begin, endTime: begin + 7 * DAY },
      NOW,
    )) {
      expect(p).toEqual([partitionName(last), partitionName(NOW)].sort());
    }
    expect((await listPartitions(app.db)).length).toBeGreaterThan(60);
  });
});
