import { DEVICE_JSON_LIMITS, MAX_PAYLOAD_BYTES, checkDeviceTime, isGatewayKind } from '@ztj/contracts';
import { parseBoundedJson } from '../../platform/json/bounded-json';
import type { Db } from '../../platform/db/db';
import { DeadLetterBudget } from './dead-letter-budget';
import type { IngestMessage, IngestOptions, IngestOutcome, IngestStats } from './ingest-types';
import type { DeviceRegistry, RegisteredDevice } from './device-registry';
import { recordAck, recordEvent, type Refusal } from './device-events';
import { SETTLED, settlingOf, type Settling } from '../../platform/mqtt/settling';
import type { Batch } from './ingest-batch';
import { IngestQueue } from './ingest-queue';
import { checkGatewayBatch, checkTelemetry, type Reading } from './fast-validate';
import type { LiveFanout } from './live-fanout';
import type { TelemetryStore } from './telemetry-store';
import { PAYLOAD_KEEP, kept, none, rowOf } from './ingest-payload';
import type { RefusalCause } from './refusal-cause';
import { refusedLogLine } from './refused-log';
import { SUPPRESSED_REASON } from './telemetry-store';

export type { IngestMessage, IngestOptions, IngestOutcome, IngestStats } from './ingest-types';

/** An outcome plus the batch its rows went into (waited on by HTTP ingest). */
type Outcome = IngestOutcome & { batch?: Batch };

/**
 * About a refusal: the raw payload part refused (a gateway batch's reading; default the message's
 * payload), the device whose log gets the line (known from the topic, path or credentials; none:
 * no line) and the cause (default: the dead-letter reason, no field).
 */
interface RefusalAbout {
  payload?: string;
  owner?: RegisteredDevice | null;
  cause?: RefusalCause;
}

/**
 * The ingest (ARCHITECTURE §5, CONVENTIONS §8): validates each message with the contract (fast
 * path, see fast-validate.ts), refuses unknown devices, sub-devices of another gateway and device
 * times outside `checkDeviceTime`, and queues readings into batches written by a
 * {@link TelemetryStore}; a refused message becomes a dead letter and never stops the stream
 * (stored within a per-client budget, counted past it: {@link DeadLetterBudget}). A stored dead
 * letter of a known device also becomes a line of its device log (kind `refused`, SPEC §2), in the
 * same batch; a window's summary of suppressed ones too. Accepted readings cost nothing more.
 * Events and acks are low-volume and written directly.
 */
export class IngestService {
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
  /** The open batch and its writes. */
  private readonly queue: IngestQueue;
  /** Readings older than `floor.minTs` have no partition to go to. */
  private readonly floor: { readonly minTs: number };

  /** True from the first failed batch write until the next successful commit (readiness). */
  get storeFailing(): boolean {
    return this.queue.storeFailing;
  }

  /** Rows accepted and not yet committed, rows. */
  get pendingRows(): number {
    return this.stats.pending;
  }

  constructor(
    private readonly db: Db,
    private readonly registry: DeviceRegistry,
    store: TelemetryStore,
    fanout: LiveFanout | undefined,
    private readonly opts: IngestOptions = {},
  ) {
    this.queue = new IngestQueue(store, fanout, this.stats, opts);
    this.floor = opts.telemetryFloor ?? { minTs: -Infinity };
    this.deadLetters = new DeadLetterBudget(opts.deadLetters ?? {}, (rows) => {
      for (const r of rows) {
        const owner = r.deviceId === null ? undefined : this.registry.peek(r.deviceId);
        if (owner) r.log = refusedLogLine(owner, { key: SUPPRESSED_REASON, field: null }, null, r.count);
      }
      this.queue.batch.dead.push(...rows);
      this.queue.arm();
    });
  }

  /** Backpressure for transports: see {@link IngestQueue.whenReady}. */
  whenReady(): Promise<void> | undefined {
    return this.queue.whenReady();
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
      this.queue.kick();
      await batch.done;
    }
    return outcome;
  }

  private process(msg: IngestMessage, receivedAt: number): Outcome | Promise<Outcome> {
    this.stats.received++;
    const size = typeof msg.payload === 'string' ? Buffer.byteLength(msg.payload) : msg.payload.length;
    if (size > MAX_PAYLOAD_BYTES)
      return this.refuse(msg, receivedAt, msg.id, 'tooLarge', `${size} bytes`, {
        owner: msg.authDeviceId === undefined || msg.authDeviceId === msg.id ? this.registry.peek(msg.id) : null,
      });
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
    if (!parsed.ok) return this.refuse(msg, receivedAt, msg.id, parsed.code, parsed.detail, { owner: device });
    const body = parsed.value;
    switch (msg.channel) {
      case 'telemetry': {
        const c = checkTelemetry(body);
        if (!c.ok) return this.refuse(msg, receivedAt, msg.id, c.reason, c.detail, { owner: device, cause: c.cause });
        return this.accept(msg, device, c.value, receivedAt);
      }
      case 'gatewayTelemetry':
        return this.gatewayBatch(msg, device, body, receivedAt);
      case 'events':
        return this.written(
          msg,
          device,
          receivedAt,
          recordEvent(this.db, device, body, receivedAt, this.opts.onDeviceEvent),
        );
      case 'acks':
        return this.written(msg, device, receivedAt, recordAck(this.db, device, body));
      default:
        return this.refuse(msg, receivedAt, msg.id, 'badTopic', msg.channel, { owner: device });
    }
  }

  /** The outcome of a message written directly (event, ack): accepted, or refused as `written` says. */
  private written(
    msg: IngestMessage,
    device: RegisteredDevice,
    receivedAt: number,
    written: Promise<Refusal | null>,
  ): Promise<Outcome> {
    return written.then((problem) =>
      problem
        ? this.refuse(msg, receivedAt, msg.id, problem.reason, problem.detail, { owner: device, cause: problem.cause })
        : none(),
    );
  }

  private async gatewayBatch(
    msg: IngestMessage,
    gateway: RegisteredDevice,
    body: unknown,
    receivedAt: number,
  ): Promise<Outcome> {
    if (!isGatewayKind(gateway.kind))
      return this.refuse(msg, receivedAt, msg.id, 'notGateway', gateway.model, { owner: gateway });
    const c = checkGatewayBatch(body);
    if (!c.ok) return this.refuse(msg, receivedAt, msg.id, c.reason, c.detail, { owner: gateway, cause: c.cause });
    const out: Outcome = { accepted: 0, rejected: 0, reasons: [], details: [], causes: [] };
    for (const r of c.value.readings) {
      const sub = this.registry.peek(r.deviceId) ?? (await this.registry.get(r.deviceId));
      const reason = sub ? 'notSubDevice' : 'unknownDevice';
      const one =
        !sub || sub.gatewayId !== gateway.id
          ? this.refuse(msg, receivedAt, r.deviceId, reason, `gateway ${gateway.id}`, {
              payload: JSON.stringify(r),
              owner: gateway,
              cause: { key: reason, field: r.deviceId },
            })
          : this.accept(msg, sub, r, receivedAt);
      out.accepted += one.accepted;
      out.rejected += one.rejected;
      out.reasons.push(...one.reasons);
      out.details.push(...one.details);
      out.causes.push(...one.causes);
      out.batch = one.batch;
    }
    return out;
  }

  private accept(msg: IngestMessage, device: RegisteredDevice, r: Reading, receivedAt: number): Outcome {
    const time = checkDeviceTime(r.ts, receivedAt);
    if (time !== 'ok')
      return this.refuse(msg, receivedAt, device.id, time, `ts ${r.ts}`, {
        payload: JSON.stringify(r),
        owner: device,
        cause: { key: time, field: 'ts' },
      });
    if (r.ts < this.floor.minTs)
      return this.refuse(msg, receivedAt, device.id, 'beforeRetention', `ts ${r.ts} < ${this.floor.minTs}`, {
        payload: JSON.stringify(r),
        owner: device,
        cause: { key: 'beforeRetention', field: 'ts' },
      });
    const batch = this.queue.batch;
    batch.rows.push(rowOf(device, r, receivedAt));
    this.stats.pending++;
    this.queue.rowAdded();
    return { accepted: 1, rejected: 0, reasons: [], details: [], causes: [], batch };
  }

  /**
   * Counts a refused message and, if its client's budget allows, stores it as a dead letter and
   * (device known) as a line of that device's log; `about` see {@link RefusalAbout}.
   */
  private refuse(
    msg: IngestMessage,
    receivedAt: number,
    deviceId: string | null,
    reason: string,
    detail: string | null,
    about: RefusalAbout = {},
  ): Outcome {
    this.stats.dead[reason] = (this.stats.dead[reason] ?? 0) + 1;
    const batch = this.queue.batch;
    const cause = about.cause ?? { key: reason, field: null };
    if (this.deadLetters.admit(msg.authDeviceId ?? msg.id, reason, msg.source, receivedAt)) {
      const payload = about.payload?.slice(0, PAYLOAD_KEEP) ?? kept(msg.payload);
      batch.dead.push({
        receivedAt,
        source: msg.source,
        deviceId,
        reason,
        detail,
        payload,
        ...(about.owner ? { log: refusedLogLine(about.owner, cause, payload) } : {}),
      });
    } else {
      this.stats.suppressed++;
      for (const name of [`dead:${reason}`, 'dead:suppressed'])
        batch.counts.set(name, (batch.counts.get(name) ?? 0) + 1);
    }
    this.queue.arm();
    return { accepted: 0, rejected: 1, reasons: [reason], details: [detail ?? ''], causes: [cause], batch };
  }

  /** Writes everything queued so far; resolves when committed. */
  async flush(): Promise<void> {
    await this.queue.flush();
  }

  /**
   * Writes the dead-letter summaries, flushes and stops timers. While the store fails, retries for
   * up to `stopRetryMs` more and then gives up, reporting the rows it could not write through `onError`.
   */
  async stop(): Promise<void> {
    this.deadLetters.close(Date.now());
    this.deadLetters.stop();
    await this.queue.stop();
  }
}
