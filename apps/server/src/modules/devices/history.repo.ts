import { getParameter, type HistoryQuery, type HistoryResult, type HistorySeries } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { page, readingsOf } from './devices.repo';

const DAY = 86_400_000;

/**
 * The time range of a history query (SPEC §9 ranges), ms: today since local midnight of the
 * server (or of `tzOffsetMin`), last 3/5/7 days back from now, or custom `beginTime`..`endTime`.
 */
export function historyRange(
  q: Pick<HistoryQuery, 'range' | 'beginTime' | 'endTime'>,
  now = Date.now(),
): { begin: number; end: number } {
  if (q.range === 'custom' || (q.beginTime !== undefined && q.endTime !== undefined)) {
    if (q.beginTime === undefined || q.endTime === undefined || q.endTime <= q.beginTime)
      throw new AppError('badRequest', 'historyRangeInvalid');
    return { begin: q.beginTime, end: q.endTime };
  }
  if (q.range === 'today') {
    const d = new Date(now);
    d.setHours(0, 0, 0, 0);
    return { begin: d.getTime(), end: now };
  }
  const days = Number(q.range.replace('d', ''));
  return { begin: now - days * DAY, end: now };
}

interface HistoryRowDb {
  ts: number | string;
  received_at: number | string;
  lat: number | null;
  lng: number | null;
  values: Record<string, number | boolean | string>;
}

/**
 * `device/viewHisCommon`: table mode pages the readings newest first; chart mode returns one
 * series per numeric parameter with at most `points` points: the raw readings when few enough,
 * otherwise min/max buckets computed in SQL (⌊points/2⌋ equal time buckets, each giving its minimum
 * and maximum at their own times, so extremes survive downsampling). See {@link chartSeries}.
 */
export async function deviceHistory(
  q: Queryable,
  deviceId: string,
  query: HistoryQuery,
  now = Date.now(),
): Promise<HistoryResult> {
  const { begin, end } = historyRange(query, now);
  const base = { beginTime: begin, endTime: end, mode: query.mode };
  if (query.mode === 'table') {
    const [c] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3',
      [deviceId, begin, end],
    );
    const rows = await q.query<HistoryRowDb>(
      `SELECT ts, received_at, lat, lng, "values" FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3
       ORDER BY ts DESC LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
      [deviceId, begin, end],
    );
    const records = rows.map((r) => ({
      ts: Number(r.ts),
      receivedAt: Number(r.received_at),
      lat: r.lat,
      lng: r.lng,
      values: readingsOf(r.values),
    }));
    return { ...base, ...page(records, c?.n ?? 0, query.pageNo, query.pageSize), series: [] };
  }
  const codes = query.codes
    ? [
        ...new Set(
          query.codes
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : null;
  return {
    ...base,
    records: [],
    total: 0,
    size: 0,
    current: 1,
    pages: 0,
    series: await chartSeries(q, deviceId, begin, end, query.points, codes),
  };
}

interface PointRow {
  key: string;
  ts: number | string;
  v: number;
}
interface BucketRow {
  key: string;
  n: number;
  /** `[min value, its time]` (earliest time among equal minima). */
  mn: number[];
  /** `[max value, −its time]` (earliest time among equal maxima). */
  mx: number[];
}

/**
 * Numeric values of the readings of `$1` between `$2` and `$3` as rows `(key, ts, v)`. With codes,
 * each asked code is read straight from the document (`values -> code`, no expansion of the whole
 * document); without, every numeric entry (`jsonb_each`).
 */
const numericValues = (withCodes: boolean): string =>
  withCodes
    ? `SELECT c.key, t.ts, (t."values" -> c.key)::float8 AS v
         FROM telemetry t CROSS JOIN unnest($4::text[]) AS c(key)
        WHERE t.device_id = $1 AND t.ts BETWEEN $2 AND $3 AND jsonb_typeof(t."values" -> c.key) = 'number'`
    : `SELECT kv.key, t.ts, (kv.value)::float8 AS v
         FROM telemetry t, jsonb_each(t."values") kv
        WHERE t.device_id = $1 AND t.ts BETWEEN $2 AND $3 AND jsonb_typeof(kv.value) = 'number' AND $4::text[] IS NULL`;

/**
 * {@link numericValues} kept as its own step (`OFFSET 0`), so each value is taken out of its
 * document once, during the scan: flattened into the bucket query, PostgreSQL carried the whole
 * document through the sort and took the value out again for each aggregate.
 */
const numericValuesOnce = (withCodes: boolean): string => `${numericValues(withCodes)} OFFSET 0`;

/**
 * Chart series in one pass over the range (the cost of a long range is this scan): ⌊points/2⌋
 * equal time buckets per parameter with their count, minimum and maximum (each at its own time,
 * the earliest on ties). A parameter with at most `maxPoints` readings is then read raw (a short
 * scan, since it has few readings); the others keep their buckets' extremes.
 */
async function chartSeries(
  q: Queryable,
  deviceId: string,
  begin: number,
  end: number,
  maxPoints: number,
  codes: string[] | null,
): Promise<HistorySeries[]> {
  const source = numericValuesOnce(codes !== null);
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const rows = await q.query<BucketRow>(
    `SELECT key, count(*)::int AS n, min(ARRAY[v, ts::float8]) AS mn, max(ARRAY[v, -ts::float8]) AS mx
       FROM (SELECT s.key, s.ts, s.v, width_bucket(s.ts::float8, $2::float8, $3::float8 + 1, $5) AS b FROM (${source}) s) x
      GROUP BY key, b ORDER BY key, b`,
    [deviceId, begin, end, codes, buckets],
  );
  const byKey = new Map<string, { n: number; points: [number, number][] }>();
  for (const r of rows) {
    const entry = byKey.get(r.key) ?? byKey.set(r.key, { n: 0, points: [] }).get(r.key)!;
    entry.n += r.n;
    const a: [number, number] = [Number(r.mn[1]), Number(r.mn[0])];
    const b: [number, number] = [-Number(r.mx[1]), Number(r.mx[0])];
    if (a[0] === b[0]) entry.points.push(a);
    else entry.points.push(...(a[0] < b[0] ? [a, b] : [b, a]));
  }
  const series: HistorySeries[] = [];
  const small: string[] = [];
  for (const [code, { n, points }] of byKey) {
    if (n <= maxPoints) small.push(code);
    else series.push({ code, unit: getParameter(code)?.unit ?? '', downsampled: true, points });
  }
  if (small.length) {
    const raw = await q.query<PointRow>(`SELECT key, ts, v FROM (${numericValues(true)}) s ORDER BY key, ts`, [
      deviceId,
      begin,
      end,
      small,
    ]);
    const by = new Map<string, [number, number][]>();
    for (const r of raw) (by.get(r.key) ?? by.set(r.key, []).get(r.key)!).push([Number(r.ts), r.v]);
    for (const [code, points] of by)
      series.push({ code, unit: getParameter(code)?.unit ?? '', downsampled: false, points });
  }
  return series.sort((a, b) => (a.code < b.code ? -1 : 1));
}

/** Positions of a device between two times, WGS-84, time order, at most 20,000. */
export async function deviceTrack(
  q: Queryable,
  deviceId: string,
  begin: number,
  end: number,
): Promise<{ ts: number; lat: number; lng: number }[]> {
  if (end <= begin) throw new AppError('badRequest', 'historyRangeInvalid');
  const rows = await q.query<{ ts: number | string; lat: number; lng: number }>(
    `SELECT ts, lat, lng FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3 AND lat IS NOT NULL ORDER BY ts LIMIT 20000`,
    [deviceId, begin, end],
  );
  return rows.map((r) => ({ ts: Number(r.ts), lat: r.lat, lng: r.lng }));
}
