import type { DeviceEventType, TopicChannel } from '@ztj/contracts';
import type { DeadLetterBudgetOptions } from './dead-letter-budget';
import type { RefusalCause } from './refusal-cause';
import type { TelemetryRow } from './telemetry-store';

/* Types of the ingest's surface (ingest.service.ts). */

/** One message from MQTT or HTTP. `authDeviceId`: the device the transport authenticated, if any. */
export interface IngestMessage {
  /** MQTT topic or `http:<path>` (kept in dead letters). */
  source: string;
  channel: TopicChannel;
  /** Device or gateway id named by the topic / path. */
  id: string;
  payload: Buffer | string;
  authDeviceId?: string;
}

/** What happened to one message: readings accepted (queued or stored) and refused, with reasons. */
export interface IngestOutcome {
  accepted: number;
  rejected: number;
  /** Dead-letter reason of each refused reading. */
  reasons: string[];
  /** Detail of each refused reading ('' when none), parallel to `reasons`. */
  details: string[];
  /** What each refused reading was about (text key and field), parallel to `reasons`. */
  causes: RefusalCause[];
}

export interface IngestOptions {
  /** Flush at least this often while rows wait, ms (default 100). */
  flushMs?: number;
  /** Flush as soon as this many rows wait (default 5000). */
  maxRows?: number;
  /**
   * Memory bound: with this many rows queued and not yet committed (default 20 × maxRows)
   * `IngestService.whenReady` makes transports wait until half of them are committed.
   */
  maxPending?: number;
  /** Per-client budget of stored dead letters (see `DeadLetterBudget`). */
  deadLetters?: DeadLetterBudgetOptions;
  onError?: (err: Error) => void;
  /** How long `IngestService.stop` keeps retrying a failing store before giving up, ms (default 5000). */
  stopRetryMs?: number;
  /** Called after each committed batch with its rows and the commit time, ms (benchmark, metrics). */
  onCommitted?: (rows: readonly TelemetryRow[], committedAt: number) => void;
  /** Called after a device event (`ztj/devices/{id}/events`) is stored (alarm engine); must not block. */
  onDeviceEvent?: (event: StoredDeviceEvent) => void;
  /**
   * Oldest device time the telemetry partitions hold, ms epoch, kept current by the partition
   * upkeep (`TelemetryPartitions.floor`): older readings are refused as
   * `beforeRetention`. Unset: no such bound (PGlite).
   */
  telemetryFloor?: { readonly minTs: number };
}

/** A device event once stored (`device_event`): device time `ts` and server `receivedAt`, ms epoch. */
export interface StoredDeviceEvent {
  deviceId: string;
  tenantId: number;
  type: DeviceEventType;
  ts: number;
  receivedAt: number;
}

/** Counters of this process since start (the database keeps the totals in `ingest_counter`). */
export interface IngestStats {
  received: number;
  stored: number;
  duplicates: number;
  dead: Record<string, number>;
  /** Dead letters counted (in `dead`) but not stored, past the per-client budget. */
  suppressed: number;
  batches: number;
  /** Accepted rows given up by a stopping ingest whose store stayed unreachable (see `stopRetryMs`). */
  lost: number;
  pending: number;
}
