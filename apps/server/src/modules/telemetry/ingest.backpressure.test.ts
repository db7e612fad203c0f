// @module-tag embedded: the ingest holding back on the SQL telemetry store, the one the embedded stack uses
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { IngestService } from './ingest.service';
import { SqlTelemetryStore, type DeadLetterRow, type TelemetryRow, type TelemetryStore } from './telemetry-store';
import { addDevice, createDeviceTestApp, countTelemetry, uid } from './ingest.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createDeviceTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The real SQL store behind a gate the test opens, to hold commits back. */
class GatedStore implements TelemetryStore {
  private open!: () => void;
  private gate = new Promise<void>((r) => (this.open = r));
  constructor(private readonly inner: TelemetryStore) {}
  release(): void {
    this.open();
  }
  async write(rows: readonly TelemetryRow[], dead: readonly DeadLetterRow[]) {
    await this.gate;
    return this.inner.write(rows, dead);
  }
  async close(): Promise<void> {}
}

describe('ingest backpressure (IngestService.whenReady)', () => {
  it('asks transports to wait while maxPending rows are uncommitted, and lets them go once half are committed', async () => {
    const id = uid('BP');
    await addDevice(app, { id });
    await app.devices.registry.get(id);
    const store = new GatedStore(new SqlTelemetryStore(app.db));
    const ingest = new IngestService(app.db, app.devices.registry, store, undefined, {
      maxRows: 10,
      maxPending: 40,
      flushMs: 5,
    });
    const t0 = Date.now() - 10_000;
    const send = (i: number): void =>
      void ingest.take({
        source: 'test',
        channel: 'telemetry',
        id,
        payload: JSON.stringify({ ts: t0 + i, values: { P003: i / 10 } }),
      });

    for (let i = 0; i < 39; i++) send(i);
    expect(ingest.whenReady()).toBeUndefined();
    send(39);
    const wait = ingest.whenReady();
    expect(wait).toBeInstanceOf(Promise);
    let released = false;
    void wait!.then(() => (released = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(released).toBe(false);

    store.release();
    await wait;
    expect(ingest.stats.pending).toBeLessThan(20);
    await ingest.flush();
    expect(await countTelemetry(app, id)).toBe(40);
    expect(ingest.whenReady()).toBeUndefined();
    await ingest.stop();
  });
});
