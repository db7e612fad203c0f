import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

/** Folder of the ordered `NNNN_name.sql` migrations. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * Marks the rest of a migration file as PostgreSQL-only: the statements after a line
 * `-- @engine postgres` run on PostgreSQL and are skipped on PGlite (the file is still recorded as
 * applied there). Used where the engines' schemas differ on purpose (0063: telemetry partitions).
 */
export const POSTGRES_ONLY_MARK = /^-- @engine postgres[ \t]*$/m;

/** The `NNNN_name.sql` migration files of `dir`, in the order they apply. */
export function migrationFiles(dir: string = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

/**
 * The migrations recorded in `schema_migrations`, read with one query; undefined when the table
 * does not exist yet (a new database) or cannot be read.
 */
async function recordedMigrations(db: Db): Promise<Set<string> | undefined> {
  try {
    return new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  } catch {
    return undefined;
  }
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, in file-name order, each in
 * its own transaction holding an advisory lock, so concurrent starts do not race. A file may end
 * with a PostgreSQL-only part ({@link POSTGRES_ONLY_MARK}).
 * A current schema costs one query (a restart checks the migrations once): the
 * recorded names are read and compared with the files' names, no file is read and no lock taken.
 * @returns the names applied by this call.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  const recorded = await recordedMigrations(db);
  if (recorded && files.every((f) => recorded.has(f))) return [];
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  for (const file of files) {
    if (recorded?.has(file)) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const mark = POSTGRES_ONLY_MARK.exec(text);
    const sql = mark && db.kind !== 'postgres' ? text.slice(0, mark.index) : text;
    const ran = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock(727001)');
      const done = await q.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query('INSERT INTO schema_migrations(name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/**
 * Splits a migration file on `;` at line ends, comments removed; a `$$ … $$` body (function, `DO`)
 * stays whole. No `--` or `$$` may appear inside string literals.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  sql.split('$$').forEach((piece, i) => {
    if (i % 2 === 1) {
      current += `$$${piece}$$`;
      return;
    }
    const parts = piece.replace(/--[^\n]*(?:\n|$)/g, '\n').split(/;\s*(?:\n|$)/);
    current += parts[0];
    for (const part of parts.slice(1)) {
      statements.push(current);
      current = part;
    }
  });
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}
