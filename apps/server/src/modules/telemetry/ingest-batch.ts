import type { Settling } from '../../platform/mqtt/settling';
import type { DeadLetterRow, TelemetryRow } from './telemetry-store';

/**
 * One batch of the ingest: accepted rows, stored dead letters and the counts of dead letters that
 * were only counted (past the per-client budget, see dead-letter-budget.ts), written together by a
 * `TelemetryStore`; `done` settles when the batch is committed (HTTP ingest waits on it).
 */
export interface Batch extends Settling {
  rows: TelemetryRow[];
  dead: DeadLetterRow[];
  /** `ingest_counter` increments beyond the stored rows and dead letters (`dead:<reason>`, `dead:suppressed`). */
  counts: Map<string, number>;
  resolve: () => void;
  reject: (e: Error) => void;
}

/** An empty batch whose `done` never rejects unhandled. */
export function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  done.catch(() => undefined);
  const b: Batch & { state: Settling['state'] } = {
    rows: [],
    dead: [],
    counts: new Map(),
    done,
    state: 'pending',
    resolve: () => {
      b.state = 'ok';
      resolve();
    },
    reject: (e) => {
      b.state = 'failed';
      reject(e);
    },
  };
  return b;
}

/** First retry delay of a failed batch write, ms. */
export const RETRY_FIRST_MS = 100;
/** Longest retry delay of a failed batch write, ms. */
export const RETRY_MAX_MS = 5000;

/** Delay before retry number `failures` (1 = after the first failure): 100 ms doubling, capped at 5 s; ms. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(Math.max(failures - 1, 0), 16));
}

/** True when `b` holds anything to write: rows, dead letters or counters. */
export function hasWork(b: Batch): boolean {
  return b.rows.length > 0 || b.dead.length > 0 || b.counts.size > 0;
}

/**
 * Reports a repeating failure at its first occurrence and then at most once per `everyMs`
 * (the failing telemetry store: one line every 30 s, not one per retry).
 */
export class ThrottledReport {
  private last = 0;
  constructor(private readonly everyMs: number) {}

  /** Calls `report` when this is the first attempt or `everyMs` passed since the last report. */
  maybe(firstAttempt: boolean, report: () => void): void {
    if (!firstAttempt && Date.now() - this.last < this.everyMs) return;
    this.last = Date.now();
    report();
  }
}

/** A sleep between retries that {@link RetryPause.wake} cuts short (the ingest stopping). */
export class RetryPause {
  private cut: (() => void) | undefined;

  /** Resolves after `ms` or at the next {@link wake}, whichever is first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.cut = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.cut = done;
    });
  }

  /** Ends the current sleep now (no-op without one). */
  wake(): void {
    this.cut?.();
  }
}

/**
 * Runs `attempt` until it succeeds, sleeping {@link retryDelayMs} between
 * tries on `pause` (cut short by its `wake`); once `deadline()` (ms epoch, undefined = none) has
 * passed, a failure is final. `onFailure` hears every failure with the delay before the next try.
 */
export async function retryUntilDeadline<T>(
  attempt: () => Promise<T>,
  o: {
    pause: RetryPause;
    deadline: () => number | undefined;
    onFailure: (failures: number, delayMs: number, err: Error) => void;
  },
): Promise<{ ok: true; value: T } | { ok: false; error: Error }> {
  for (let failures = 1; ; failures++) {
    try {
      return { ok: true, value: await attempt() };
    } catch (err) {
      const deadline = o.deadline();
      if (deadline !== undefined && Date.now() >= deadline) return { ok: false, error: err as Error };
      const delay = retryDelayMs(failures);
      o.onFailure(failures, delay, err as Error);
      await o.pause.sleep(deadline === undefined ? delay : Math.min(delay, Math.max(0, deadline - Date.now())));
    }
  }
}
