import type { AlarmRecord, DeviceEventType } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import type { TelemetryRow } from '../../telemetry/telemetry-store';
import { EngineStateCache, runBatch, type QueuedReading, type WorkItem } from './alarm-batch';
import { AlarmAnnouncer } from './alarm-announcer';
import { AlarmClock } from './alarm-clock';
import type { AlarmNoticeListener } from './alarm-notice';
import { DeviceQueue } from './alarm-queue';
import { deadlinesAtStart, unevaluatedReadings } from './alarm-recovery';
import { RuleCache, RULE_CACHE_TTL_MS } from './rule-cache';
import type { AlarmRuntimeOptions, AlarmRuntimeStats } from './alarm-runtime-types';

export type { AlarmRuntimeOptions, AlarmRuntimeStats } from './alarm-runtime-types';

/** Consecutive failures of one batch, with the database answering, after which it is given up. */
const POISON_AFTER = 5;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The alarm engine in the ingest path (CONVENTIONS §8). The ingest hands every
 * committed batch to {@link onCommitted}, which returns at once: readings of devices that carry
 * rules (see {@link RuleCache}) are queued per device; one worker evaluates them in batches of
 * devices — one transaction per batch (runtime/alarm-batch.ts) — so each device is evaluated
 * serially, in device-time order, and no SQL runs per reading. After each commit the changes are
 * announced: {@link onNotice} listeners (push), the console WebSocket (`WsAlarmMessage` to the
 * tenant's alarm audience with `alarmMessage` on) and scene commands. The clock (alarm-clock.ts)
 * ticks the devices whose next deadline has come — pending raises, clear delays, reminders,
 * escalations, offline silences — so a condition that depends on time completes on time even when
 * the device says nothing more. Scenes whose `actions.raise` is false are evaluated
 * and announced to listeners (push, command) but store no alarm row and send no console notice.
 */
export class AlarmRuntime {
  readonly rules: RuleCache;
  readonly stats: AlarmRuntimeStats = { evaluated: 0, batches: 0, changes: 0, dropped: 0, failures: 0, busyMs: 0 };
  private readonly announcer: AlarmAnnouncer;
  private readonly listeners = new Set<AlarmNoticeListener>();
  private readonly queue: DeviceQueue;
  /** Committed rows that arrived while the rule snapshot was stale (filtered once it is reloaded). */
  private unfiltered: (readonly TelemetryRow[])[] = [];
  private unfilteredEvents: { deviceId: string; reading: QueuedReading }[] = [];
  /** Engine states this process saved last (read again only when another process saved since). */
  private readonly states = new EngineStateCache();

  private tickDue: number | undefined;
  /** A rule write was seen since the last reload (see the constructor). */
  private rulesChanged = false;
  private timer: NodeJS.Timeout | undefined;
  /** Which devices the engine's `tick` must visit, and when. */
  readonly clock: AlarmClock;
  private running: Promise<void> | undefined;
  private stopping: number | undefined;
  private stopped = false;
  private droppedLoggedAt = 0;
  private readonly onError: (err: Error) => void;
  private readonly tickMs: number;
  private readonly batchDelayMs: number;
  private readonly batchPeriodMs: number;
  /** When the last batch started (performance.now()), for {@link AlarmRuntimeOptions.batchPeriodMs}. */
  private lastBatchAt = -Infinity;
  private readonly maxDevices: number;
  private readonly maxReadings: number;

  constructor(
    private readonly db: Db,
    hub: RealtimeHub,
    private readonly opts: AlarmRuntimeOptions = {},
  ) {
    this.onError = opts.onError ?? (() => undefined);
    this.tickMs = opts.tickMs ?? 30_000;
    this.batchDelayMs = opts.batchDelayMs ?? 100;
    this.batchPeriodMs = opts.batchPeriodMs ?? 250;
    this.maxDevices = opts.maxDevicesPerBatch ?? 500;
    this.maxReadings = opts.maxReadingsPerBatch ?? 50_000;
    this.queue = new DeviceQueue(opts.maxQueued ?? 500_000, opts.lateSettleMs ?? 1000, () => this.schedule());
    this.rules = new RuleCache(db, this.onError, opts.ruleTtlMs ?? RULE_CACHE_TTL_MS, opts.places);
    this.announcer = new AlarmAnnouncer(db, hub, this.onError);
    this.clock = new AlarmClock(this.tickMs, (now) => this.dueTick(now));
    // a rule write reloads the snapshot without waiting for a reading: the clock re-times devices whose rules changed
    this.rules.onDirty(() => {
      this.rulesChanged = true;
      this.schedule();
    });
  }

  /**
   * The ingest's `onCommitted` hook: queues the readings of devices that carry rules and returns
   * at once (one map lookup per reading; while the rule snapshot is being reloaded the batch is
   * kept whole and filtered afterwards).
   */
  readonly onCommitted = (rows: readonly TelemetryRow[]): void => {
    if (this.stopped || !rows.length) return;
    if (this.rules.stale) {
      this.unfiltered.push(rows);
      this.schedule();
      return;
    }
    let any = false;
    for (const r of rows) {
      if (!this.rules.get(r.deviceId)) continue;
      any =
        this.enqueue(r.deviceId, { ts: r.ts, values: r.values, lat: r.lat, lng: r.lng, receivedAt: r.receivedAt }) ||
        any;
    }
    if (any) this.schedule();
  };

  /** The ingest's `onDeviceEvent` hook: a stored device event (power_off / power_on…) reaches the engine. */
  readonly onDeviceEvent = (e: { deviceId: string; ts: number; type: DeviceEventType }): void => {
    if (this.stopped) return;
    const reading: QueuedReading = { ts: e.ts, values: {}, event: e.type, receivedAt: null };
    if (this.rules.stale) this.unfilteredEvents.push({ deviceId: e.deviceId, reading });
    else if (!this.rules.get(e.deviceId) || !this.enqueue(e.deviceId, reading)) return;
    this.schedule();
  };

  /** Subscribes to committed alarm changes (push dispatcher); returns the unsubscribe function. */
  onNotice(listener: AlarmNoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * An operator processed an alarm (alarm handling `process/add`): the engine state of the
   * condition is marked processed so its reminders and escalation stop. `ruleId`: the engine rule id
   * (`template:<id>` / `scene:<id>`) or the alarm's plain rule id. Resolves once the state is
   * saved (or at once when the device carries no such active alarm any more).
   */
  markProcessed(deviceId: string, ruleId: string, conditionIndex: number, startTs: number): Promise<void> {
    const d = this.rules.get(deviceId);
    const engineId = ruleId.includes(':')
      ? ruleId
      : d?.meta.has(`scene:${ruleId}`)
        ? `scene:${ruleId}`
        : `template:${ruleId}`;
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const item = this.queue.itemOf(deviceId);
      item.marks.push({ ruleId: engineId, conditionIndex, startTs, done: resolve });
      this.schedule();
    });
  }

  /** Console notice that an alarm was processed (WsAlarmMessage event `processed`). */
  announceProcessed(tenantId: number, alarm: AlarmRecord): void {
    this.announcer.announce(tenantId, 'processed', alarm);
  }

  /**
   * Loads rules, the clock's deadlines of the stored engine states and the readings left
   * unevaluated by the last run; starts the clock.
   */
  async start(): Promise<void> {
    try {
      await this.rules.refresh();
      const devices = [...this.rules.devices()];
      this.clock.rulesLoaded(this.rules.generation, devices, Date.now(), false);
      const offline = devices.filter((d) => d.hasOffline).map((d) => d.deviceId);
      const deadlines = await deadlinesAtStart(this.db, offline, (id) => this.rules.get(id));
      const ids = devices.map((d) => d.deviceId);
      for (const { deviceId, reading } of await unevaluatedReadings(this.db, ids)) this.enqueue(deviceId, reading);
      // after the catch-up readings are queued: a tick due at once then comes after them in the first batch
      this.clock.note(deadlines);
    } catch (e) {
      this.onError(new Error(`alarm runtime start: ${(e as Error).message}`, { cause: e }));
    }
    this.clock.arm();
    this.schedule();
  }

  /** Asks for a tick at `now` of every device whose next deadline is at or before it; resolves when done. */
  requestTick(now = Date.now()): Promise<void> {
    this.dueTick(now);
    return this.whenIdle();
  }

  /** The timer's tick: the next batch ticks the devices that need it. */
  private dueTick(now: number): void {
    this.tickDue = Math.max(now, this.tickDue ?? now);
    this.schedule(0);
  }

  /**
   * Resolves once nothing is queued (late readings included), no batch runs and the console
   * notices of the batches run are sent (tests, shutdown).
   */
  async whenIdle(): Promise<void> {
    while (this.running || this.timer || this.hasWork() || this.queue.settling) {
      if (this.running) await this.running;
      else if (this.hasWork() && !this.timer) this.schedule(0);
      else await sleep(5);
    }
    await this.announcer.idle();
  }

  /** Finishes queued work (retrying a failing batch for up to `stopRetryMs`) and stops the timers. */
  async stop(): Promise<void> {
    this.clock.stop();
    this.stopping = Date.now() + (this.opts.stopRetryMs ?? 5000);
    this.queue.draining = true;
    this.queue.releaseLate(true);
    await this.whenIdle();
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.queue.stop();
    this.rules.close();
  }

  private hasWork(): boolean {
    return (
      this.queue.hasPending ||
      this.unfiltered.length > 0 ||
      this.unfilteredEvents.length > 0 ||
      this.tickDue !== undefined ||
      this.rulesChanged
    );
  }

  /** Queues one reading; false when it waits (late) or was dropped by the memory bound. */
  private enqueue(deviceId: string, r: QueuedReading): boolean {
    const verdict = this.queue.add(deviceId, r);
    if (verdict === 'dropped') {
      this.stats.dropped++;
      if (Date.now() - this.droppedLoggedAt >= 30_000) {
        this.droppedLoggedAt = Date.now();
        this.onError(
          new Error(
            `alarm runtime: ${this.queue.size} readings queued, dropping (${this.stats.dropped} so far; the next start catches up on the last 24 h)`,
          ),
        );
      }
    }
    return verdict === 'queued';
  }

  private schedule(delay = this.batchDelayMs): void {
    if (this.timer || this.running || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.drain().finally(() => {
        this.running = undefined;
        if (this.hasWork()) this.schedule();
      });
    }, delay);
  }

  /** Moves rows buffered while the snapshot was stale into the device queues (rules now known). */
  private sortUnfiltered(): void {
    const chunks = this.unfiltered;
    const events = this.unfilteredEvents;
    this.unfiltered = [];
    this.unfilteredEvents = [];
    for (const rows of chunks) {
      for (const r of rows)
        if (this.rules.get(r.deviceId))
          this.enqueue(r.deviceId, { ts: r.ts, values: r.values, lat: r.lat, lng: r.lng, receivedAt: r.receivedAt });
    }
    for (const e of events) if (this.rules.get(e.deviceId)) this.enqueue(e.deviceId, e.reading);
  }

  /** Adds the tick at `now` to every device whose deadline has come (O(devices due), see alarm-clock.ts). */
  private addTick(now: number): void {
    for (const id of this.clock.takeDue(now)) if (this.rules.get(id)) this.queue.itemOf(id).tickNow = now;
    this.clock.arm();
  }

  private async drain(): Promise<void> {
    for (let failures = 0; this.hasWork();) {
      let items: WorkItem[] = [];
      // gather for the rest of the period, unless a full batch waits already (a backlog drains at full speed)
      const wait = this.lastBatchAt + this.batchPeriodMs - performance.now();
      if (
        wait > 0 &&
        this.stopping === undefined &&
        this.queue.size < this.maxReadings &&
        this.queue.devices < this.maxDevices
      )
        await sleep(wait);
      try {
        this.rulesChanged = false;
        await this.rules.refresh();
        this.clock.rulesLoaded(this.rules.generation, this.rules.devices(), Date.now());
        this.sortUnfiltered();
        if (this.tickDue !== undefined) {
          this.addTick(this.tickDue);
          this.tickDue = undefined;
        }
        items = this.queue.take(this.maxDevices, this.maxReadings);
        if (!items.length) continue;
        const began = performance.now();
        this.lastBatchAt = began;
        const outcome = await runBatch(this.db, items, (id) => this.rules.get(id), this.states);
        this.stats.busyMs += performance.now() - began;
        failures = 0;
        this.stats.batches++;
        for (const item of items) this.stats.evaluated += item.readings.length;
        this.clock.note(outcome.deadlines);
        this.queue.noteSeen(outcome.lastSeen);
        for (const item of items) for (const m of item.marks) m.done();
        this.stats.changes += outcome.changes.length;
        this.announcer.announceChanges(outcome.changes, this.listeners, this.opts.sendCommand);
      } catch (e) {
        failures++;
        this.stats.failures++;
        if (this.stopping !== undefined && Date.now() >= this.stopping) {
          this.onError(
            new Error(
              `alarm runtime stopped with unevaluated readings (the next start catches up): ${(e as Error).message}`,
              { cause: e },
            ),
          );
          for (const item of [...items, ...this.queue.clear()]) for (const m of item.marks) m.done();
          this.unfiltered = [];
          this.unfilteredEvents = [];
          this.tickDue = undefined;
          return;
        }
        if (
          failures >= POISON_AFTER &&
          (await this.db.query('SELECT 1').then(
            () => true,
            () => false,
          ))
        ) {
          // the database answers but this batch keeps failing: give it up rather than block every device
          this.onError(
            new Error(
              `alarm batch of ${items.length} device(s) given up after ${failures} failures: ${(e as Error).message}`,
              { cause: e },
            ),
          );
          for (const item of items) for (const m of item.marks) m.done();
          failures = 0;
          continue;
        }
        this.queue.putBack(items);
        if (failures === 1 || failures % 20 === 0)
          this.onError(new Error(`alarm batch failed (attempt ${failures}): ${(e as Error).message}`, { cause: e }));
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures - 1, 6)));
      }
    }
  }
}
