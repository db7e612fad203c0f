import { z } from 'zod';
import { defineRoute } from '../route';

/**
 * Monitoring info (SPEC §2 modules → monitoring info pages): the server's health
 * as an operator reads it. Every figure comes from the server's Prometheus registry (the series of
 * `<base>/metrics`) or from the database; a figure the running configuration cannot know is null
 * (e.g. connected devices with an external broker). Units: bytes, seconds, per second, rows.
 */
export const MonitorSnapshotSchema = z.object({
  /** Server time of the snapshot, ISO-8601 UTC. */
  time: z.string(),
  process: z.object({
    uptimeSeconds: z.number(),
    /** Resident set size, bytes. */
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    /** Event-loop delay (prom-client's monitor): mean and p99, seconds. */
    eventLoopDelaySeconds: z.number(),
    eventLoopDelayP99Seconds: z.number(),
    nodeVersion: z.string(),
    appVersion: z.string(),
    pid: z.number().int(),
  }),
  database: z.object({
    /** `pglite` (embedded, one connection) or `postgresql`. */
    engine: z.enum(['pglite', 'postgresql']),
    serverVersion: z.string(),
    sizeBytes: z.number().nullable(),
    /** Backends connected to this database (PostgreSQL); 1 on PGlite (one in-process connection). */
    connections: z.number().int(),
    /** Largest tables of the schema (partitions rolled up into their table), bytes incl. indexes; rows are the planner's estimate. */
    largestTables: z.array(z.object({ name: z.string(), bytes: z.number(), rows: z.number() })),
    /** Telemetry rows: exact below 1,000,000, the planner's estimate above (`estimated` true). */
    telemetryRows: z.number(),
    telemetryRowsEstimated: z.boolean(),
  }),
  broker: z.object({
    /** `embedded` (aedes in process), `external` (MQTT_URL) or `off`. */
    mode: z.enum(['embedded', 'external', 'off']),
    /** MQTT clients connected to the embedded broker; null with an external broker. */
    connectedClients: z.number().int().nullable(),
    messagesInPerSecond: z.number(),
    messagesOutPerSecond: z.number().nullable(),
    messagesInTotal: z.number(),
    messagesOutTotal: z.number().nullable(),
    /**
     * The external broker's own counters (`$SYS`); null on the embedded broker or
     * none. A figure the broker does not report (refused, not yet, EMQX's store) is null.
     */
    external: z
      .object({
        /** Reading of the counters: see the server's BrokerStatsState. */
        state: z.enum(['connecting', 'unreachable', 'refused', 'silent', 'reporting']),
        kind: z.enum(['mosquitto', 'emqx']).nullable(),
        /** Messages the broker dropped since it started (full client queues), its own counter. */
        droppedTotal: z.number().nullable(),
        /** Messages the broker holds and their bytes (Mosquitto). */
        storeMessages: z.number().nullable(),
        storeBytes: z.number().nullable(),
        /** The ingest's persistent-session client id (`MQTT_CLIENT_ID`; connection i is `<id>-<i>`); null: random, clean sessions. */
        ingestClientId: z.string().nullable(),
      })
      .nullable(),
  }),
  ingest: z.object({
    /** Readings committed per second (over the last sampling interval). */
    readingsPerSecond: z.number(),
    messagesReceivedTotal: z.number(),
    readingsStoredTotal: z.number(),
    batchesTotal: z.number(),
    /** Mean batch commit latency since start, seconds (null before the first batch). */
    batchLatencyMeanSeconds: z.number().nullable(),
    deadLettersTotal: z.number(),
    /** Readings accepted and not yet committed. */
    queueDepth: z.number(),
  }),
  jobs: z.object({
    waiting: z.number().int(),
    active: z.number().int(),
    failed: z.number().int(),
    completed: z.number().int(),
  }),
  websocketClients: z.number().int(),
});
export type MonitorSnapshot = z.infer<typeof MonitorSnapshotSchema>;

/** Outages, seconds, for which the monitoring page and the broker-drop warning size the broker's queue. */
export const OUTAGE_QUEUE_SECONDS = [60, 300] as const;

/**
 * Messages an external broker must queue for the ingest to survive an outage of `seconds` at
 * `ratePerSecond` (messages/s): rate × seconds, rounded up. Mosquitto:
 * `max_queued_messages`; EMQX: `mqtt.max_mqueue_len`.
 */
export function queueForOutage(ratePerSecond: number, seconds: number): number {
  return Number.isFinite(ratePerSecond) && ratePerSecond > 0 ? Math.ceil(ratePerSecond * seconds) : 0;
}

/** How often the monitoring page refreshes, ms. */
export const MONITOR_REFRESH_MS = 5_000;

/** Route table of the monitoring page (administrators only: `monitor:view`). */
export const MonitorRoutes = {
  info: defineRoute({
    method: 'GET',
    path: '/sys/monitor/info',
    access: 'monitor:view',
    tag: 'monitor',
    summary: 'Server health: process, database, broker, ingest, job queue (from the metrics registry)',
    result: MonitorSnapshotSchema,
  }),
} as const;
