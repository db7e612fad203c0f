import { createRequire } from 'node:module';
import type { MonitorSnapshot } from '@ztj/contracts';
import type { MetricValueWithName, Registry } from 'prom-client';
import { RateWindow } from './rate-window';
import type { StorageProbe } from './storage-probe';

/** Version of the server package (`apps/server/package.json`). */
export const APP_VERSION: string = (createRequire(import.meta.url)('../../../../package.json') as { version: string })
  .version;

/** Shortest interval the rates are computed over, ms (the page refreshes every 5 s). */
const RATE_INTERVAL_MS = 2_000;

/** Where the broker runs: in process (aedes), an external one (`MQTT_URL`), or none. */
export type BrokerMode = MonitorSnapshot['broker']['mode'];

/** What the monitoring service reads. */
export interface MonitorDeps {
  /** The app's Prometheus registry ({@link ServerMetrics.registry}): process, ingest, broker, WebSocket series. */
  registry: Registry;
  /** Database and job-queue figures (shared with the registry's storage gauges). */
  probe: StorageProbe;
  brokerMode: BrokerMode;
  /** The ingest's persistent-session client id (`MQTT_CLIENT_ID`); undefined: random ids. */
  ingestClientId?: string | undefined;
}

type BrokerStateName = NonNullable<MonitorSnapshot['broker']['external']>['state'];

/** Values of one metric (histograms name their `_bucket`, `_sum`, `_count` series). */
type Values = MetricValueWithName<string>[];

/** A finite number, else 0 (an event-loop histogram with no sample yet reads NaN). */
const finite = (n: number | undefined): number => (n !== undefined && Number.isFinite(n) ? n : 0);

/**
 * Builds the monitoring snapshot (`MonitorRoutes.info`) from the app's metrics
 * registry — the very series of `<base>/metrics` — and the storage probe. Rates (readings/s,
 * MQTT messages/s) come from the difference to the previous snapshot ({@link RateWindow}).
 */
export class MonitorService {
  private readonly rates: RateWindow<'stored' | 'mqttIn' | 'mqttOut'>;

  /** @param startedAt epoch ms at which the app's counters were 0 (default now). */
  constructor(
    private readonly deps: MonitorDeps,
    startedAt = Date.now(),
  ) {
    this.rates = new RateWindow(startedAt, { stored: 0, mqttIn: 0, mqttOut: 0 }, RATE_INTERVAL_MS);
  }

  /** The server's health now. @throws the database error when the storage probe fails. */
  async snapshot(now = Date.now()): Promise<MonitorSnapshot> {
    const { probe, brokerMode } = this.deps;
    const storage = await probe.sample(now);
    const m = await this.read();
    const one = (name: string): number => finite(m.get(name)?.[0]?.value);
    const sum = (name: string, metricName = name): number =>
      (m.get(name) ?? []).filter((v) => (v.metricName ?? name) === metricName).reduce((a, v) => a + finite(v.value), 0);

    const stored = one('ztj_ingest_readings_stored_total');
    const received = one('ztj_ingest_messages_received_total');
    const embedded = brokerMode === 'embedded';
    const mqttIn = embedded ? one('ztj_mqtt_messages_in_total') : brokerMode === 'external' ? received : 0;
    const mqttOut = one('ztj_mqtt_messages_out_total');
    const rates = this.rates.read(now, { stored, mqttIn, mqttOut });
    const batches = sum('ztj_ingest_batch_commit_latency_seconds', 'ztj_ingest_batch_commit_latency_seconds_count');
    const latencySum = sum('ztj_ingest_batch_commit_latency_seconds', 'ztj_ingest_batch_commit_latency_seconds_sum');
    const startSeconds = one('process_start_time_seconds');
    const version = m.get('nodejs_version_info')?.[0]?.labels.version;

    return {
      time: new Date(now).toISOString(),
      process: {
        uptimeSeconds: startSeconds > 0 ? Math.max(0, now / 1000 - startSeconds) : process.uptime(),
        rssBytes: one('process_resident_memory_bytes'),
        heapUsedBytes: one('nodejs_heap_size_used_bytes'),
        heapTotalBytes: one('nodejs_heap_size_total_bytes'),
        eventLoopDelaySeconds: one('nodejs_eventloop_lag_mean_seconds'),
        eventLoopDelayP99Seconds: one('nodejs_eventloop_lag_p99_seconds'),
        nodeVersion: typeof version === 'string' ? version : process.version,
        appVersion: APP_VERSION,
        pid: process.pid,
      },
      database: storage.database,
      broker: {
        mode: brokerMode,
        connectedClients: embedded ? one('ztj_mqtt_connected_clients') : null,
        messagesInPerSecond: rates.mqttIn,
        messagesOutPerSecond: embedded ? rates.mqttOut : null,
        messagesInTotal: mqttIn,
        messagesOutTotal: embedded ? mqttOut : null,
        external: brokerMode === 'external' ? this.external(m) : null,
      },
      ingest: {
        readingsPerSecond: rates.stored,
        messagesReceivedTotal: received,
        readingsStoredTotal: stored,
        batchesTotal: one('ztj_ingest_batches_total'),
        batchLatencyMeanSeconds: batches > 0 ? latencySum / batches : null,
        deadLettersTotal: sum('ztj_ingest_dead_letters_total'),
        queueDepth: one('ztj_ingest_pending_rows'),
      },
      jobs: storage.jobs,
      websocketClients: one('ztj_websocket_clients'),
    };
  }

  /** The external broker's own counters from the `ztj_broker_*` series (absent → null). */
  private external(m: Map<string, Values>): NonNullable<MonitorSnapshot['broker']['external']> {
    const labelled = (name: string): MetricValueWithName<string> | undefined =>
      m.get(name)?.find((v) => v.labels.broker !== undefined);
    const value = (name: string): number | null => {
      const v = labelled(name)?.value;
      return v !== undefined && Number.isFinite(v) ? v : null;
    };
    const state = (m.get('ztj_broker_stats_state') ?? []).find((v) => v.value === 1)?.labels.state;
    const kind =
      labelled('ztj_broker_messages_dropped_total')?.labels.broker ??
      labelled('ztj_broker_store_messages')?.labels.broker;
    return {
      state: (typeof state === 'string' ? state : 'connecting') as BrokerStateName,
      kind: kind === 'mosquitto' || kind === 'emqx' ? kind : null,
      droppedTotal: value('ztj_broker_messages_dropped_total'),
      storeMessages: value('ztj_broker_store_messages'),
      storeBytes: value('ztj_broker_store_bytes'),
      ingestClientId: this.deps.ingestClientId ?? null,
    };
  }

  /** Every series of the registry (collected now), by metric name. */
  private async read(): Promise<Map<string, Values>> {
    const all = await this.deps.registry.getMetricsAsJSON();
    return new Map(all.map((x) => [x.name, x.values as Values]));
  }
}
