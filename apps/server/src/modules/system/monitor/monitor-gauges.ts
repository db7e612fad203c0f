import { Gauge, type Registry } from 'prom-client';
import type { StorageProbe, StorageSample } from './storage-probe';

/**
 * Adds the database and job-queue figures of the monitoring page to the app's Prometheus registry
 *, so `<base>/metrics` carries the same figures as `/sys/monitor/info`:
 * - `ztj_db_size_bytes`, `ztj_db_connections` (backends on this database; 1 on PGlite)
 * - `ztj_db_table_size_bytes{table}`, `ztj_db_table_rows{table}` (largest tables, partitions rolled
 *   up; rows are the planner's estimate)
 * - `ztj_telemetry_rows` (exact below 1,000,000, else estimated)
 * - `ztj_jobs{state}` (waiting, active, failed, completed)
 * - `ztj_build_info{version}` (always 1)
 *
 * The gauges read one {@link StorageProbe} sample per scrape; when the database does not answer
 * they keep their last values (the process and ingest series are still scraped).
 */
export function registerStorageGauges(registry: Registry, probe: StorageProbe, appVersion: string): void {
  const registers = [registry];
  const read = async (use: (s: StorageSample) => void): Promise<void> => {
    const s = await probe.sample().catch(() => undefined);
    if (s) use(s);
  };
  const simple = (name: string, help: string, value: (s: StorageSample) => number | null): void => {
    const g: Gauge = new Gauge({
      name,
      help,
      registers,
      collect: () =>
        read((s) => {
          const v = value(s);
          if (v !== null) g.set(v);
        }),
    });
  };
  simple('ztj_db_size_bytes', 'Size of the database on disk, bytes', (s) => s.database.sizeBytes);
  simple(
    'ztj_db_connections',
    'Backends connected to the database (1 on the embedded PGlite)',
    (s) => s.database.connections,
  );
  simple(
    'ztj_telemetry_rows',
    'Stored telemetry readings (exact below 1,000,000, else the planner estimate)',
    (s) => s.database.telemetryRows,
  );
  const perTable = (
    name: string,
    help: string,
    value: (t: StorageSample['database']['largestTables'][number]) => number,
  ): void => {
    const g: Gauge<'table'> = new Gauge({
      name,
      help,
      labelNames: ['table'],
      registers,
      collect: () =>
        read((s) => {
          g.reset();
          for (const t of s.database.largestTables) g.set({ table: t.name }, value(t));
        }),
    });
  };
  perTable('ztj_db_table_size_bytes', 'Largest tables incl. indexes, partitions rolled up, bytes', (t) => t.bytes);
  perTable('ztj_db_table_rows', 'Rows of the largest tables (planner estimate)', (t) => t.rows);
  const jobs: Gauge<'state'> = new Gauge({
    name: 'ztj_jobs',
    help: 'Jobs of the job queue by state',
    labelNames: ['state'],
    registers,
    collect: () =>
      read((s) => {
        for (const [state, n] of Object.entries(s.jobs)) jobs.set({ state }, n);
      }),
  });
  new Gauge({
    name: 'ztj_build_info',
    help: 'Version of the server (value 1)',
    labelNames: ['version'],
    registers,
  }).set({ version: appVersion }, 1);
}
