import { DEVICE_JSON_LIMITS, MAX_PAYLOAD_BYTES, checkDeviceTime, isGatewayKind } from '@ztj/contracts';
import { parseBoundedJson } from '../../platform/json/bounded-json';
import type { Db } from '../../platform/db/db';
import { DeadLetterBudget } from './dead-letter-budget';
import type { IngestMessage, IngestOptions, IngestOutcome, IngestStats } from './ingest-types';
import type { DeviceRegistry, RegisteredDevice } from './device-registry';
import { recordAck, recordEvent, type Refusal } from './device-events';
import { SETTLED, settlingOf, type Settling } from '../../platform/mqtt/settling';
import { RetryPause, ThrottledReport, hasWork, newBatch, retryUntilDeadline, type Batch } from './ingest-batch';
import { checkGatewayBatch, checkTelemetry, type Reading } from './fast-validate';
import type { LiveFanout } from './live-fanout';
import type { TelemetryStore } from './telemetry-store';
import { PAYLOAD_KEEP, kept, none, rowOf } from './ingest-payload';

export type { IngestMessage, IngestOptions, IngestOutcome, IngestStats } from './ingest-types';

/** An outcome plus the batch its rows went into (waited on by HTTP ingest). */
type Outcome = IngestOutcome & { batch?: Batch };

/**
 * The ingest (ARCHITECTURE §5, CONVENTIONS §8): validates each message with the contract (fast
 * path, see fast-validate.ts), refuses unknown devices, sub-devices of another gateway and device
 * times outside `checkDeviceTime`, and queues readings into batches written by a
 * {@link TelemetryStore}; a refused message becomes a dead letter and never stops the stream
 * (stored within a per-client budget, counted past it: {@link DeadLetterBudget}).
 * Events and acks are low-volume and written directly.
 */
export class IngestService {
  private batch = newBatch();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly flushMs: number;
  private readonly maxRows: number;
  private readonly maxPending: number;
  /** Waiters of {@link whenReady}, released once the queue is below half of `maxPending`. */
  private ready: { promise: Promise<void>; resolve: () => void } | undefined;
  readonly stats: IngestStats = {
    received: 0,
    stored: 0,
    duplicates: 0,
    dead: {},
    suppressed: 0,
    batches: 0,
    lost: 0,
    pending: 0,
  };
  /** Budget of stored dead letters; `deadLetters.close(now)` writes the window's summary rows. */
  readonly deadLetters: DeadLetterBudget;
  /** Set by the first failed batch write, cleared by the next commit. */
  private failing = false;
  /** Store failures reach `onError` at the first failed attempt, then every 30 s. */
  private readonly failureReport = new ThrottledReport(30_000);
  /** Set by {@link stop}: past it a failing batch is given up (ms epoch). */
  private stopDeadline: number | undefined;
  private readonly pause = new RetryPause();
  /** Readings older than `floor.minTs` have no partition to go to. */
  private readonly floor: { readonly minTs: number };

  /** True from the first failed batch write until the next successful commit (readiness). */
  get storeFailing(): boolean {
    return this.failing;
  }

  /** Rows accepted and not yet committed, rows. */
  get pendingRows(): number {
    return this.stats.pending;
  }

  constructor(
    private readonly db: Db,
    private readonly registry: DeviceRegistry,
    private readonly store: TelemetryStore,
    private readonly fanout: LiveFanout | undefined,
    private readonly opts: IngestOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 100;
    this.maxRows = opts.maxRows ?? 5000;
    this.maxPending = opts.maxPending ?? 20 * this.maxRows;
    this.floor = opts.telemetryFloor ?? { minTs: -Infinity };
    this.deadLetters = new DeadLetterBudget(opts.deadLetters ?? {}, (rows) => {
      this.batch.dead.push(...rows);
      this.arm();
    });
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

  /**
   * Takes a message without waiting (MQTT); returns what settles once its effect is committed
   * (the batch holding its readings or dead letter), to acknowledge after commit.
   */
  take(msg: IngestMessage): Settling {
    const r = this.process(msg, Date.now());
    if (!(r instanceof Promise)) return r.batch ?? SETTLED;
    return settlingOf(
      r.then(
        (o) => o.batch?.done,
        (e: Error) => {
          this.opts.onError?.(e);
          throw e;
        },
      ),
    );
  }

  /** Takes a message and resolves once its readings are committed (HTTP ingest). */
  async handleAndWait(msg: IngestMessage): Promise<IngestOutcome> {
    const { batch, ...outcome } = await this.process(msg, Date.now());
    if (batch) {
      this.kick();
      await batch.done;
    }
    return outcome;
  }

  private process(msg: IngestMessage, receivedAt: number): Outcome | Promise<Outcome> {
    this.stats.received++;
    const size = typeof msg.payload === 'string' ? Buffer.byteLength(msg.payload) : msg.payload.length;
    if (size > MAX_PAYLOAD_BYTES) return this.refuse(msg, receivedAt, msg.id, 'tooLarge', `${size} bytes`);
    if (msg.authDeviceId !== undefined && msg.authDeviceId !== msg.id)
      return this.refuse(msg, receivedAt, msg.id, 'unauthorized', `authenticated as ${msg.authDeviceId}`);
    const device = this.registry.peek(msg.id);
    if (device === undefined) return this.registry.get(msg.id).then((d) => this.route(msg, d, receivedAt));
    return this.route(msg, device, receivedAt);
  }

  private route(msg: IngestMessage, device: RegisteredDevice | null, receivedAt: number): Outcome | Promise<Outcome> {
    if (!device) return this.refuse(msg, receivedAt, msg.id, 'unknownDevice', null);
    // bounded before parsed: no payload can hold the event loop
    const parsed = parseBoundedJson(msg.payload, DEVICE_JSON_LIMITS[msg.channel]);
    if (!parsed.ok) return this.refuse(msg, receivedAt, msg.id, parsed.code, parsed.detail);
    const body = parsed.value;
    switch (msg.channel) {
      case 'telemetry': {
        const c = checkTelemetry(body);
        if (!c.ok) return this.refuse(msg, receivedAt, msg.id, c.reason, c.detail);
        return this.accept(msg, device, c.value, receivedAt);
      }
      case 'gatewayTelemetry':
        return this.gatewayBatch(msg, device, body, receivedAt);
      case 'events':
        return this.written(msg, receivedAt, recordEvent(this.db, device, body, receivedAt, this.opts.onDeviceEvent));
      case 'acks':
        return this.written(msg, receivedAt, recordAck(this.db, device, body));
      default:
        return this.refuse(msg, receivedAt, msg.id, 'badTopic', msg.channel);
    }
  }

  /** The outcome of a message written directly (event, ack): accepted, or refused as `written` says. */
  private written(msg: IngestMessage, receivedAt: number, written: Promise<Refusal | null>): Promise<Outcome> {
    return written.then((problem) =>
      problem ? this.refuse(msg, receivedAt, msg.id, problem.reason, problem.detail) : none(),
    );
  }

  private async gatewayBatch(
    msg: IngestMessage,
    gateway: RegisteredDevice,
    body: unknown,
    receivedAt: number,
  ): Promise<Outcome> {
    if (!isGatewayKind(gateway.kind)) return this.refuse(msg, receivedAt, msg.id, 'notGateway', gateway.model);
    const c = checkGatewayBatch(body);
    if (!c.ok) return this.refuse(msg, receivedAt, msg.id, c.reason, c.detail);
    const out: Outcome = { accepted: 0, rejected: 0, reasons: [], details: [] };
    for (const r of c.value.readings) {
      const sub = this.registry.peek(r.deviceId) ?? (await this.registry.get(r.deviceId));
      const one =
        !sub || sub.gatewayId !== gateway.id
          ? this.refuse(
              msg,
              receivedAt,
              r.deviceId,
              sub ? 'notSubDevice' : 'unknownDevice',
              `gateway ${gateway.id}`,
              JSON.stringify(r),
            )
          : this.accept(msg, sub, r, receivedAt);
      out.accepted += one.accepted;
      out.rejected += one.rejected;
      out.reasons.push(...one.reasons);
      out.details.push(...one.details);
      out.batch = one.batch;
    }
    return out;
  }

  private accept(msg: IngestMessage, device: RegisteredDevice, r: Reading, receivedAt: number): Outcome {
    const time = checkDeviceTime(r.ts, receivedAt);
    if (time !== 'ok') return this.refuse(msg, receivedAt, device.id, time, `ts ${r.ts}`, JSON.stringify(r));
    if (r.ts < this.floor.minTs)
      return this.refuse(
        msg,
        receivedAt,
        device.id,
        'beforeRetention',
        `ts ${r.ts} < ${this.floor.minTs}`,
        JSON.stringify(r),
      );
    const batch = this.batch;
    batch.rows.push(rowOf(device, r, receivedAt));
    this.stats.pending++;
    if (this.batch.rows.length >= this.maxRows) this.kick();
    else this.arm();
    return { accepted: 1, rejected: 0, reasons: [], details: [], batch };
  }

  /** Counts a refused message and stores it as a dead letter if its client's budget allows. */
  private refuse(
    msg: IngestMessage,
    receivedAt: number,
    deviceId: string | null,
    reason: string,
    detail: string | null,
    payload?: string,
  ): Outcome {
    this.stats.dead[reason] = (this.stats.dead[reason] ?? 0) + 1;
    const batch = this.batch;
    if (this.deadLetters.admit(msg.authDeviceId ?? msg.id, reason, msg.source, receivedAt)) {
      batch.dead.push({
        receivedAt,
        source: msg.source,
        deviceId,
        reason,
        detail,
        payload: payload?.slice(0, PAYLOAD_KEEP) ?? kept(msg.payload),
      });
    } else {
      this.stats.suppressed++;
      for (const name of [`dead:${reason}`, 'dead:suppressed'])
        batch.counts.set(name, (batch.counts.get(name) ?? 0) + 1);
    }
    this.arm();
    return { accepted: 0, rejected: 1, reasons: [reason], details: [detail ?? ''], batch };
  }

  private arm(): void {
    if (this.timer || this.flushing || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, this.flushMs);
  }

  /** Starts a flush now unless one is running (the running one chains the next). */
  private kick(): void {
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
   * Writes the dead-letter summaries, flushes and stops timers. While the store fails, retries for
   * up to `stopRetryMs` more and then gives up, reporting the rows it could not write through `onError`.
   */
  async stop(): Promise<void> {
    this.deadLetters.close(Date.now());
    this.deadLetters.stop();
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
