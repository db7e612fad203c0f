import { HistoryQuerySchema, type HistorySeries } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { uid } from '../telemetry/ingest.fixtures';
import { deviceHistory } from './history.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const T0 = 1_700_000_000_000;

async function insert(deviceId: string, rows: { ts: number; values: Record<string, unknown> }[]): Promise<void> {
  await t.db.query(
    `INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values")
     SELECT $1, ts, ts, NULL, NULL, v FROM unnest($2::bigint[], $3::jsonb[]) AS u(ts, v)`,
    [deviceId, rows.map((r) => r.ts), rows.map((r) => JSON.stringify(r.values))],
  );
}

const chart = (id: string, points: number, codes?: string, end = T0 + 999) =>
  deviceHistory(
    t.db,
    id,
    HistoryQuerySchema.parse({
      id,
      mode: 'chart',
      range: 'custom',
      beginTime: T0,
      endTime: end,
      points,
      ...(codes ? { codes } : {}),
    }),
  );

/** The min/max buckets the chart promises, computed naively: per bucket its minimum and maximum at their own (earliest) times, in time order. */
function expectedBuckets(
  readings: [number, number][],
  begin: number,
  end: number,
  buckets: number,
): [number, number][] {
  const by = new Map<number, [number, number][]>();
  for (const r of readings) {
    const b = Math.floor(((r[0] - begin) / (end + 1 - begin)) * buckets);
    (by.get(b) ?? by.set(b, []).get(b)!).push(r);
  }
  const out: [number, number][] = [];
  for (const b of [...by.keys()].sort((x, y) => x - y)) {
    const rs = by.get(b)!;
    const min = rs.reduce((m, r) => (r[1] < m[1] || (r[1] === m[1] && r[0] < m[0]) ? r : m));
    const max = rs.reduce((m, r) => (r[1] > m[1] || (r[1] === m[1] && r[0] < m[0]) ? r : m));
    if (min[0] === max[0]) out.push(min);
    else out.push(...(min[0] < max[0] ? [min, max] : [max, min]));
  }
  return out;
}

describe('device history chart series (min/max buckets in one pass)', () => {
  // 25 buckets of 40 ms over [T0, T0 + 999]; four readings per bucket, away from the bucket edges.
  const offsets = Array.from({ length: 100 }, (_, i) => 40 * Math.floor(i / 4) + [5, 15, 25, 35][i % 4]!);
  const temp = (i: number): number => (i % 4 === 1 || i % 4 === 3 ? 7 : Math.round(Math.sin(i) * 100) / 10); // ties on 7 within a bucket
  const hum = (i: number): number => 50 + (i % 9);

  it('keeps each bucket minimum and maximum at their own times (earliest on ties), per parameter', async () => {
    const id = uid('HB');
    await insert(
      id,
      offsets.map((o, i) => ({ ts: T0 + o, values: { P003: temp(i), P004: hum(i), P011: true, P999: 'text' } })),
    );
    const res = await chart(id, 50);
    expect(res.series.map((s) => s.code)).toEqual(['P003', 'P004']); // numeric ones only, code order
    for (const [code, f] of [
      ['P003', temp],
      ['P004', hum],
    ] as const) {
      const s = res.series.find((x) => x.code === code)!;
      expect(s.downsampled).toBe(true);
      expect(s.points).toEqual(
        expectedBuckets(
          offsets.map((o, i) => [T0 + o, f(i)]),
          T0,
          T0 + 999,
          25,
        ),
      );
      expect(s.points.length).toBeLessThanOrEqual(50);
    }
  });

  it('asks only the listed codes, once each, and answers the same series as without a list', async () => {
    const id = uid('HC');
    await insert(
      id,
      offsets.map((o, i) => ({ ts: T0 + o, values: { P003: temp(i), P004: hum(i) } })),
    );
    const all = await chart(id, 50);
    const one = await chart(id, 50, 'P003,P003, P003');
    expect(one.series).toEqual(all.series.filter((s) => s.code === 'P003'));
  });

  it('returns the raw readings of a parameter with few enough of them, next to a downsampled one', async () => {
    const id = uid('HR');
    // P003 on every reading (100 > 60 points), P005 on every tenth (10 ≤ 60): P005 stays raw.
    await insert(
      id,
      offsets.map((o, i) => ({
        ts: T0 + o,
        values: { P003: temp(i), ...(i % 10 === 0 ? { P005: 90 - i / 10 } : {}) },
      })),
    );
    const res = await chart(id, 60);
    const byCode = Object.fromEntries(res.series.map((s) => [s.code, s])) as Record<string, HistorySeries>;
    expect(byCode.P003!.downsampled).toBe(true);
    expect(byCode.P005).toEqual({
      code: 'P005',
      unit: '%',
      downsampled: false,
      points: offsets.flatMap((o, i) => (i % 10 === 0 ? [[T0 + o, 90 - i / 10]] : [])),
    });
  });

  it('answers no series for a range without readings and ignores readings outside the range', async () => {
    const id = uid('HE');
    await insert(id, [
      { ts: T0 - 1, values: { P003: 1 } },
      { ts: T0 + 1000, values: { P003: 2 } },
    ]);
    expect((await chart(id, 50)).series).toEqual([]);
  });
});
