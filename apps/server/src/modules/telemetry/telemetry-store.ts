import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Queryable } from '../../platform/db/db';

/**
 * Batched writes of the telemetry hot path (ARCHITECTURE §4): history rows upserted idempotently
 * (`ON CONFLICT DO NOTHING` on `(device_id, ts)`), one latest-upsert per device per batch that only
 * a newer device time wins, the device row's latest fields likewise, dead letters and counters —
 * all in one transaction per batch. Times are ms epoch.
 */

/** One accepted reading. `valuesJson` is the JSON text of `values` (parameter code → value). */
export interface TelemetryRow {
  deviceId: string;
  tenantId: number;
  ts: number;
  receivedAt: number;
  lat: number | null;
  lng: number | null;
  values: Record<string, number | boolean | string>;
  valuesJson: string;
}

/**
 * One refused message. Reason codes: those of `ingest_dead_letter` in migration 0021, plus `tooLarge`,
 * `notGateway`, `forbiddenKey`, `suppressed` (summary of dead letters past their budget)
 * and `beforeRetention` (device time older than the oldest telemetry partition).
 */
/** Reason of a summary row (`ingest_dead_letter.reason`, written by dead-letter-budget.ts); such rows are not counted as dead letters. */
export const SUPPRESSED_REASON = 'suppressed';

export interface DeadLetterRow {
  receivedAt: number;
  source: string;
  deviceId: string | null;
  reason: string;
  detail: string | null;
  payload: string | null;
  /** Dead letters a summary row (reason `suppressed`) stands for. */
  count?: number;
  /** The line the device's tenant sees in its device log, written with the dead letter (known devices only). */
  log?: RefusedLogLine;
}

/**
 * A `device_log` line of kind `refused` (SPEC §2 device log): the device and tenant it belongs to,
 * the reason key (`INGEST_REFUSAL_MESSAGES`) and the content JSON (`RefusedLogContent`).
 */
export interface RefusedLogLine {
  deviceId: string;
  tenantId: number;
  reason: string;
  content: string;
}

export interface BatchOutcome {
  stored: number;
  duplicates: number;
}

/**
 * Where batches go: SQL (`unnest` arrays, PGlite and PostgreSQL) or COPY (PostgreSQL). `counts`:
 * further `ingest_counter` increments (dead letters counted but not stored past their budget).
 */
export interface TelemetryStore {
  write(
    rows: readonly TelemetryRow[],
    dead: readonly DeadLetterRow[],
    counts?: ReadonlyMap<string, number>,
  ): Promise<BatchOutcome>;
  close(): Promise<void>;
}

/**
 * SQL of a device column set from parameter `code` of the newest reading `u` when it holds a JSON
 * value of type `json` (cast to `sql`), else kept as it was.
 */
const kept = (column: string, code: string, json: 'number' | 'boolean', sql: string): string =>
  `COALESCE(CASE jsonb_typeof(u."values"->'${code}') WHEN '${json}' THEN (u."values"->>'${code}')::${sql} END, d.${column})`;

/**
 * The batch INSERT with its ledger entries and the devices' latest state, in one statement.
 * Ledger (migration 0069): each tenant of the batch gets an entry id up front, its
 * stored rows carry it in `ledger_id`, and one entry per tenant is appended to its telemetry chain
 * with the count, device-time range and SHA-256 of the rows it stored in canonical order (duplicates
 * belong to the entry that stored them first). Latest state: the newest stored row of each device
 * (device id order, the same lock order in every process) upserts `device_latest` and updates the
 * device row's `last_*` fields, battery P005 (%), signal P012 (dBm) and charging P039 (kept when the
 * reading lacks them), each only where it is newer in device time. Taken from the rows the INSERT
 * returns, so no parameter carries a reading twice: a duplicate was applied when it was first stored.
 * Answers `n`, the rows stored. `src` yields (device_id, ts, received_at, lat, lng, vals, tenant_id).
 */
const insertChained = (src: string): string => `WITH src AS (${src}),
  ids AS (SELECT tenant_id, nextval('ledger_entry_id_seq') AS lid FROM (SELECT DISTINCT tenant_id FROM src) t),
  ins AS (
    INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values", ledger_id)
    SELECT s.device_id, s.ts, s.received_at, s.lat, s.lng, s.vals, i.lid FROM src s JOIN ids i ON i.tenant_id = s.tenant_id
    ON CONFLICT (device_id, ts) DO NOTHING RETURNING device_id, ts, received_at, lat, lng, "values", ledger_id),
  dig AS (
    SELECT ledger_id, count(*)::int AS n, min(ts) AS lo, max(ts) AS hi,
      encode(sha256(convert_to(string_agg(ledger_reading_text(device_id, ts, received_at, lat, lng, "values"), E'\\n' ORDER BY device_id COLLATE "C", ts), 'UTF8')), 'hex') AS digest
    FROM ins GROUP BY ledger_id),
  chained AS (
    SELECT d.n, ledger_append(d.ledger_id, i.tenant_id, 'telemetry', 'batch', NULL, d.n, d.lo, d.hi, NULL, d.digest) AS entry
    FROM dig d JOIN ids i ON i.lid = d.ledger_id ORDER BY i.tenant_id),
  latest AS MATERIALIZED (
    SELECT DISTINCT ON (device_id) device_id, ts, received_at, lat, lng, "values" FROM ins ORDER BY device_id, ts DESC),
  to_latest AS (
    INSERT INTO device_latest AS l (device_id, ts, received_at, lat, lng, "values") SELECT * FROM latest
    ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, received_at = excluded.received_at,
      lat = COALESCE(excluded.lat, l.lat), lng = COALESCE(excluded.lng, l.lng), "values" = excluded."values"
    WHERE excluded.ts > l.ts),
  to_device AS (
    UPDATE device d SET last_ts = u.ts, last_received_at = u.received_at,
      last_lat = COALESCE(u.lat, d.last_lat), last_lng = COALESCE(u.lng, d.last_lng),
      power = ${kept('power', 'P005', 'number', 'float8')}, signal = ${kept('signal', 'P012', 'number', 'float8')},
      charging = ${kept('charging', 'P039', 'boolean', 'boolean')}
    FROM latest u WHERE d.dev_no = u.device_id AND (d.last_ts IS NULL OR u.ts > d.last_ts))
  SELECT coalesce(sum(n), 0)::int AS n FROM chained`;

const INSERT_UNNEST = insertChained(
  'SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::float8[], $5::float8[], $6::jsonb[], $7::int[]) AS u(device_id, ts, received_at, lat, lng, vals, tenant_id)',
);
const INSERT_STAGED = insertChained(
  'SELECT device_id, ts, received_at, lat, lng, "values" AS vals, tenant_id FROM telemetry_stage',
);

/**
 * Dead letters, the device log lines of the refused messages of known devices, and counters of
 * one batch (the lines exist only for dead letters stored within their budget). Counters: `dead:<reason>` per stored dead letter (summary
 * rows of suppressed ones excepted) plus `extra`.
 */
async function writeSideTables(
  q: Queryable,
  dead: readonly DeadLetterRow[],
  outcome: BatchOutcome,
  extra?: ReadonlyMap<string, number>,
): Promise<void> {
  if (dead.length) {
    await q.query(
      `INSERT INTO ingest_dead_letter (received_at, source, device_id, reason, detail, payload)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [
        dead.map((d) => d.receivedAt),
        dead.map((d) => d.source),
        dead.map((d) => d.deviceId),
        dead.map((d) => d.reason),
        dead.map((d) => d.detail),
        dead.map((d) => d.payload),
      ],
    );
  }
  const lines = dead.flatMap((d) => (d.log ? [d.log] : []));
  if (lines.length) {
    await q.query(
      `INSERT INTO device_log (device_id, tenant_id, kind, content, ok, reason)
       SELECT d, t, 'refused', c, false, r FROM unnest($1::text[], $2::int[], $3::text[], $4::text[]) AS u(d, t, c, r)`,
      [
        lines.map((l) => l.deviceId),
        lines.map((l) => l.tenantId),
        lines.map((l) => l.content),
        lines.map((l) => l.reason),
      ],
    );
  }
  const counts = new Map<string, number>(extra);
  if (outcome.stored) counts.set('stored', outcome.stored);
  if (outcome.duplicates) counts.set('duplicate', outcome.duplicates);
  for (const d of dead)
    if (d.reason !== SUPPRESSED_REASON) counts.set(`dead:${d.reason}`, (counts.get(`dead:${d.reason}`) ?? 0) + 1);
  if (counts.size) {
    await q.query(
      `INSERT INTO ingest_counter AS c (name, value) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (name) DO UPDATE SET value = c.value + excluded.value`,
      [[...counts.keys()], [...counts.values()]],
    );
  }
}

/** Store writing through the shared Db with multi-row `INSERT … SELECT unnest(…)` (PGlite default). */
export class SqlTelemetryStore implements TelemetryStore {
  constructor(private readonly db: Db) {}

  write(
    rows: readonly TelemetryRow[],
    dead: readonly DeadLetterRow[],
    counts?: ReadonlyMap<string, number>,
  ): Promise<BatchOutcome> {
    return this.db.tx(async (q) => {
      let stored = 0;
      if (rows.length) {
        const [r] = await q.query<{ n: number }>(INSERT_UNNEST, [
          rows.map((x) => x.deviceId),
          rows.map((x) => x.ts),
          rows.map((x) => x.receivedAt),
          rows.map((x) => x.lat),
          rows.map((x) => x.lng),
          rows.map((x) => x.valuesJson),
          rows.map((x) => x.tenantId),
        ]);
        stored = r?.n ?? 0;
      }
      const outcome = { stored, duplicates: rows.length - stored };
      await writeSideTables(q, dead, outcome, counts);
      return outcome;
    });
  }

  async close(): Promise<void> {}
}

/** COPY text-format escaping: JSON text has no raw tab/newline, only backslashes need doubling. */
const copyText = (s: string): string => (s.includes('\\') ? s.replace(/\\/g, '\\\\') : s);

/**
 * Store for PostgreSQL on its own connection: `COPY` into a temporary staging table, then
 * `INSERT … SELECT … ON CONFLICT DO NOTHING` into `telemetry` (ARCHITECTURE §4 "multi-row insert or COPY").
 */
export class CopyTelemetryStore implements TelemetryStore {
  private client: pg.Client | undefined;

  constructor(
    private readonly url: string,
    private readonly schema: string,
  ) {}

  /**
   * The store's connection, opened on first use and again after it was lost (the ingest retries a
   * failed batch). Throws when PostgreSQL cannot be reached within 10 s.
   */
  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const c = new pg.Client({
      connectionString: this.url,
      options: `-c search_path="${this.schema}"`,
      connectionTimeoutMillis: 10_000,
    });
    const forget = (): void => {
      if (this.client === c) this.client = undefined;
    };
    c.on('error', forget);
    c.on('end', forget);
    try {
      await c.connect();
      await c.query(`CREATE TEMP TABLE IF NOT EXISTS telemetry_stage
        (device_id text, ts bigint, received_at bigint, lat float8, lng float8, "values" jsonb, tenant_id int) ON COMMIT DELETE ROWS`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    this.client = c;
    return c;
  }

  async write(
    rows: readonly TelemetryRow[],
    dead: readonly DeadLetterRow[],
    counts?: ReadonlyMap<string, number>,
  ): Promise<BatchOutcome> {
    const c = await this.connection();
    await c.query('BEGIN');
    try {
      let stored = 0;
      if (rows.length) {
        const parts: string[] = [];
        for (const r of rows) {
          parts.push(
            `${r.deviceId}\t${r.ts}\t${r.receivedAt}\t${r.lat ?? '\\N'}\t${r.lng ?? '\\N'}\t${copyText(r.valuesJson)}\t${r.tenantId}\n`,
          );
        }
        await new Promise<void>((resolve, reject) => {
          const stream = c.query(copyFrom('COPY telemetry_stage FROM STDIN'));
          stream.on('finish', resolve);
          stream.on('error', reject);
          stream.end(parts.join(''));
        });
        const res = await c.query<{ n: number }>(INSERT_STAGED);
        stored = res.rows[0]?.n ?? 0;
      }
      const outcome = { stored, duplicates: rows.length - stored };
      const q: Queryable = {
        query: async <T>(sql: string, params?: readonly unknown[]) =>
          (await c.query(sql, params as unknown[])).rows as T[],
      };
      await writeSideTables(q, dead, outcome, counts);
      await c.query('COMMIT');
      return outcome;
    } catch (err) {
      // A connection that cannot even roll back is dead (or stuck): open a new one for the retry.
      await c.query('ROLLBACK').catch(() => {
        if (this.client === c) this.client = undefined;
        void c.end().catch(() => undefined);
      });
      throw err;
    }
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    if (c) await c.end().catch(() => undefined);
  }
}
