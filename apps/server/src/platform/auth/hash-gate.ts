import os from 'node:os';
import { AppError } from '../http/app-error';

/** What a {@link HashGate} is doing: tasks running, tasks waiting, the most ever running, refusals. */
export interface HashGateStats {
  active: number;
  queued: number;
  peak: number;
  refused: number;
}

/**
 * A semaphore with a bounded queue for CPU-heavy work off the main thread (issue #8, finding 2:
 * scrypt on libuv's thread pool). At most `concurrency` tasks run at once; up to `maxQueue` more
 * wait in order; beyond that a task is refused at once, so a flood of sign-ins can neither take
 * every pool thread (file and DNS work keeps its threads) nor pile up without bound.
 */
export class HashGate {
  private active = 0;
  private peak = 0;
  private refused = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * @param concurrency tasks running at once (≥ 1).
   * @param maxQueue tasks allowed to wait (≥ 0).
   */
  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
  ) {}

  /**
   * Runs `task` when a slot is free.
   * @throws AppError tooManyRequests (HTTP 429, `{seconds: 1}`) when `maxQueue` tasks already wait.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxQueue) {
        this.refused++;
        throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: 1 });
      }
      // The finishing task hands its slot over: `active` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Current counters; `peak` and `refused` count since creation or the last {@link resetStats}. */
  stats(): HashGateStats {
    return { active: this.active, queued: this.waiting.length, peak: this.peak, refused: this.refused };
  }

  /** Restarts `peak` (at the current `active`) and `refused`. */
  resetStats(): void {
    this.peak = this.active;
    this.refused = 0;
  }
}

/**
 * The gate of every password hash of this process: half the cores, at most 2 (libuv's pool has 4
 * threads), and 16 waiting — at tens of ms per hash a waiting sign-in is answered within about a
 * second, and a flood beyond that is answered 429 without hashing.
 */
export const passwordHashGate = new HashGate(Math.max(1, Math.min(2, Math.floor(os.availableParallelism() / 2))), 16);
