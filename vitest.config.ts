import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SlowestReporter } from './scripts/vitest-slowest.ts';

const SERVER_ROOT = path.join(import.meta.dirname, 'apps/server');

/** Server test files (relative to apps/server) whose text matches `marker`. */
function serverTestFiles(marker: RegExp): string[] {
  return ['src', 'test']
    .flatMap((dir) =>
      readdirSync(path.join(SERVER_ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)),
    )
    .filter((f) => f.endsWith('.test.ts') && marker.test(readFileSync(path.join(SERVER_ROOT, f), 'utf8')))
    .map((f) => f.split(path.sep).join('/'));
}

/**
 * Server test files that run in fresh processes of their own ('server-mocks'): those that replace
 * a module with `vi.mock` (a mock only takes effect in a process that has not loaded the module
 * yet), and those that declare `// @fresh-process: <why>` at the top — the hostile-input suites,
 * which time the server's answers to others while it takes hostile input: in a worker that ran a
 * hundred files before, collecting their garbage holds the event loop longer than any input does.
 * Found by reading the files, so a new such test lands there by itself.
 */
const SERVER_MOCKING = serverTestFiles(/\bvi\.(do)?[mM]ock\(|^\s*\/\/\s*@fresh-process\b/m);

/**
 * The embedded pass (`npm run test:embedded`, CI's second run of the server tests, on PGlite and
 * the in-process broker with DATABASE_URL and MQTT_URL unset): the server test files that declare
 * the tag `embedded` at the top, `// @module-tag embedded: <why>` (Vitest's own per-file tag, so
 * `--tags-filter embedded` selects the same tests). A file carries it when what it checks runs
 * another code path on the embedded stack than on PostgreSQL and Mosquitto: the database adapter
 * or the migrations on PGlite (its data folder, its single connection, the tables it keeps
 * unpartitioned), the telemetry store the ingest uses there (SQL instead of COPY), the embedded
 * broker (aedes: authentication, limits, sessions), the ingest over MQTT end to end, the
 * device-side start-up, and the real server process on the defaults. A file that only calls the
 * API through a test app runs once, in the first pass: PGlite is PostgreSQL's own engine, the SQL
 * is the same. A file that checks both engines in one run already (`describe.each(KINDS)` of the
 * job queue, the PGlite half of the partitions test) needs no tag.
 */
const SERVER_EMBEDDED = serverTestFiles(/^\s*(\/\/|\*)\s*@module-tag\s+embedded\b/m);

/** Options of every server project. */
const serverProject = {
  root: 'apps/server',
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

/**
 * One test command for the whole repository (README). Four parts:
 * contracts (pure logic), simulator (parsing and replay scheduling, plus an MQTT round trip
 * through the local Mosquitto), server (integration on a real database: PGlite by default,
 * PostgreSQL when DATABASE_URL is set) and web (components and rules in jsdom).
 * Browser flows run separately with Playwright (apps/web/e2e, `npm run test:e2e`).
 *
 * Two workers at least (Vitest's default is one fewer than the cores: a single worker on a 2-core
 * machine, one test file at a time). The server's files share
 * their worker process (`isolate: false`): each file starts its own apps on fresh schemas or
 * PGlite databases and closes them, and loading the server's modules once per worker instead of
 * once per file saves about 2 s a file (380 s of the server pass). The server suite therefore
 * appears as two projects, `server` and `server-mocks` (`--project 'server*'` selects both).
 * The projects `embedded` and `embedded-mocks` hold the files of the embedded pass (above) a second
 * time, so the npm scripts name the projects they run: `test:unit:node` contracts, simulator and
 * `server*`, `test:unit:web` web, `test:embedded` `embedded*` (a new project joins one of them; a
 * bare `npx vitest run` runs the embedded files twice).
 *
 * At the end of each run the 10 slowest files and tests are listed (scripts/vitest-slowest.ts); a
 * web, contracts or simulator file over 10 s is marked.
 */
export default defineConfig({
  test: {
    reporters: [
      'default',
      new SlowestReporter({ count: 10, unitProjects: ['contracts', 'simulator', 'web'], unitFileMs: 10_000 }),
    ],
    tags: [
      {
        name: 'embedded',
        description:
          'server test of a path that differs on PGlite and the embedded broker: run again by npm run test:embedded',
      },
    ],
    maxWorkers: Math.max(2, (os.availableParallelism?.() ?? os.cpus().length) - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...serverProject,
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: SERVER_MOCKING,
          isolate: false,
        },
      },
      {
        test: {
          ...serverProject,
          name: 'server-mocks',
          include: SERVER_MOCKING,
        },
      },
      {
        test: {
          ...serverProject,
          name: 'embedded',
          include: SERVER_EMBEDDED.filter((f) => !SERVER_MOCKING.includes(f)),
          isolate: false,
        },
      },
      ...(SERVER_EMBEDDED.some((f) => SERVER_MOCKING.includes(f))
        ? [
            {
              test: {
                ...serverProject,
                name: 'embedded-mocks',
                include: SERVER_EMBEDDED.filter((f) => SERVER_MOCKING.includes(f)),
              },
            },
          ]
        : []),
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'jsdom',
          // component flows (the editable table's add/drag/validate) take 2-3 s in jsdom on a quiet
          // machine and went past the 5 s default with the server suite running beside them
          testTimeout: 20_000,
        },
      },
    ],
  },
});
