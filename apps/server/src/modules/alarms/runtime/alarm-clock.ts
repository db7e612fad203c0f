import { DeadlineQueue } from './deadline-queue';
import type { DeviceRules } from './rule-cache';

/** Shortest time between two clock wake-ups, ms: deadlines closer than this are met together. */
export const MIN_WAKE_GAP_MS = 250;

/**
 * When the alarm runtime's clock must run the engine's `tick`, and for which devices: each
 * device's next deadline (engine `nextDeadline`: a pending raise, a clear delay, a reminder, an
 * escalation, the start of an offline silence) waits in a {@link DeadlineQueue}, so a tick visits
 * only the devices due — its cost grows with the devices due, not with those waiting. One timer
 * wakes at the earliest deadline (no sooner than {@link MIN_WAKE_GAP_MS} after the last wake, no
 * later than `maxWaitMs` from now); `wake` is called with the wall clock time.
 *
 * Deadlines are device times compared with the server clock. When a new rule snapshot is seen, a
 * device whose rules changed (its {@link DeviceRules.signature}) and that waits for a deadline is
 * visited at once, so an edit that moves the deadline (a shorter duration or delay) takes effect
 * without waiting for the old one; a device that gains an offline condition is visited once too.
 */
export class AlarmClock {
  private readonly queue = new DeadlineQueue();
  /** Devices seen carrying an offline condition (rule snapshots are compared against it). */
  private readonly offline = new Set<string>();
  /** Each device's rule signature in the last snapshot seen. */
  private signatures = new Map<string, string>();
  private generation = -1;
  private timer: NodeJS.Timeout | undefined;
  private timerAt: number | undefined;
  private lastWake = -Infinity;
  private stopped = false;

  constructor(
    private readonly maxWaitMs: number,
    private readonly wake: (now: number) => void,
  ) {}

  /** Devices with a deadline. */
  get waiting(): number {
    return this.queue.size;
  }

  /** The earliest deadline waiting, ms epoch, undefined when none. */
  get next(): number | undefined {
    return this.queue.peek();
  }

  /** Records the deadlines a batch computed (null: nothing due however long the device stays silent). */
  note(deadlines: ReadonlyMap<string, number | null>): void {
    for (const [id, due] of deadlines) this.queue.set(id, due);
    this.arm();
  }

  /** Asks for a visit of `deviceId` at `at` (or earlier, if its deadline is earlier). */
  visit(deviceId: string, at: number): void {
    const due = this.queue.get(deviceId);
    if (due === undefined || at < due) this.queue.set(deviceId, at);
  }

  /**
   * A rule snapshot was (maybe) reloaded: devices that now carry an offline condition not seen
   * before, and devices waiting for a deadline whose rules changed, are visited at `now` (unless
   * `visit` is false: at start their deadlines come from the stored states), so their silence is
   * timed from their last reading and their deadlines from the rules as they are now. O(devices),
   * only when the snapshot changed.
   */
  rulesLoaded(generation: number, devices: Iterable<DeviceRules>, now: number, visit = true): void {
    if (generation === this.generation) return;
    this.generation = generation;
    const before = this.signatures;
    this.signatures = new Map();
    for (const d of devices) {
      this.signatures.set(d.deviceId, d.signature);
      const was = before.get(d.deviceId);
      if (visit && was !== undefined && was !== d.signature && this.queue.get(d.deviceId) !== undefined)
        this.visit(d.deviceId, now);
      if (!d.hasOffline || this.offline.has(d.deviceId)) continue;
      this.offline.add(d.deviceId);
      if (visit) this.visit(d.deviceId, now);
    }
    this.arm();
  }

  /** Takes the devices due at or before `now` off the queue (the caller ticks them; their batch gives the next deadlines). */
  takeDue(now: number): string[] {
    return this.queue.popDue(now);
  }

  /** Sets the wake-up timer for the earliest deadline (see the class comment). */
  arm(): void {
    const top = this.queue.peek();
    if (top === undefined || this.stopped) return;
    const at = Math.max(top, this.lastWake + MIN_WAKE_GAP_MS);
    if (this.timerAt !== undefined && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = undefined;
        this.lastWake = Date.now();
        this.wake(this.lastWake);
      },
      Math.min(Math.max(0, at - Date.now()), this.maxWaitMs),
    );
    this.timer.unref();
  }

  /** Stops the timer for good. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
