import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Server test files (relative to apps/server) that replace a module with `vi.mock`: a mock only
 * takes effect in a process that has not loaded the module yet, so these run in fresh processes of
 * their own ('server-mocks'). Found by reading the files, so a new mocking test lands there by itself.
 */
function serverMockingFiles(): string[] {
  const root = path.join(import.meta.dirname, 'apps/server');
  return ['src', 'test']
    .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
    .filter((f) => f.endsWith('.test.ts') && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, f), 'utf8')))
    .map((f) => f.split(path.sep).join('/'));
}
const SERVER_MOCKING = serverMockingFiles();

/** Options of both server projects. */
const serverProject = { root: 'apps/server', environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' } as const;

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
 */
export default defineConfig({
  test: {
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
