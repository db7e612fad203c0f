import crypto from 'node:crypto';
import { getParameter } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/** Readings fetched per page (keyset on `ts`): bounds the rows held as objects at once. */
export const READ_PAGE_ROWS = 5_000;

/**
 * The readings of one device over a report range as compact columns: times and
 * one Float64Array per numeric parameter, aligned with `ts` (NaN = no value in that reading).
 * 80,000 readings × 3 columns ≈ 2 MB.
 */
export interface ReadingColumns {
  ts: Float64Array;
  cols: Map<string, Float64Array>;
  count: number;
}

class Growable {
  buf: Float64Array;
  constructor(cap: number, fill = 0) {
    this.buf = new Float64Array(cap).fill(fill);
  }
  ensure(n: number): void {
    if (n <= this.buf.length) return;
    const next = new Float64Array(Math.max(n, this.buf.length * 2)).fill(Number.NaN);
    next.set(this.buf);
    this.buf = next;
  }
}

/** JSON of `values` with keys in code order (the canonical form hashed by {@link readDeviceReadings}). */
export function canonicalValues(values: Record<string, unknown>): string {
  return `{${Object.keys(values)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(values[k])}`)
    .join(',')}}`;
}

/**
 * Reads the readings of `deviceId` with `start ≤ ts ≤ end` in pages of {@link READ_PAGE_ROWS}
 * ordered by `ts`, into {@link ReadingColumns}, and feeds `hash` the canonical serialization of
 * every reading: one line `<deviceId>|<ts>|<values>\n` per reading in time order, where `<ts>` is
 * the device time in ms and `<values>` is {@link canonicalValues} of the stored values (all
 * parameters, keys sorted). A report's SHA-256 is this hash over its devices in request order, so
 * anyone holding the same rows can recompute it. Only numeric parameters become columns.
 * `onPage` gets the number of readings read so far.
 */
export async function readDeviceReadings(
  q: Queryable,
  deviceId: string,
  start: number,
  end: number,
  hash: crypto.Hash,
  onPage?: (read: number) => Promise<void>,
): Promise<ReadingColumns> {
  const ts = new Growable(1024);
  const cols = new Map<string, Growable>();
  let n = 0;
  let cursor = start - 1;
  for (;;) {
    const rows = await q.query<{ ts: number | string; values: Record<string, unknown> }>(
      `SELECT ts, "values" FROM telemetry WHERE device_id = $1 AND ts > $2 AND ts <= $3 ORDER BY ts LIMIT ${READ_PAGE_ROWS}`,
      [deviceId, cursor, end],
    );
    if (!rows.length) break;
    ts.ensure(n + rows.length);
    for (const r of rows) {
      const t = Number(r.ts);
      hash.update(`${deviceId}|${t}|${canonicalValues(r.values)}\n`);
      ts.buf[n] = t;
      for (const [code, v] of Object.entries(r.values)) {
        if (typeof v !== 'number' || getParameter(code)?.valueType !== 'number') continue;
        let col = cols.get(code);
        if (!col) cols.set(code, (col = new Growable(ts.buf.length, Number.NaN)));
        col.ensure(ts.buf.length);
        col.buf[n] = v;
      }
      n++;
    }
    cursor = Number(rows[rows.length - 1]!.ts);
    await onPage?.(n);
    if (rows.length < READ_PAGE_ROWS) break;
  }
  const out = new Map<string, Float64Array>();
  for (const [code, g] of [...cols].sort(([a], [b]) => a.localeCompare(b))) {
    g.ensure(n);
    out.set(code, g.buf.subarray(0, n));
  }
  return { ts: ts.buf.subarray(0, n), cols: out, count: n };
}
