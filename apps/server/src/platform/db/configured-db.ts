import path from 'node:path';
import type { Config } from '../config/config';
import { openDb, type Db } from './db';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/pgdata. */
export function openConfiguredDb(config: Config): Promise<Db> {
  return openDb({
    url: config.databaseUrl,
    schema: config.databaseSchema,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
}
