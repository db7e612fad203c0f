import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type LabelValues } from 'prom-client';
import type { BrokerStatsSnapshot } from '../mqtt/broker-stats';
import type { BrokerTraffic } from '../mqtt/embedded-broker';
import type { RealtimeHub } from '../realtime/hub';

/** What the metrics read of the ingest: its counters since start (IngestService `stats`). */
export interface IngestCounters {
  received: number;
  stored: number;
  duplicates: number;
  dead: Record<string, number>;
  batches: number;
}

/** What the metrics read of the device side (IngestRuntime). */
export interface MetricsDevices {
  readonly ingest: { readonly stats: IngestCounters };
  /** Readings accepted and not yet committed. */
  readonly pendingRows: number;
  /** The embedded broker's clients and messages; undefined with an external broker or none. */
  readonly brokerTraffic?: BrokerTraffic | undefined;
}

/** A committed row as the ingest reports it (`onCommitted`): its server receive time, epoch ms. */
interface CommittedRow {
  receivedAt: number;
}

/** Batch latency buckets, seconds: the ingest flushes every 100 ms, a stalled database takes seconds. */
const BATCH_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10, 30, 60];
/** HTTP latency buckets, seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Keeps a counter equal to a monotonic source read at scrape time (the ingest's own counters):
 * adds the growth since the last scrape, so the ingest is read, never hooked.
 */
function follow<T extends string>(counter: Counter<T>, read: () => number, labels: LabelValues<T> = {}): () => void {
  let seen = 0;
  return () => {
    const now = read();
    if (now > seen) counter.inc(labels, now - seen);
    seen = Math.max(seen, now);
  };
}

/**
 * The server's Prometheus metrics, in a registry of their own so several apps
 * in one process (tests) never share series. Series (units in the names, Prometheus conventions):
 * - `ztj_ingest_messages_received_total`, `ztj_ingest_readings_stored_total`,
 *   `ztj_ingest_duplicates_total`, `ztj_ingest_dead_letters_total{reason}`, `ztj_ingest_batches_total`
 * - `ztj_ingest_batch_commit_latency_seconds` (histogram: receipt of a batch's oldest reading → its commit)
 * - `ztj_ingest_pending_rows` (gauge: accepted, not yet committed)
 * - `ztj_http_request_duration_seconds{method,route,status_code}` (route pattern, never the URL)
 * - `ztj_websocket_clients` (gauge)
 * - `ztj_mqtt_connected_clients` (gauge), `ztj_mqtt_messages_in_total`, `ztj_mqtt_messages_out_total`
 *   (embedded broker only: PUBLISHes from devices, and from the server to devices)
 * - with an external broker ({@link watchBroker}): `ztj_broker_stats_reporting`
 *   (1 while the broker's `$SYS` counters arrive), `ztj_broker_stats_state{state}` (1 at the current
 *   state of their reading), and as the broker reported them, absent until it does:
 *   `ztj_broker_messages_dropped_total{broker}` (its counter since it started; resets when it
 *   restarts), `ztj_broker_store_messages{broker}`, `ztj_broker_store_bytes{broker}` (Mosquitto)
 * - prom-client's default process and Node.js metrics (`process_*`, `nodejs_eventloop_lag_*` …).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly batchLatency: Histogram;
  private readonly http: Histogram<'method' | 'route' | 'status_code'>;
  private devices: MetricsDevices | undefined;

  constructor(hub: RealtimeHub) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.batchLatency = new Histogram({
      name: 'ztj_ingest_batch_commit_latency_seconds',
      help: 'Time from the receipt of the oldest reading of a batch to the commit of the batch, seconds',
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.http = new Histogram({
      name: 'ztj_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern and status, seconds',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'ztj_websocket_clients',
      help: 'Open WebSocket connections of the console',
      registers,
      collect() {
        this.set(hub.size());
      },
    });
    const pending: Gauge = new Gauge({
      name: 'ztj_ingest_pending_rows',
      help: 'Readings accepted and not yet committed',
      registers,
      collect: () => {
        pending.set(this.devices?.pendingRows ?? 0);
      },
    });
    const stats = (): IngestCounters | undefined => this.devices?.ingest.stats;
    const counter = (name: string, help: string, read: (s: IngestCounters) => number): void => {
      let sync: () => void = () => undefined;
      const c = new Counter({ name, help, registers, collect: (): void => sync() });
      sync = follow(c, () => {
        const s = stats();
        return s ? read(s) : 0;
      });
    };
    counter('ztj_ingest_messages_received_total', 'MQTT and HTTP ingest messages received', (s) => s.received);
    counter(
      'ztj_ingest_readings_stored_total',
      'Readings committed to the telemetry table (new rows)',
      (s) => s.stored,
    );
    counter(
      'ztj_ingest_duplicates_total',
      'Readings already stored for their device and time (idempotent repeats)',
      (s) => s.duplicates,
    );
    counter('ztj_ingest_batches_total', 'Committed ingest batches', (s) => s.batches);
    const mqttClients: Gauge = new Gauge({
      name: 'ztj_mqtt_connected_clients',
      help: 'MQTT clients connected to the embedded broker',
      registers,
      collect: () => {
        mqttClients.set(this.devices?.brokerTraffic?.connectedClients ?? 0);
      },
    });
    const traffic = (read: (t: BrokerTraffic) => number) => (): number => {
      const t = this.devices?.brokerTraffic;
      return t ? read(t) : 0;
    };
    for (const [name, help, read] of [
      [
        'ztj_mqtt_messages_in_total',
        'PUBLISH packets the embedded broker received from clients (devices)',
        traffic((t) => t.messagesIn),
      ],
      [
        'ztj_mqtt_messages_out_total',
        'Messages the server published through the embedded broker (commands to devices)',
        traffic((t) => t.messagesOut),
      ],
    ] as const) {
      let sync: () => void = () => undefined;
      const c = new Counter({ name, help, registers, collect: (): void => sync() });
      sync = follow(c, read);
    }
    const deadSyncs = new Map<string, () => void>();
    const dead: Counter<'reason'> = new Counter({
      name: 'ztj_ingest_dead_letters_total',
      help: 'Refused readings by dead-letter reason',
      labelNames: ['reason'],
      registers,
      collect: () => {
        for (const reason of Object.keys(stats()?.dead ?? {})) {
          let sync = deadSyncs.get(reason);
          if (!sync) deadSyncs.set(reason, (sync = follow(dead, () => stats()?.dead[reason] ?? 0, { reason })));
          sync();
        }
      },
    });
  }

  /** Starts reading the ingest's counters and queue (call once, after the IngestRuntime exists). */
  watch(devices: MetricsDevices): void {
    this.devices = devices;
  }

  /**
   * Exports an external broker's own counters (series in the class comment),
   * read at each scrape from `stats`. Call once, only with an external broker.
   */
  watchBroker(stats: { snapshot(): BrokerStatsSnapshot }): void {
    const registers = [this.registry];
    const states: BrokerStatsSnapshot['state'][] = ['connecting', 'unreachable', 'refused', 'silent', 'reporting'];
    const reporting: Gauge = new Gauge({
      name: 'ztj_broker_stats_reporting',
      help: "1 while the external broker's own counters ($SYS) arrive, else 0",
      registers,
      collect: () => {
        reporting.set(stats.snapshot().state === 'reporting' ? 1 : 0);
      },
    });
    const state: Gauge<'state'> = new Gauge({
      name: 'ztj_broker_stats_state',
      help: "State of the reading of the external broker's counters (1 at the current one)",
      labelNames: ['state'],
      registers,
      collect: () => {
        const now = stats.snapshot().state;
        for (const s of states) state.set({ state: s }, s === now ? 1 : 0);
      },
    });
    const reported = <T extends Counter<'broker'> | Gauge<'broker'>>(
      metric: T,
      read: (s: BrokerStatsSnapshot) => number | undefined,
    ): void => {
      const s = stats.snapshot();
      const v = read(s);
      metric.reset();
      if (s.kind && v !== undefined) metric.inc({ broker: s.kind }, v);
    };
    const dropped: Counter<'broker'> = new Counter({
      name: 'ztj_broker_messages_dropped_total',
      help: 'Messages the external broker dropped since it started (full client queues), as it reports them',
      labelNames: ['broker'],
      registers,
      collect: () => reported(dropped, (s) => s.dropped),
    });
    const storeMessages: Gauge<'broker'> = new Gauge({
      name: 'ztj_broker_store_messages',
      help: 'Messages the external broker holds (Mosquitto), as it reports them',
      labelNames: ['broker'],
      registers,
      collect: () => reported(storeMessages, (s) => s.storeMessages),
    });
    const storeBytes: Gauge<'broker'> = new Gauge({
      name: 'ztj_broker_store_bytes',
      help: 'Bytes of the messages the external broker holds (Mosquitto), as it reports them',
      labelNames: ['broker'],
      registers,
      collect: () => reported(storeBytes, (s) => s.storeBytes),
    });
  }

  /** The ingest's `onCommitted` hook: observes the batch's latency (`committedAt` epoch ms). */
  readonly onCommitted = (rows: readonly CommittedRow[], committedAt: number): void => {
    let oldest = Infinity;
    for (const r of rows) if (r.receivedAt < oldest) oldest = r.receivedAt;
    if (rows.length) this.batchLatency.observe(Math.max(0, committedAt - oldest) / 1000);
  };

  /**
   * Times every request answered by `fastify` (its `onResponse`), labelled with the matched route
   * pattern (`/ztj-iot/sys/user/list`, `/ztj-iot/ingest/devices/:deviceId/telemetry`) or
   * `unmatched`, so label values stay few whatever the URLs.
   */
  timeRequests(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      this.http.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }
}
