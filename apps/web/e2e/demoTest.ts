import { test as base } from '@playwright/test';
import { startDemoServer } from './devices/demoServer';

export { expect } from '@playwright/test';

/**
 * What a spec file needs of the demo server it runs against. By default a file shares the demo
 * server of its Playwright worker with the other files that worker runs (one after the other, never
 * at the same time), so it must not depend on what they leave behind: it names what it creates
 * uniquely and finds its own records by those names.
 */
export interface DemoServerNeeds {
  /**
   * Set (top level: `test.use({ demoServerNeeds: { own: '<file>' } })`) by a file that needs a
   * server of its own: one started right before it (the replay's clock starts with the server) or
   * configured differently (`env`). A worker option that differs puts the file on a worker of its
   * own, whose demo server starts for it and stops after it.
   */
  own?: string;
  /** Server environment on top of the demo defaults, e.g. `LOGIN_CAPTCHA: 'on'`; only with `own`. */
  env?: Record<string, string>;
}

interface DemoWorkerFixtures {
  demoServerNeeds: DemoServerNeeds;
  /** `http://127.0.0.1:<port>` of the worker's demo-mode server (simulator fleet, demo tenant). */
  demoBase: string;
}

/**
 * Port of the demo server of the worker in slot `parallelIndex` (0 … workers − 1): right above the
 * run's main server (E2E_PORT, default 18080), so a second run on the machine with another
 * E2E_PORT (at least workers + 1 apart) keeps its servers apart. A worker that replaces another
 * in its slot (after a failure, or for a file with needs of its own) takes the same port once the
 * old worker has stopped its server.
 */
export function demoPort(parallelIndex: number): number {
  return Number(process.env.E2E_PORT ?? 18080) + 1 + parallelIndex;
}

/**
 * Playwright's `test` with one demo-mode server per worker (`demoBase`), started when the worker
 * runs its first test that asks for it (about 20–60 s, minutes on a loaded machine) and stopped
 * at the worker's end; a fresh data folder or schema each time (devices/demoServer.ts).
 */
export const test = base.extend<object, DemoWorkerFixtures>({
  demoServerNeeds: [{}, { scope: 'worker', option: true }],
  demoBase: [
    async ({ demoServerNeeds }, use, workerInfo) => {
      if (demoServerNeeds.env && !demoServerNeeds.own)
        throw new Error('demoServerNeeds.env needs `own`: a changed server must not be shared');
      const server = await startDemoServer(demoPort(workerInfo.parallelIndex), demoServerNeeds.env);
      try {
        await use(server.base);
      } finally {
        await server.close();
      }
    },
    // the start-up wait of the server (the spawn's own health-check bound is 300 s) and its drain
    { scope: 'worker', timeout: 360_000 },
  ],
});
