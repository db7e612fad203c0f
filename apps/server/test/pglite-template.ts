import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { openDb } from '../src/platform/db/db';
import { migrate, MIGRATIONS_DIR } from '../src/platform/db/migrate';

/**
 * A migrated, empty PGlite cluster for the tests on the embedded default, made once per set of
 * migrations and PGlite version and kept as an uncompressed tar in the temp folder (the key is a
 * hash of both), so each test app loads it in about a second instead of running `initdb` and every
 * migration again (5–8 s on this 2-core machine). Test files run in separate processes: the file is
 * written under a temporary name and renamed, so a reader never sees half of it. `migrate` still
 * runs on every opened database (a no-op on a current template), so a template that somehow
 * missed a migration is brought up to date rather than trusted.
 */

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  // the installed PGlite (its package.json is not exported: found above its resolved entry)
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(fs.readFileSync(path.join(dir, 'package.json')));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let loaded: Promise<Blob> | undefined;

async function makeTemplate(file: string): Promise<Blob> {
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  // migrated through the product's own opening path (schema public, search path set)
  const db = await openDb({});
  await migrate(db);
  const dump = await db.dumpDataDir?.();
  await db.close();
  if (!dump) throw new Error('PGlite dump is not available');
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return dump;
}

/** The migrated template (see the module comment); made on first use in this process. */
export function pgliteTemplate(): Promise<Blob> {
  loaded ??= makeTemplate(path.join(os.tmpdir(), `ztj-pglite-template-${templateKey()}.tar`));
  return loaded;
}
