import type { DeadLetterRow, TelemetryRow } from './telemetry-store';

/**
 * One batch of the ingest: accepted rows, stored dead letters and the counts of dead letters that
 * were only counted (past the per-client budget, see dead-letter-budget.ts), written together by a
 * `TelemetryStore`; `done` settles when the batch is committed (HTTP ingest waits on it).
 */
export interface Batch {
  rows: TelemetryRow[];
  dead: DeadLetterRow[];
  /** `ingest_counter` increments beyond the stored rows and dead letters (`dead:<reason>`, `dead:suppressed`). */
  counts: Map<string, number>;
  done: Promise<void>;
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
  return { rows: [], dead: [], counts: new Map(), done, resolve, reject };
}
