import type { QueuedReading, WorkItem } from './alarm-batch';

/** What became of a reading handed to {@link DeviceQueue.add}. */
export type QueueVerdict = 'queued' | 'late' | 'dropped';

/** Device time (ms) behind the newest evaluated reading within which a reading is reordering, not back-fill. */
export const REORDER_MS = 5_000;
/** Longest settling of a device's late readings, in multiples of `lateSettleMs` after the first of them. */
export const MAX_SETTLE_FACTOR = 3;

/**
 * The per-device queues of the alarm runtime, in memory:
 * - `pending`: one {@link WorkItem} per device waiting for the next batch (insertion order = fairness);
 * - late readings (device time at or before what the engine has seen of the device) settle per
 *   device until none came for `lateSettleMs`, so a back-filled series sent as several messages is
 *   evaluated in one call (the engine judges a back-filled episode within one call's late readings);
 *   settling ends at the latest {@link MAX_SETTLE_FACTOR} × `lateSettleMs` after the first of them,
 *   so a steady trickle of late readings cannot hold a device's alarms back indefinitely;
 * - a reading at most {@link REORDER_MS} of device time behind what the engine has seen is not a
 *   back-fill but the ordinary reordering of a stream split over several ingest connections and
 *   batches: it goes to the next batch at once (the engine judges it as late there);
 * - a memory bound: past `maxQueued` readings new ones are dropped and counted.
 * `ready` is called when settled late readings moved to `pending`.
 */
export class DeviceQueue {
  private readonly pending = new Map<string, WorkItem>();
  private readonly late = new Map<string, { readings: QueuedReading[]; at: number; first: number }>();
  /** Latest device time the engine has seen per device (after the last batch that evaluated it). */
  private readonly lastSeen = new Map<string, number>();
  private lateTimer: NodeJS.Timeout | undefined;
  /** Readings held (pending and settling). */
  size = 0;
  /** When true, late readings skip settling (shutdown). */
  draining = false;

  constructor(
    private readonly maxQueued: number,
    private readonly lateSettleMs: number,
    private readonly ready: () => void,
  ) {}

  /** True when a batch has something to take. */
  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** Devices with pending work. */
  get devices(): number {
    return this.pending.size;
  }

  /** True while late readings settle. */
  get settling(): boolean {
    return this.late.size > 0;
  }

  /** The pending item of a device (created empty). */
  itemOf(deviceId: string): WorkItem {
    let item = this.pending.get(deviceId);
    if (!item) {
      item = { deviceId, readings: [], marks: [] };
      this.pending.set(deviceId, item);
    }
    return item;
  }

  /** Queues one reading (see the class comment). */
  add(deviceId: string, r: QueuedReading): QueueVerdict {
    if (this.size >= this.maxQueued) return 'dropped';
    this.size++;
    const seen = this.lastSeen.get(deviceId);
    if (seen === undefined || r.ts > seen || this.draining || seen - r.ts <= REORDER_MS) {
      this.itemOf(deviceId).readings.push(r);
      return 'queued';
    }
    const waiting = this.late.get(deviceId);
    if (waiting) {
      waiting.readings.push(r);
      waiting.at = Date.now();
    } else this.late.set(deviceId, { readings: [r], at: Date.now(), first: Date.now() });
    this.lateTimer ??= setTimeout(() => this.releaseLate(false), this.lateSettleMs);
    return 'late';
  }

  /** Moves settled late readings (all of them when `all`) to `pending` and calls `ready`. */
  releaseLate(all: boolean): void {
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = undefined;
    const now = Date.now();
    for (const [id, w] of this.late) {
      if (!all && now - w.at < this.lateSettleMs && now - w.first < MAX_SETTLE_FACTOR * this.lateSettleMs) continue;
      this.late.delete(id);
      this.itemOf(id).readings.push(...w.readings);
    }
    if (this.late.size) this.lateTimer = setTimeout(() => this.releaseLate(false), this.lateSettleMs);
    this.ready();
  }

  /**
   * Takes up to `max` device items off the queue, in queue order, stopping once they hold
   * `maxReadings` readings (the item that reaches it is taken whole; at least one item).
   */
  take(max: number, maxReadings = Infinity): WorkItem[] {
    const items: WorkItem[] = [];
    let readings = 0;
    for (const [id, item] of this.pending) {
      if (items.length >= max || readings >= maxReadings) break;
      readings += item.readings.length;
      items.push(item);
      this.pending.delete(id);
      this.size -= item.readings.length;
    }
    return items;
  }

  /** Puts items of a failed batch back, merged with what arrived for their devices meanwhile. */
  putBack(items: readonly WorkItem[]): void {
    for (const item of items) {
      const later = this.pending.get(item.deviceId);
      this.pending.delete(item.deviceId);
      this.pending.set(
        item.deviceId,
        later
          ? {
              deviceId: item.deviceId,
              readings: [...item.readings, ...later.readings],
              marks: [...item.marks, ...later.marks],
              tickNow: later.tickNow ?? item.tickNow,
            }
          : item,
      );
      this.size += item.readings.length;
    }
  }

  /** Records what the engine has seen after a batch (device id → `lastSeenTs`). */
  noteSeen(lastSeen: ReadonlyMap<string, number>): void {
    for (const [id, ts] of lastSeen) this.lastSeen.set(id, ts);
  }

  /** Forgets everything queued (a stopping runtime gave up); returns the items dropped. */
  clear(): WorkItem[] {
    const items = [...this.pending.values()];
    this.pending.clear();
    this.late.clear();
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = undefined;
    this.size = 0;
    return items;
  }

  /** Stops the settle timer. */
  stop(): void {
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = undefined;
  }
}
