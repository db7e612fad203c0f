import type { DeviceCommand } from '@ztj/contracts';
import type { LoadRulePlaces } from './rule-places';

/** Options of {@link AlarmRuntime}; all times in ms. */
export interface AlarmRuntimeOptions {
  /**
   * Longest wait of the clock's timer (alarm-clock.ts), which otherwise wakes at the earliest
   * deadline of any device (pending raise, clear delay, reminder, escalation, offline); default 30,000.
   */
  tickMs?: number;
  /** Wait after the first queued reading before a batch starts, to gather more readings per device (the engine costs far less per reading when a device brings several: about 26 µs for one, 4 µs each for 15); default 100. */
  batchDelayMs?: number;
  /**
   * Shortest time from the start of one batch to the start of the next while readings keep
   * coming; default 250. Under a steady stream the batches would otherwise run back to back, each
   * as short as the last one was fast, and every batch pays per device (engine call, saved state)
   * whatever the readings it brings: a faster batch would only mean more of them. A reading then
   * waits at most this period plus one batch. No wait once a full batch is queued — as many
   * readings as `maxReadingsPerBatch` or as many devices as `maxDevicesPerBatch`: a backlog
   * drains at full speed (a large fleet with a reading or two per device would otherwise be
   * evaluated one device slice per period, its alarms seconds late).
   */
  batchPeriodMs?: number;
  /** Most devices in one batch transaction; default 500. */
  maxDevicesPerBatch?: number;
  /**
   * Readings after which a batch takes no further device (a device's readings are never split),
   * so a backlog is worked off in several shorter transactions whose alarms are announced as
   * each commits, instead of one long one; default 50,000. Not smaller: under a steady stream the
   * ingest commits its readings in batches that grow with the load (about 20,000 at 30,000 msg/s),
   * and a bound below that split each commit over several alarm batches, the devices of the
   * later ones waiting for the earlier ones, each of them fewer devices with more readings as the
   * queue grew (raise-to-console p99 in the ingest bench: 730–1,029 ms with 10,000, 578–778 ms with 50,000).
   */
  maxReadingsPerBatch?: number;
  /** Memory bound: readings waiting beyond this are dropped (counted in `stats.dropped`, reported); default 500,000. */
  maxQueued?: number;
  /** Rule cache TTL (see rule-cache.ts); default {@link RULE_CACHE_TTL_MS}. */
  ruleTtlMs?: number;
  /** The places port (rule-places.ts): fences and routes of position conditions; the composition hands over logistics' loader. Without it position conditions never hold. */
  places?: LoadRulePlaces;
  /**
   * Late (back-filled) readings — device time at or before what the engine has seen of the device —
   * wait until none came for this long before they are evaluated, so a back-filled series sent
   * as several messages is judged as one (the engine judges episodes within one call's late
   * readings); default 1,000.
   */
  lateSettleMs?: number;
  /** How long `stop` keeps retrying a failing batch before giving up; default 5,000. */
  stopRetryMs?: number;
  onError?: (err: Error) => void;
  /** Command channel for scene commands (`IngestRuntime.sendCommand`). */
  sendCommand?: (deviceId: string, command: DeviceCommand) => Promise<boolean>;
}

/** Counters since start. */
export interface AlarmRuntimeStats {
  /** Readings and events evaluated. */
  evaluated: number;
  batches: number;
  /** Alarm changes announced (raised, cleared, reminder, escalated). */
  changes: number;
  dropped: number;
  failures: number;
  /** Time spent in batch transactions (engine + SQL), ms: with `evaluated`, the runtime's cost. */
  busyMs: number;
}
