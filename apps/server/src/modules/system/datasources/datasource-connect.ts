import mysql from 'mysql2/promise';
import pg from 'pg';
import type { DataSourceType } from '@ztj/contracts';

/** Connect timeout of a connection test ("a short timeout"). */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Where and as whom a connection test connects. */
export interface ConnectionTarget {
  dbType: DataSourceType;
  host: string;
  port: number;
  dbName: string;
  dbUsername: string;
  /** '' when the source has none. */
  password: string;
}

/** Outcome of {@link probeConnection}: reached, or the driver's reason (password removed). */
export type ProbeOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Connects to the database given — PostgreSQL with `pg`, MySQL/MariaDB with `mysql2` — within
 * `timeoutMs` for the connection and as much for the query, runs `SELECT 1` and closes. Never
 * throws: a failure answers the driver's message, from which the password is removed. A last
 * guard at twice the timeout answers even when a driver would not.
 */
export async function probeConnection(target: ConnectionTarget, timeoutMs = CONNECT_TIMEOUT_MS): Promise<ProbeOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs * 2);
  });
  try {
    await Promise.race([
      target.dbType === 'postgresql' ? probePostgres(target, timeoutMs) : probeMysql(target, timeoutMs),
      guard,
    ]);
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: reasonOf(err, target.password) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A PostgreSQL client for `t`, not yet connected, with every setting explicit (no PG* environment
 * variable or ~/.pgpass of the server takes part) and late socket errors ignored (a failure must
 * not crash the process). `applicationName` names the use in `pg_stat_activity`.
 */
export function postgresClient(
  t: ConnectionTarget,
  opts: { connectTimeoutMs: number; queryTimeoutMs: number; applicationName: string },
): pg.Client {
  const client = new pg.Client({
    host: t.host,
    port: t.port,
    database: t.dbName,
    user: t.dbUsername,
    password: t.password,
    ssl: false,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    query_timeout: opts.queryTimeoutMs,
    application_name: opts.applicationName,
  });
  client.on('error', () => undefined);
  return client;
}

/** A MySQL/MariaDB connection to `t` (driver `extra` options added), late socket errors ignored. */
export async function mysqlConnection(
  t: ConnectionTarget,
  connectTimeoutMs: number,
  extra: Partial<mysql.ConnectionOptions> = {},
): Promise<mysql.Connection> {
  const conn = await mysql.createConnection({
    host: t.host,
    port: t.port,
    database: t.dbName,
    user: t.dbUsername,
    password: t.password,
    connectTimeout: connectTimeoutMs,
    ...extra,
  });
  conn.on('error', () => undefined);
  return conn;
}

async function probePostgres(t: ConnectionTarget, timeoutMs: number): Promise<void> {
  const client = postgresClient(t, {
    connectTimeoutMs: timeoutMs,
    queryTimeoutMs: timeoutMs,
    applicationName: 'ztj-datasource-test',
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function probeMysql(t: ConnectionTarget, timeoutMs: number): Promise<void> {
  const conn = await mysqlConnection(t, timeoutMs);
  try {
    await conn.query({ sql: 'SELECT 1', timeout: timeoutMs });
  } finally {
    conn.destroy();
  }
}

/**
 * A one-line reason of a driver error: its message (the parts of an AggregateError, e.g. both
 * addresses of `localhost`, or its code when it has no message), without the password, 300
 * characters at most.
 */
export function reasonOf(err: unknown, password: string): string {
  const e = err as { message?: string; code?: string; errors?: unknown[] };
  let text = e?.message?.trim() || '';
  if (!text && Array.isArray(e?.errors))
    text = [...new Set(e.errors.map((x) => (x as Error)?.message).filter(Boolean))].join('; ');
  if (!text) text = e?.code ?? String(err);
  if (password) text = text.split(password).join('***');
  text = text.replace(/\s+/g, ' ');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
