import type { RegisteredDevice } from './device-registry';
import type { Reading } from './fast-validate';
import type { IngestOutcome } from './ingest-types';
import type { TelemetryRow } from './telemetry-store';

/** Characters of a refused payload kept in its dead letter. */
export const PAYLOAD_KEEP = 2048;
/** The first {@link PAYLOAD_KEEP} characters of a payload, without decoding the rest. */
export const kept = (p: Buffer | string): string =>
  typeof p === 'string' ? p.slice(0, PAYLOAD_KEEP) : p.subarray(0, PAYLOAD_KEEP).toString('utf8');
/** The outcome of one accepted message that queued nothing (written directly). */
export const none = (): IngestOutcome => ({ accepted: 1, rejected: 0, reasons: [], details: [], causes: [] });
/** The stored row of an accepted reading (positions WGS-84 or null; values also as JSON text). */
export const rowOf = (
  device: Pick<RegisteredDevice, 'id' | 'tenantId'>,
  r: Reading,
  receivedAt: number,
): TelemetryRow => ({
  deviceId: device.id,
  tenantId: device.tenantId,
  ts: r.ts,
  receivedAt,
  lat: r.lat ?? null,
  lng: r.lng ?? null,
  values: r.values,
  valuesJson: JSON.stringify(r.values),
});
