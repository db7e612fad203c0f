// @module-tag embedded: the ingest retrying the SQL telemetry store, the one the embedded stack uses
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { retryDelayMs } from './ingest-batch';
import { IngestService } from './ingest.service';
import { SqlTelemetryStore, type DeadLetterRow, type TelemetryRow, type TelemetryStore } from './telemetry-store';
import { addDevice, countTelemetry, createDeviceTestApp, uid, waitFor } from './ingest.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createDeviceTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The real SQL store, failing while `down` is set; records the first ts of each batch it commits. */
class SwitchableStore implements TelemetryStore {
  down = true;
  failures = 0;
  readonly committed: number[] = [];
  constructor(private readonly inner: TelemetryStore) {}
  async write(rows: readonly TelemetryRow[], dead: readonly DeadLetterRow[]) {
    if (this.down) {
      this.failures++;
      throw new Error('connection refused (test)');
    }
    const out = await this.inner.write(rows, dead);
    if (rows.length) this.committed.push(rows[0]!.ts);
    return out;
  }
  async close(): Promise<void> {}
}

describe('ingest retries a failing store', () => {
  it('backs off from 100 ms doubling to 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000]);
  });

  it('holds the batch and what queues behind it, reports storeFailing, and commits in order once the store is back', async () => {
    const id = uid('RT');
    await addDevice(app, { id });
    await app.devices.registry.get(id);
    const store = new SwitchableStore(new SqlTelemetryStore(app.db));
    const errors: string[] = [];
    const ingest = new IngestService(app.db, app.devices.registry, store, undefined, {
      maxRows: 5,
      flushMs: 5,
      onError: (e) => errors.push(e.message),
    });
    const t0 = Date.now() - 10_000;
    const send = (i: number): void =>
      void ingest.take({
        source: 'test',
        channel: 'telemetry',
        id,
        payload: JSON.stringify({ ts: t0 + i, values: { P003: 1 } }),
      });
    for (let i = 0; i < 5; i++) send(i);
    await waitFor(async () => store.failures >= 4, 10_000); // past the old code's 3 attempts
    expect(ingest.storeFailing).toBe(true);
    for (let i = 5; i < 12; i++) send(i);
    expect(ingest.pendingRows).toBe(12);
    expect(ingest.stats.lost).toBe(0);
    store.down = false;
    await waitFor(async () => ingest.pendingRows === 0, 10_000);
    await ingest.flush();
    expect(ingest.storeFailing).toBe(false);
    expect(await countTelemetry(app, id)).toBe(12);
    expect(store.committed[0]).toBe(t0); // the held batch first
    expect(errors.length).toBe(1); // one report per failure episode (repeated every 30 s while it lasts)
    expect(errors[0]).toMatch(/telemetry store failing .*holding 5 rows/);
    await ingest.stop();
  });

  it('gives up only when stopped, after stopRetryMs, and says how many rows it could not write', async () => {
    const id = uid('RT');
    await addDevice(app, { id });
    await app.devices.registry.get(id);
    const store = new SwitchableStore(new SqlTelemetryStore(app.db));
    const errors: string[] = [];
    const ingest = new IngestService(app.db, app.devices.registry, store, undefined, {
      maxRows: 5,
      flushMs: 5,
      stopRetryMs: 200,
      onError: (e) => errors.push(e.message),
    });
    const t0 = Date.now() - 10_000;
    for (let i = 0; i < 7; i++)
      ingest.take({
        source: 'test',
        channel: 'telemetry',
        id,
        payload: JSON.stringify({ ts: t0 + i, values: { P003: 1 } }),
      });
    await waitFor(async () => store.failures >= 2, 10_000);
    await ingest.stop();
    expect(ingest.stats.lost).toBe(7);
    expect(errors).toContain('ingest stopped with 7 accepted rows not written (telemetry store unreachable)');
    expect(await countTelemetry(app, id)).toBe(0);
  });
});
