import type { IngestOptions, IngestStats } from './ingest-types';
import { RetryPause, ThrottledReport, hasWork, newBatch, retryUntilDeadline } from './ingest-batch';
import type { LiveFanout } from './live-fanout';
import type { TelemetryStore } from './telemetry-store';

/**
 * The ingest's write side (ingest.service.ts routes messages into it): the open batch of readings,
 * dead letters and counters, flushed every `flushMs` or at `maxRows` rows through the
 * {@link TelemetryStore}, one batch at a time and in order; failed batches are held and retried;
 * `maxPending` uncommitted rows pause the transports ({@link whenReady}). Counters go to the
 * ingest's `stats` (`pending`, `stored`, `duplicates`, `batches`, `lost`).
 */
export class IngestQueue {
  /** The open batch new rows and dead letters go into (replaced when a write starts). */
  batch = newBatch();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly flushMs: number;
  private readonly maxRows: number;
  private readonly maxPending: number;
  /** Waiters of {@link whenReady}, released once the queue is below half of `maxPending`. */
  private ready: { promise: Promise<void>; resolve: () => void } | undefined;
  /** Set by the first failed batch write, cleared by the next commit. */
  private failing = false;
  /** Store failures reach `onError` at the first failed attempt, then every 30 s. */
  private readonly failureReport = new ThrottledReport(30_000);
  /** Set by {@link stop}: past it a failing batch is given up (ms epoch). */
  private stopDeadline: number | undefined;
  private readonly pause = new RetryPause();

  constructor(
    private readonly store: TelemetryStore,
    private readonly fanout: LiveFanout | undefined,
    private readonly stats: IngestStats,
    private readonly opts: IngestOptions,
  ) {
    this.flushMs = opts.flushMs ?? 100;
    this.maxRows = opts.maxRows ?? 5000;
    this.maxPending = opts.maxPending ?? 20 * this.maxRows;
  }

  /** True from the first failed batch write until the next successful commit (readiness). */
  get storeFailing(): boolean {
    return this.failing;
  }

  /**
   * Backpressure for transports (the MQTT ingest client delays its next packet on it): undefined
   * while fewer than `maxPending` rows wait for their commit, else a promise resolved once half of
   * them are committed (or the service stops). It bounds memory when the database stalls or is
   * unreachable (failed batches are held and retried, see writeBatch); note that a broker then holds the backlog only up to its own queue
   * limits (Mosquitto drops beyond `max_queued_messages`), so the bound is set well above a burst.
   */
  whenReady(): Promise<void> | undefined {
    if (this.stats.pending < this.maxPending || this.stopped) return undefined;
    if (!this.ready) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.ready = { promise, resolve };
    }
    return this.ready.promise;
  }

  private release(): void {
    if (this.ready && (this.stopped || this.stats.pending < this.maxPending / 2)) {
      this.ready.resolve();
      this.ready = undefined;
    }
  }

  /** After a row went into {@link batch}: writes now at `maxRows` rows, else within `flushMs`. */
  rowAdded(): void {
    if (this.batch.rows.length >= this.maxRows) this.kick();
    else this.arm();
  }

  /** Schedules a flush within `flushMs` unless one is scheduled or running. */
  arm(): void {
    if (this.timer || this.flushing || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, this.flushMs);
  }

  /** Starts a flush now unless one is running (the running one chains the next). */
  kick(): void {
    if (this.flushing) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (!hasWork(this.batch)) {
      this.batch.resolve();
      return;
    }
    this.flushing = this.writeBatch().finally(() => {
      this.flushing = undefined;
      if (this.batch.rows.length >= this.maxRows) this.kick();
      else if (hasWork(this.batch)) this.arm();
    });
  }

  /**
   * Writes the queued batch; while the store fails the batch is held and retried with capped
   * exponential backoff ({@link retryDelayMs}) for as long as it takes, so later batches queue
   * behind it in order and the memory bound ({@link whenReady}) pauses the transports. Only a
   * stopping ingest gives up, once `stopRetryMs` has passed (rows counted in `stats.lost`).
   */
  private async writeBatch(): Promise<void> {
    const b = this.batch;
    this.batch = newBatch();
    const outcome = await retryUntilDeadline(() => this.store.write(b.rows, b.dead, b.counts), {
      pause: this.pause,
      deadline: () => this.stopDeadline,
      onFailure: (failures, delay, err) => {
        this.failing = true;
        this.failureReport.maybe(failures === 1, () =>
          this.opts.onError?.(
            new Error(
              `telemetry store failing (attempt ${failures}): holding ${this.stats.pending} rows, retrying in ${delay} ms: ${err.message}`,
              { cause: err },
            ),
          ),
        );
      },
    });
    this.stats.pending -= b.rows.length;
    if (!outcome.ok) {
      this.stats.lost += b.rows.length;
      b.reject(outcome.error);
      this.release();
      return;
    }
    this.failing = false;
    this.stats.stored += outcome.value.stored;
    this.stats.duplicates += outcome.value.duplicates;
    this.stats.batches++;
    b.resolve();
    this.release();
    this.opts.onCommitted?.(b.rows, Date.now());
    this.fanout?.push(b.rows);
  }

  /** Writes everything queued so far; resolves when committed. */
  async flush(): Promise<void> {
    while (this.flushing || hasWork(this.batch)) {
      if (this.flushing) await this.flushing;
      else this.kick();
    }
  }

  /**
   * Flushes and stops timers. While the store fails, retries for up to `stopRetryMs` more and then
   * gives up, reporting the rows it could not write through `onError`.
   */
  async stop(): Promise<void> {
    const lostBefore = this.stats.lost;
    this.stopDeadline = Date.now() + (this.opts.stopRetryMs ?? 5000);
    this.pause.wake();
    await this.flush().catch(() => undefined);
    const lost = this.stats.lost - lostBefore;
    if (lost)
      this.opts.onError?.(
        new Error(`ingest stopped with ${lost} accepted rows not written (telemetry store unreachable)`),
      );
    this.stopped = true;
    this.release();
    if (this.timer) clearTimeout(this.timer);
    this.fanout?.stop();
    await this.store.close();
  }
}
