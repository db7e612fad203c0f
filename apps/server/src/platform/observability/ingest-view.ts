import type { MetricsDevices } from './metrics';
import type { ReadinessDevices } from './readiness';

/** The device side as the readiness check and the metrics read it. */
export type ObservedDevices = ReadinessDevices & MetricsDevices;

/**
 * What observability reads of the IngestRuntime: `storeFailing` and `pendingRows` (added with the
 * ingest's hold-and-retry, issue #15 item 2) when it has them; until then "not failing" and the
 * ingest's own `stats.pending`. Read at each probe or scrape, never cached.
 */
export function observedDevices(devices: Omit<MetricsDevices, 'pendingRows'> & { readonly mqttPort: number | undefined; readonly ingest: { readonly stats: { pending: number } } }): ObservedDevices {
  const extra = devices as unknown as Partial<Pick<ObservedDevices, 'storeFailing' | 'pendingRows'>>;
  return {
    get storeFailing() {
      return extra.storeFailing ?? false;
    },
    get pendingRows() {
      return extra.pendingRows ?? devices.ingest.stats.pending;
    },
    get mqttPort() {
      return devices.mqttPort;
    },
    get ingest() {
      return devices.ingest;
    },
  };
}
