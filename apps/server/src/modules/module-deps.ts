/**
 * What the composition root (modules/index.ts) hands every module's `register`. A file of its own so
 * that a module reading it does not import the registry that imports the module.
 */
import type { PushChannelCode } from '@ztj/contracts';
import type { Config } from '../platform/config/config';
import type { Db } from '../platform/db/db';
import type { RealtimeHub } from '../platform/realtime/hub';
import type { IngestRuntime } from './telemetry/ingest-runtime';
import type { AlarmRuntime } from './alarms/runtime/alarm-runtime';
import type { ServerMetrics } from '../platform/observability/metrics';
import type { JobQueue } from '../platform/jobs/job-queue';

/** What every module's routes may use. */
export interface ModuleDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
  /** Device registry, ingest and broker connection. */
  devices: IngestRuntime;
  /** Alarm engine runtime: processed marks, processed notices. */
  alarms: AlarmRuntime;
  /** Alarm push dispatcher: which channels are configured. */
  push?: PushRouteDeps;
  /** The app's Prometheus metrics (monitoring reads its registry and adds the storage gauges). */
  metrics: ServerMetrics;
  /** The job queue (monitoring reads its counts). */
  jobs: JobQueue;
}

/** What the push routes need besides ModuleDeps: the dispatcher's view of the configured channels. */
export interface PushRouteDeps {
  configuredChannels(): { channel: PushChannelCode; configured: boolean }[];
}
