import { parseReportSql, type ReportColumnType } from '@ztj/contracts';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import {
  CONNECT_TIMEOUT_MS,
  mysqlConnection,
  postgresClient,
  reasonOf,
  type ConnectionTarget,
} from '../datasources/datasource-connect';

/** Statement timeout of a report query (each statement: the count and the page). */
export const REPORT_TIMEOUT_MS = 10_000;
/** Most rows a report may page through (the count stops there; later pages answer nothing). */
export const REPORT_ROW_LIMIT = 10_000;

/** A query-field filter of a 'single' column (field names come from the definition, never the client). */
export interface ReportFilter {
  field: string;
  type: ReportColumnType;
  value: string;
}

/** One run of a report: its stored text, the values of its parameters, filters and the page. */
export interface ReportRun {
  querySql: string;
  values: Record<string, string | null>;
  filters: ReportFilter[];
  pageNo: number;
  pageSize: number;
  /** Sort by a column of the definition (else the query's own order). */
  sort?: { field: string; desc: boolean };
}

/** Where a report runs: the product's own database, or a data source (with its password). */
export type ReportTarget = { kind: 'own'; db: Db } | { kind: 'external'; connection: ConnectionTarget };

/** Limits of a run (tests shorten the timeout). */
export interface RunLimits {
  timeoutMs: number;
  rowLimit: number;
}

/** One page and the total (at most the row limit). */
export interface ReportPage {
  records: Record<string, unknown>[];
  total: number;
  truncated: boolean;
}

type Dialect = 'pg' | 'mysql';

/** The statements of one run: count and page, with their bound values. */
interface Statements {
  count: { sql: string; values: unknown[] };
  page: { sql: string; values: unknown[] } | null;
}

/**
 * Builds the count and page statements: the stored text with `${name}` as placeholders (values
 * bound in order), wrapped as a derived table, filtered by the query fields (identifiers from the
 * definition, values bound) and limited. Offsets past the row limit read nothing.
 */
export function buildStatements(run: ReportRun, dialect: Dialect, limits: RunLimits): Statements {
  const ph = (i: number): string => (dialect === 'pg' ? `$${i}` : '?');
  const parsed = parseReportSql(run.querySql, ph);
  if ('problem' in parsed) throw new AppError('badRequest', 'popupReportReadOnly', { reason: parsed.problem });
  const values: unknown[] = parsed.order.map((name) => run.values[name] ?? null);
  const quote = (f: string): string => (dialect === 'pg' ? `"${f}"` : `\`${f}\``);
  const asText = (f: string): string =>
    dialect === 'pg' ? `CAST(rpt.${quote(f)} AS text)` : `CAST(rpt.${quote(f)} AS CHAR)`;
  const conds: string[] = [];
  for (const f of run.filters) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(f.field)) continue; // definitions are validated; belt and braces
    if (f.type === 'number') {
      values.push(Number(f.value));
      conds.push(`rpt.${quote(f.field)} = ${ph(values.length)}`);
    } else {
      const escaped = f.value.replace(/[\\%_]/g, (c) => `\\${c}`);
      values.push(f.type === 'string' ? `%${escaped}%` : `${escaped}%`);
      conds.push(
        dialect === 'pg'
          ? `${asText(f.field)} ILIKE ${ph(values.length)}`
          : `${asText(f.field)} LIKE ${ph(values.length)}`,
      );
    }
  }
  const from = `(${parsed.sql}\n) rpt${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''}`;
  const count = {
    sql: `SELECT count(*) AS n FROM (SELECT 1 AS one FROM ${from} LIMIT ${limits.rowLimit + 1}) c`,
    values,
  };
  const offset = (run.pageNo - 1) * run.pageSize;
  const size = Math.min(run.pageSize, limits.rowLimit - offset);
  const orderBy =
    run.sort && /^[A-Za-z_][A-Za-z0-9_]*$/.test(run.sort.field)
      ? ` ORDER BY rpt.${quote(run.sort.field)} ${run.sort.desc ? 'DESC' : 'ASC'}`
      : '';
  const page = size > 0 ? { sql: `SELECT * FROM ${from}${orderBy} LIMIT ${size} OFFSET ${offset}`, values } : null;
  return { count, page };
}

/** Carries a finished run's answer out of a transaction that is then rolled back. */
class Done {
  constructor(readonly page: ReportPage) {}
}

const pageOf = (n: unknown, records: Record<string, unknown>[], limits: RunLimits): ReportPage => {
  const total = Number(n);
  return { records, total: Math.min(total, limits.rowLimit), truncated: total > limits.rowLimit };
};

/**
 * Runs a report: in a READ ONLY transaction with a statement timeout, always rolled back (so not
 * even a session setting survives), as `pg_read_all_data` when the connection is a superuser (no
 * server-file functions). A writing statement fails in the database and is answered as
 * `popupReportReadOnly`; a timeout as `popupReportTimeout`.
 * @throws AppError badRequest popupReportReadOnly / business popupReportTimeout / business popupReportFailed
 */
export async function runReport(target: ReportTarget, run: ReportRun, limits: RunLimits): Promise<ReportPage> {
  try {
    if (target.kind === 'own') return await runOwn(target.db, run, limits);
    if (target.connection.dbType === 'postgresql') return await runPostgres(target.connection, run, limits);
    return await runMysql(target.connection, run, limits);
  } catch (err) {
    throw translate(err, limits, target.kind === 'external' ? target.connection.password : '');
  }
}

/** Read-only transaction settings of a PostgreSQL connection (own database or data source). */
async function readOnlyPg(q: Queryable, timeoutMs: number, engineTimeout: boolean): Promise<void> {
  await q.query('SET TRANSACTION READ ONLY');
  if (engineTimeout) await q.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.trunc(timeoutMs))}`);
  const [su] = await q.query<{ su: string }>("SELECT current_setting('is_superuser') AS su");
  if (su?.su === 'on') await q.query('SET LOCAL ROLE pg_read_all_data');
}

async function pgPage(q: Queryable, run: ReportRun, limits: RunLimits): Promise<ReportPage> {
  const st = buildStatements(run, 'pg', limits);
  const [c] = await q.query<{ n: unknown }>(st.count.sql, st.count.values);
  const records = st.page ? await q.query<Record<string, unknown>>(st.page.sql, st.page.values) : [];
  return pageOf(c?.n, records, limits);
}

/**
 * The product's own database. PostgreSQL enforces the statement timeout; the embedded PGlite (a
 * WASM build without timer signals) cannot interrupt a running statement, so there only the row
 * limit bounds the work (docs/back-office.md: use PostgreSQL where reports over the own database matter).
 */
async function runOwn(db: Db, run: ReportRun, limits: RunLimits): Promise<ReportPage> {
  try {
    await db.tx(async (q) => {
      await readOnlyPg(q, limits.timeoutMs, db.kind === 'postgres');
      throw new Done(await pgPage(q, run, limits));
    });
  } catch (err) {
    if (err instanceof Done) return err.page;
    throw err;
  }
  throw new Error('unreachable');
}

async function runPostgres(t: ConnectionTarget, run: ReportRun, limits: RunLimits): Promise<ReportPage> {
  const client = postgresClient(t, {
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    queryTimeoutMs: limits.timeoutMs + 2_000,
    applicationName: 'ztj-popup-report',
  });
  try {
    await client.connect();
    await client.query('BEGIN');
    const q: Queryable = {
      query: async <T>(sql: string, params?: readonly unknown[]) =>
        (await client.query(sql, params as unknown[])).rows as T[],
    };
    await readOnlyPg(q, limits.timeoutMs, true);
    return await pgPage(q, run, limits);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

async function runMysql(t: ConnectionTarget, run: ReportRun, limits: RunLimits): Promise<ReportPage> {
  const conn = await mysqlConnection(t, CONNECT_TIMEOUT_MS, {
    multipleStatements: false,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  const timeout = limits.timeoutMs + 2_000; // the client's own guard, behind the server's
  try {
    const [[version]] = (await conn.query({ sql: 'SELECT VERSION() AS v', timeout })) as unknown as [{ v: string }[]];
    const mariadb = /mariadb/i.test(version?.v ?? '');
    await conn.query({
      sql: mariadb
        ? `SET SESSION max_statement_time = ${Math.max(0.001, limits.timeoutMs / 1000)}`
        : `SET SESSION max_execution_time = ${Math.max(1, Math.trunc(limits.timeoutMs))}`,
      timeout,
    });
    await conn.query({ sql: 'START TRANSACTION READ ONLY', timeout });
    const st = buildStatements(run, 'mysql', limits);
    const [countRows] = (await conn.query({ sql: st.count.sql, values: st.count.values, timeout })) as unknown as [
      { n: unknown }[],
    ];
    const records = st.page
      ? (
          (await conn.query({ sql: st.page.sql, values: st.page.values, timeout })) as unknown as [
            Record<string, unknown>[],
          ]
        )[0]
      : [];
    return pageOf(countRows[0]?.n, records, limits);
  } finally {
    await conn.query('ROLLBACK').catch(() => undefined);
    conn.destroy();
  }
}

/** A driver error as the envelope's error: read-only refusal, timeout, or the reason (no password). */
function translate(err: unknown, limits: RunLimits, password: string): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; errno?: number };
  const reason = reasonOf(err, password);
  // PostgreSQL 25006 read_only_sql_transaction, 42501 insufficient privilege (as pg_read_all_data);
  // MySQL/MariaDB 1792 ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
  // 0A000 for a data-modifying WITH (it may only stand at the top level, and the report is a derived table)
  const modifyingCte = e?.code === '0A000' && /data-modifying/i.test(reason);
  if (e?.code === '25006' || e?.code === '42501' || e?.errno === 1792 || modifyingCte)
    return new AppError('badRequest', 'popupReportReadOnly', { reason });
  // PostgreSQL 57014 query_canceled; MariaDB 1969 max_statement_time; MySQL 3024 max_execution_time; client guards
  if (
    e?.code === '57014' ||
    e?.errno === 1969 ||
    e?.errno === 3024 ||
    e?.code === 'PROTOCOL_SEQUENCE_TIMEOUT' ||
    /Query read timeout/i.test(reason)
  ) {
    return new AppError('business', 'popupReportTimeout', { seconds: Math.round(limits.timeoutMs / 100) / 10 });
  }
  return new AppError('business', 'popupReportFailed', { reason });
}
