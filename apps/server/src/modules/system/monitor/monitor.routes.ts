import { MonitorRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../platform/config/config';
import type { Db } from '../../../platform/db/db';
import { registerRoute } from '../../../platform/http/register-route';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import type { ServerMetrics } from '../../../platform/observability/metrics';
import { requirePlatform } from '../../../platform/tenancy/platform-scope';
import { registerStorageGauges } from './monitor-gauges';
import { APP_VERSION, MonitorService, type BrokerMode } from './monitor.service';
import { StorageProbe } from './storage-probe';

/** What the monitoring module needs of the app. */
export interface MonitorRouteDeps {
  db: Db;
  config: Pick<Config, 'mqttUrl' | 'mqttPort' | 'mqttClientId'>;
  metrics: Pick<ServerMetrics, 'registry'>;
  jobs: Pick<JobQueue, 'counts'>;
}

/** Where the broker runs in this configuration. */
export function brokerModeOf(config: Pick<Config, 'mqttUrl' | 'mqttPort'>): BrokerMode {
  if (config.mqttUrl) return 'external';
  return config.mqttPort === 'off' ? 'off' : 'embedded';
}

/**
 * Monitoring info (SPEC §2 modules → monitoring): `GET /sys/monitor/info`, the
 * server's health (`monitor:view`, administrators of the platform tenant only — the figures are
 * the whole server's, every tenant's). Also adds the database and job-queue gauges to the app's
 * registry, so `<base>/metrics` carries the same figures.
 */
export function monitorRoutes(app: FastifyInstance, { db, config, metrics, jobs }: MonitorRouteDeps): void {
  const probe = new StorageProbe(db, jobs);
  registerStorageGauges(metrics.registry, probe, APP_VERSION);
  const service = new MonitorService({
    registry: metrics.registry,
    probe,
    brokerMode: brokerModeOf(config),
    ingestClientId: config.mqttClientId,
  });
  registerRoute(app, db, MonitorRoutes.info, ({ auth }) => {
    requirePlatform(auth, 'platformOnlyView');
    return service.snapshot();
  });
}
