import { describe, expect, it } from 'vitest';
import type { QueuedReading } from './alarm-batch';
import { DeviceQueue } from './alarm-queue';

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
    expect(first.map((i) => [i.deviceId, i.readings.length])).toEqual([['a', 4], ['b', 5]]);
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
