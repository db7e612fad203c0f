import crypto from 'node:crypto';
import { OUTAGE_QUEUE_SECONDS, queueForOutage } from '@ztj/contracts';
import { connect, type MqttClient } from 'mqtt';
import {
  BROKER_STATS_FILTERS,
  BrokerCounterReader,
  DropWatch,
  PeakRate,
  type BrokerCounterValues,
  type DropNotice,
} from './broker-counters';

/**
 * Where the reading of the broker's counters stands:
 * `connecting` (not yet connected), `unreachable` (connection lost or refused; retried),
 * `refused` (the broker refused every `$SYS` subscription, e.g. an ACL), `silent` (subscribed, no
 * counter yet: `sys_interval 0`, or EMQX before its first minute), `reporting` (counters arrive).
 */
export type BrokerStatsState = 'connecting' | 'unreachable' | 'refused' | 'silent' | 'reporting';

/** The external broker's counters as last reported, and the state of their reading. */
export interface BrokerStatsSnapshot extends BrokerCounterValues {
  state: BrokerStatsState;
}

/** Where the reader logs (the app's pino logger fits). */
export interface BrokerStatsLog {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BrokerStatsOptions {
  /** The external broker (`MQTT_URL`, with the ingest's user-info: the same account reads `$SYS`). */
  url: string;
  /** The ingest's client id (`MQTT_CLIENT_ID`; connection i is `<id>-<i>`); undefined: random ids. */
  ingestClientId: string | undefined;
  log: BrokerStatsLog;
  /** The ingest's received-message counter (its rate sizes the queue in the warning). */
  ingestReceived: () => number;
  /** Injected clock, epoch ms (tests). */
  now?: () => number;
  /** A growth of the drop counter after this long without one warns again, ms (default 10 min). */
  quietMs?: number;
  /**
   * No counter this long after subscribing is logged at info, once, ms (default 90 s: EMQX sends
   * every minute; Mosquitto sends its current values at once, so there it means `sys_interval 0`
   * or an ACL — Mosquitto grants a refused `$SYS` subscription and then sends nothing).
   */
  silentAfterMs?: number;
}

/** SUBACK codes from 0x80 on are failures (MQTT 3.1.1 0x80, MQTT 5 0x80–0xA2). */
const FAILURE = 0x80;

/**
 * Reads an external broker's own counters over a small MQTT connection of its
 * own (client id `<MQTT_CLIENT_ID>-sys`, clean session, QoS 0), so the ingest's client is never
 * touched: the counters of {@link BROKER_STATS_FILTERS} (Mosquitto's dropped and store counts,
 * EMQX's full-queue drops). Logs at info, once, when the broker refuses the subscription (the
 * figures then stay unknown, nothing fails), and a warning with the fix when the broker reports
 * dropped messages (see {@link DropWatch} for when). Never blocks the start: `start` returns at
 * once and the connection retries every 5 s.
 */
export class BrokerStats {
  private readonly reader = new BrokerCounterReader();
  private readonly drops: DropWatch;
  private readonly rate = new PeakRate();
  private readonly now: () => number;
  private client: MqttClient | undefined;
  private state: BrokerStatsState = 'connecting';
  private refusalLogged = false;
  private silentTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: BrokerStatsOptions) {
    this.now = opts.now ?? Date.now;
    this.drops = new DropWatch(opts.quietMs);
  }

  /** Connects in the background (returns at once). */
  start(): void {
    if (this.client) return;
    const id = this.opts.ingestClientId
      ? `${this.opts.ingestClientId}-sys`
      : `ztj-sys-${crypto.randomBytes(6).toString('hex')}`;
    const client = connect(this.opts.url, {
      clientId: id,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 5_000,
      connectTimeout: 10_000,
      resubscribe: false,
      log: () => undefined,
    });
    this.client = client;
    const silentAfterMs = this.opts.silentAfterMs ?? 90_000;
    client.on('connect', () => {
      if (this.state !== 'reporting') this.state = 'silent';
      client.subscribe([...BROKER_STATS_FILTERS], { qos: 0 }, (err, granted) => {
        if (err || (granted ?? []).every((g) => g.qos >= FAILURE))
          return this.refused(err ? err.message : 'subscription refused');
        clearTimeout(this.silentTimer);
        this.silentTimer = setTimeout(() => {
          if (this.state === 'silent')
            this.refused(
              `no counter within ${Math.round(silentAfterMs / 1000)} s of subscribing: sys_interval 0, or an ACL that hides $SYS from this account`,
              'silent',
            );
        }, silentAfterMs);
        this.silentTimer.unref();
      });
    });
    client.on('message', (topic, payload) => this.take(topic, payload.toString('utf8')));
    client.on('error', (err) => {
      if (/not authori[sz]ed|bad user ?name/i.test(err.message)) this.refused(err.message);
    });
    client.on('close', () => {
      if (this.state !== 'refused') this.state = 'unreachable';
    });
  }

  /** Closes the connection. */
  async stop(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    clearTimeout(this.silentTimer);
    await c?.endAsync(true).catch(() => undefined);
  }

  /** The counters as last reported and the state (a scrape also samples the ingest's rate). */
  snapshot(): BrokerStatsSnapshot {
    this.rate.sample(this.now(), this.opts.ingestReceived());
    const { kind, dropped, storeMessages, storeBytes } = this.reader;
    return { state: this.state, kind, dropped, storeMessages, storeBytes };
  }

  /** Takes one `$SYS` message (the connection's handler; tests call it directly). */
  take(topic: string, payload: string): void {
    if (!this.reader.take(topic, payload)) return;
    const now = this.now();
    this.state = 'reporting';
    this.rate.sample(now, this.opts.ingestReceived());
    const dropped = this.reader.dropped;
    if (dropped === undefined) return;
    const notice = this.drops.observe(dropped, now);
    if (notice) this.warn(notice);
  }

  /** Marks the counters unreadable (`state`) and says so at info, once per app. */
  private refused(reason: string, state: 'refused' | 'silent' = 'refused'): void {
    this.state = state;
    if (this.refusalLogged) return;
    this.refusalLogged = true;
    this.opts.log.info(
      `external broker: its counters ($SYS) cannot be read (${reason}); broker drops stay unknown. Let the ingest's account read $SYS/# (and keep sys_interval above 0) to see them`,
    );
  }

  private warn(n: DropNotice): void {
    const peak = this.rate.peak();
    const ids = this.opts.ingestClientId
      ? `the ingest's client id ${this.opts.ingestClientId}-<i>`
      : 'the ingest (which uses MQTT_CLIENT_ID=random: clean sessions, nothing is queued for it while it is away; set a fixed id)';
    const sizes = OUTAGE_QUEUE_SECONDS.map((s) => `${s} s → ${queueForOutage(peak, s)}`).join(', ');
    const kind = this.reader.kind === 'emqx' ? 'EMQX' : 'Mosquitto';
    const setting =
      this.reader.kind === 'emqx'
        ? 'mqtt.max_mqueue_len (per session)'
        : 'max_queued_messages / max_queued_bytes (Mosquitto applies them to every client)';
    this.opts.log.warn(
      {
        brokerDropped: n.total,
        brokerDroppedSinceLastWarning: n.added,
        broker: this.reader.kind,
        ingestClientId: this.opts.ingestClientId ?? null,
        ingestPeakRate: peak,
      },
      `external broker (${kind}) dropped ${n.added} message(s) (${n.total} since it started): a client's queue was full, and readings it had acknowledged to devices are lost if they were the ingest's. ` +
        `Fix: raise ${setting} in the broker for ${ids}; the queue needed = ingest rate × outage seconds ` +
        `(peak ingest rate of the last hour ${peak.toFixed(1)} msg/s: ${sizes} messages)`,
    );
  }
}
