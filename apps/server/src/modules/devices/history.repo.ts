import { getParameter, type HistoryQuery, type HistoryResult, type HistorySeries } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { page, readingsOf } from './devices.repo';

const DAY = 86_400_000;

/**
 * The time range of a history query (SPEC §9 ranges), ms: today since local midnight of the
 * server (or of `tzOffsetMin`), last 3/5/7 days back from now, or custom `beginTime`..`endTime`.
 */
export function historyRange(q: Pick<HistoryQuery, 'range' | 'beginTime' | 'endTime'>, now = Date.now()): { begin: number; end: number } {
  if (q.range === 'custom' || (q.beginTime !== undefined && q.endTime !== undefined)) {
    if (q.beginTime === undefined || q.endTime === undefined || q.endTime <= q.beginTime) throw new AppError('badRequest', 'historyRangeInvalid');
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
 * and maximum at their own times, so extremes survive downsampling).
 */
export async function deviceHistory(q: Queryable, deviceId: string, query: HistoryQuery, now = Date.now()): Promise<HistoryResult> {
  const { begin, end } = historyRange(query, now);
  const base = { beginTime: begin, endTime: end, mode: query.mode };
  if (query.mode === 'table') {
    const [c] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3', [deviceId, begin, end]);
    const rows = await q.query<HistoryRowDb>(
      `SELECT ts, received_at, lat, lng, "values" FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3
       ORDER BY ts DESC LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
      [deviceId, begin, end],
    );
    const records = rows.map((r) => ({ ts: Number(r.ts), receivedAt: Number(r.received_at), lat: r.lat, lng: r.lng, values: readingsOf(r.values) }));
    return { ...base, ...page(records, c?.n ?? 0, query.pageNo, query.pageSize), series: [] };
  }
  const codes = query.codes ? query.codes.split(',').map((s) => s.trim()).filter(Boolean) : null;
  return { ...base, records: [], total: 0, size: 0, current: 1, pages: 0, series: await chartSeries(q, deviceId, begin, end, query.points, codes) };
}

interface PointRow {
  key: string;
  ts: number | string;
  v: number;
}
interface BucketRow {
  key: string;
  n: number;
  min_ts: number | string;
  min_v: number;
  max_ts: number | string;
  max_v: number;
}

async function chartSeries(q: Queryable, deviceId: string, begin: number, end: number, maxPoints: number, codes: string[] | null): Promise<HistorySeries[]> {
  const numeric = `FROM telemetry t, jsonb_each(t."values") kv
     WHERE t.device_id = $1 AND t.ts BETWEEN $2 AND $3 AND jsonb_typeof(kv.value) = 'number' AND ($4::text[] IS NULL OR kv.key = ANY($4::text[]))`;
  const counts = await q.query<{ key: string; n: number }>(`SELECT kv.key, count(*)::int AS n ${numeric} GROUP BY kv.key`, [deviceId, begin, end, codes]);
  const series: HistorySeries[] = [];
  const small = counts.filter((c) => c.n <= maxPoints).map((c) => c.key);
  const large = counts.filter((c) => c.n > maxPoints).map((c) => c.key);
  if (small.length) {
    const rows = await q.query<PointRow>(`SELECT kv.key, t.ts, (kv.value)::float8 AS v ${numeric} ORDER BY kv.key, t.ts`, [deviceId, begin, end, small]);
    const by = new Map<string, [number, number][]>();
    for (const r of rows) (by.get(r.key) ?? by.set(r.key, []).get(r.key)!).push([Number(r.ts), r.v]);
    for (const [code, points] of by) series.push({ code, unit: getParameter(code)?.unit ?? '', downsampled: false, points });
  }
  if (large.length) {
    const buckets = Math.max(1, Math.floor(maxPoints / 2));
    const rows = await q.query<BucketRow>(
      `SELECT key, count(*)::int AS n,
              (array_agg(ts ORDER BY v ASC, ts))[1] AS min_ts, min(v) AS min_v,
              (array_agg(ts ORDER BY v DESC, ts))[1] AS max_ts, max(v) AS max_v
         FROM (SELECT kv.key, t.ts, (kv.value)::float8 AS v, width_bucket(t.ts::float8, $2::float8, $3::float8 + 1, $5) AS b ${numeric}) s
        GROUP BY key, b ORDER BY key, b`,
      [deviceId, begin, end, large, buckets],
    );
    const by = new Map<string, [number, number][]>();
    for (const r of rows) {
      const list = by.get(r.key) ?? by.set(r.key, []).get(r.key)!;
      const a: [number, number] = [Number(r.min_ts), r.min_v];
      const b: [number, number] = [Number(r.max_ts), r.max_v];
      if (a[0] === b[0]) list.push(a);
      else list.push(...(a[0] < b[0] ? [a, b] : [b, a]));
    }
    for (const [code, points] of by) series.push({ code, unit: getParameter(code)?.unit ?? '', downsampled: true, points });
  }
  return series.sort((a, b) => (a.code < b.code ? -1 : 1));
}

/** Positions of a device between two times, WGS-84, time order, at most 20,000. */
export async function deviceTrack(q: Queryable, deviceId: string, begin: number, end: number): Promise<{ ts: number; lat: number; lng: number }[]> {
  if (end <= begin) throw new AppError('badRequest', 'historyRangeInvalid');
  const rows = await q.query<{ ts: number | string; lat: number; lng: number }>(
    `SELECT ts, lat, lng FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3 AND lat IS NOT NULL ORDER BY ts LIMIT 20000`,
    [deviceId, begin, end],
  );
  return rows.map((r) => ({ ts: Number(r.ts), lat: r.lat, lng: r.lng }));
}
