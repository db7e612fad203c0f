import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole repository (README). Four projects:
 * contracts (pure logic), simulator (parsing and replay scheduling, plus an MQTT round trip
 * through the local Mosquitto), server (integration on a real database: PGlite by default,
 * PostgreSQL when DATABASE_URL is set) and web (components and rules in jsdom).
 * Browser flows run separately with Playwright (apps/web/e2e, `npm run test:e2e`).
 */
export default defineConfig({
  test: {
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
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
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
