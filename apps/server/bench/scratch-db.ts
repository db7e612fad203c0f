/**
 * The throw-away database every bench runs on: embedded PGlite in a temporary DATA_DIR by default;
 * with `DATABASE_URL` a fresh schema `bench_<random>` on that PostgreSQL. Migrated and seeded (demo
 * tenant, admin with a random password), server options quiet (no log, no demo, no MQTT listener).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/platform/config/config';
import { openConfiguredDb } from '../src/platform/db/configured-db';
import type { Db } from '../src/platform/db/db';
import { migrate } from '../src/platform/db/migrate';
import { seed } from '../src/modules/system/seed/seed';

/** An open scratch database and what it was opened with. */
export interface ScratchDb {
  db: Db;
  config: Config;
  /** Temporary DATA_DIR (removed by `close` unless `keepDataDir`). */
  dataDir: string;
  /** The seeded admin's password. */
  adminPassword: string;
  /** Drops the PostgreSQL schema (unless `BENCH_KEEP_SCHEMA=1`), closes the database, removes the DATA_DIR. */
  close(): Promise<void>;
}

/** Options of {@link openScratchDb}. */
export interface ScratchDbOptions {
  /** Extra server settings (environment names), e.g. `{ LOGIN_CAPTCHA: 'off' }`. */
  env?: Record<string, string>;
  /** Leave the DATA_DIR in place on close (files the bench wrote there stay to look at). */
  keepDataDir?: boolean;
}

/**
 * Opens, migrates and seeds a throw-away database for the bench `name` (used in the DATA_DIR name).
 * Call `close()` in a `finally`.
 */
export async function openScratchDb(name: string, opts: ScratchDbOptions = {}): Promise<ScratchDb> {
  const env = process.env;
  const external = !!env.DATABASE_URL;
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ztj-bench-${name}-`));
  const adminPassword = `Bench#${crypto.randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: 'off',
    MQTT_PORT: 'off',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    ...opts.env,
    ...(external ? { DATABASE_URL: env.DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
  });
  const db = await openConfiguredDb(config);
  const close = async (): Promise<void> => {
    if (external && env.BENCH_KEEP_SCHEMA !== '1')
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
    if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    await seed(db, { adminPassword, dataDir });
  } catch (err) {
    await close();
    throw err;
  }
  return { db, config, dataDir, adminPassword, close };
}
