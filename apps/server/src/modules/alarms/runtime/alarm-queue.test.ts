import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueuedReading } from './alarm-batch';
import { DeviceQueue, MAX_SETTLE_FACTOR, REORDER_MS } from './alarm-queue';

/** The alarm runtime's per-device queue: batches bounded by devices and by readings, queue order kept. */

const reading = (ts: number): QueuedReading => ({ ts, values: { P003: 1 }, receivedAt: ts });

function queueWith(counts: Record<string, number>): DeviceQueue {
  const q = new DeviceQueue(1_000_000, 1000, () => undefined);
  for (const [id, n] of Object.entries(counts)) for (let i = 1; i <= n; i++) q.add(id, reading(i));
  return q;
}

describe('DeviceQueue.take', () => {
  it('stops taking devices once the batch holds maxReadings, never splitting a device', () => {
    const q = queueWith({ a: 4, b: 5, c: 3, d: 1 });
    const first = q.take(500, 8);
    expect(first.map((i) => [i.deviceId, i.readings.length])).toEqual([
      ['a', 4],
      ['b', 5],
    ]);
    expect(q.size).toBe(4);
    expect(q.take(500, 8).map((i) => i.deviceId)).toEqual(['c', 'd']);
    expect(q.hasPending).toBe(false);
  });

  it('takes one device even when it alone holds more than maxReadings, and honours the device bound', () => {
    const q = queueWith({ a: 20, b: 1, c: 1 });
    expect(q.take(500, 8).map((i) => i.deviceId)).toEqual(['a']);
    expect(q.take(1, 8).map((i) => i.deviceId)).toEqual(['b']);
    expect(q.take(500).map((i) => i.deviceId)).toEqual(['c']);
  });
});

describe('DeviceQueue late readings', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a reading reordered by a few seconds at once and lets an older one settle as back-fill', () => {
    const q = new DeviceQueue(1000, 1000, () => undefined);
    q.noteSeen(new Map([['a', 100_000]]));
    expect(q.add('a', reading(100_000 - REORDER_MS))).toBe('queued');
    expect(q.add('a', reading(100_000 - REORDER_MS - 1))).toBe('late');
    expect(q.take(500).map((i) => i.readings.map((r) => r.ts))).toEqual([[100_000 - REORDER_MS]]);
    expect(q.settling).toBe(true);
    q.stop();
  });

  it('releases late readings that keep arriving once they have settled for the longest time', () => {
    vi.useFakeTimers();
    let ready = 0;
    const q = new DeviceQueue(100_000, 1000, () => ready++);
    q.noteSeen(new Map([['a', 10_000_000]]));
    // a late reading every 500 ms for 6 s: never 1 s of quiet, so only the bound can release them
    let ts = 1_000_000;
    let releasedAt: number | undefined;
    for (let t = 0; t <= 6000 && releasedAt === undefined; t += 500) {
      q.add('a', reading(ts++));
      vi.advanceTimersByTime(500);
      if (q.hasPending) releasedAt = t + 500;
    }
    expect(releasedAt).toBe(MAX_SETTLE_FACTOR * 1000);
    expect(q.take(500)[0]!.readings).toHaveLength(MAX_SETTLE_FACTOR * 2);
    expect(ready).toBeGreaterThan(0);
    q.stop();
  });
});
