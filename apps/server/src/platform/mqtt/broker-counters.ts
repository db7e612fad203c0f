/**
 * The pure part of reading an external broker's own counters: which `$SYS`
 * topics carry them, how their payloads read, and when a growing drop counter deserves a warning.
 * The connection lives in broker-stats.ts.
 */

/** The brokers whose `$SYS` counters are read. */
export type BrokerKind = 'mosquitto' | 'emqx';

/**
 * Topics subscribed to (one SUBSCRIBE):
 * - Mosquitto 2.x (`$SYS/broker/…`, every `sys_interval`, default 10 s, a value only when it
 *   changed; the current values come at once on subscribing): `publish/messages/dropped` (PUBLISHes
 *   dropped since the broker started, mostly a client's queue over `max_queued_messages` /
 *   `max_queued_bytes`), `store/messages/count` and `store/messages/bytes` (messages held, incl.
 *   retained ones), `messages/stored` (the older name of the count). A counter still at 0 is never
 *   sent, so once any of them arrives an unsent `dropped` reads 0.
 * - EMQX (`$SYS/brokers/<node>/metrics/…`, every `sys_msg_interval`, default 1 min):
 *   `delivery/dropped/queue_full` (messages of QoS > 0 dropped because a session's queue,
 *   `mqtt.max_mqueue_len`, was full), summed over the nodes. EMQX has no message-store count.
 */
export const BROKER_STATS_FILTERS = [
  '$SYS/broker/publish/messages/dropped',
  '$SYS/broker/store/messages/count',
  '$SYS/broker/store/messages/bytes',
  '$SYS/broker/messages/stored',
  '$SYS/brokers/+/metrics/delivery/dropped/queue_full',
] as const;

const MOSQUITTO: Record<string, 'dropped' | 'storeMessages' | 'storeBytes'> = {
  '$SYS/broker/publish/messages/dropped': 'dropped',
  '$SYS/broker/store/messages/count': 'storeMessages',
  '$SYS/broker/messages/stored': 'storeMessages',
  '$SYS/broker/store/messages/bytes': 'storeBytes',
};
const EMQX_QUEUE_FULL = /^\$SYS\/brokers\/([^/]+)\/metrics\/delivery\/dropped\/queue_full$/;

/** The counters as the broker last reported them; undefined: not (yet) reported. */
export interface BrokerCounterValues {
  kind: BrokerKind | undefined;
  /** Messages the broker dropped since it started (its own counter; Mosquitto: all clients, EMQX: full queues). */
  dropped: number | undefined;
  /** Messages the broker holds (Mosquitto only). */
  storeMessages: number | undefined;
  /** Bytes of those messages (Mosquitto only). */
  storeBytes: number | undefined;
}

/** A non-negative integer in a `$SYS` payload (`"400"`); undefined for anything else. */
function count(payload: string): number | undefined {
  const s = payload.trim();
  if (!/^\d{1,15}$/.test(s)) return undefined;
  return Number(s);
}

/** Reads `$SYS` messages into {@link BrokerCounterValues}. */
export class BrokerCounterReader implements BrokerCounterValues {
  kind: BrokerKind | undefined;
  dropped: number | undefined;
  storeMessages: number | undefined;
  storeBytes: number | undefined;
  /** EMQX: each node's queue_full counter. */
  private readonly nodes = new Map<string, number>();

  /** Takes one message; true when it carried a counter this reader knows (and a number). */
  take(topic: string, payload: string): boolean {
    const n = count(payload);
    if (n === undefined) return false;
    const field = MOSQUITTO[topic];
    if (field) {
      this.kind = 'mosquitto';
      // Mosquitto publishes a counter only once it differs from 0 (2.0.11 on this machine never
      // sent `dropped` before the first drop): with its other counters arriving, no drop is 0 drops
      this.dropped ??= 0;
      this[field] = n;
      return true;
    }
    const node = EMQX_QUEUE_FULL.exec(topic)?.[1];
    if (node === undefined) return false;
    this.kind = 'emqx';
    this.nodes.set(node, n);
    let sum = 0;
    for (const v of this.nodes.values()) sum += v;
    this.dropped = sum;
    return true;
  }
}

/** What a warning about drops says. */
export interface DropNotice {
  /** The broker's counter now. */
  total: number;
  /** Dropped since the last warning (or since the broker started, at the first). */
  added: number;
}

/** A growth after this long without one warns again, ms. */
export const DROP_QUIET_MS = 10 * 60_000;

/**
 * Decides when the drop counter deserves a warning: the first time it is above 0, and when it
 * grows again after {@link DROP_QUIET_MS} without growth — not at every `$SYS` tick of one episode.
 * Without new reports nothing happens (no timers). A counter that went down (the broker
 * restarted) counts from 0 again.
 */
export class DropWatch {
  private last = 0;
  private warnedAt: number | undefined;
  private lastGrowthAt = -Infinity;
  /** The counter at the last warning (drops since it are reported as `added`). */
  private warnedTotal = 0;

  constructor(private readonly quietMs = DROP_QUIET_MS) {}

  /** Takes the counter `dropped` reported at `now` (epoch ms); returns a notice when one is due. */
  observe(dropped: number, now: number): DropNotice | undefined {
    if (dropped < this.last) {
      this.last = 0;
      this.warnedTotal = 0;
    }
    if (dropped <= this.last && this.warnedAt !== undefined) return undefined;
    if (dropped === 0) return undefined;
    const grew = dropped > this.last;
    const quiet = now - this.lastGrowthAt >= this.quietMs;
    this.last = dropped;
    if (!grew) return undefined;
    this.lastGrowthAt = now;
    if (this.warnedAt !== undefined && !quiet) return undefined;
    this.warnedAt = now;
    const added = dropped - this.warnedTotal;
    this.warnedTotal = dropped;
    return { total: dropped, added };
  }
}

/**
 * The ingest's rate over the last hour at its peak, messages/s: samples of its received counter
 * at least a second apart (taken on each `$SYS` report and each scrape).
 */
export class PeakRate {
  private prev: { at: number; total: number } | undefined;
  private rates: { at: number; rate: number }[] = [];

  constructor(private readonly windowMs = 3_600_000) {}

  /** Records the counter `total` at `now` (epoch ms). */
  sample(now: number, total: number): void {
    if (!this.prev || total < this.prev.total) {
      this.prev = { at: now, total };
      return;
    }
    if (now - this.prev.at < 1_000) return;
    this.rates.push({ at: now, rate: ((total - this.prev.total) * 1000) / (now - this.prev.at) });
    this.prev = { at: now, total };
    this.rates = this.rates.filter((r) => now - r.at <= this.windowMs);
  }

  /** The highest rate of the window, messages/s (0 before two samples). */
  peak(): number {
    return this.rates.reduce((m, r) => Math.max(m, r.rate), 0);
  }
}
