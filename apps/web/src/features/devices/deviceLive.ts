import type { DeviceRecord, ParameterReading } from '@ztj/contracts';
import type { LiveReading } from '../../platform/websocket/telemetrySocket';
import { parameterUnit } from './parameterFormat';

/** The newest live reading of one device and when it reached the browser (ms, for the flash). */
export interface LiveEntry {
  reading: LiveReading;
  arrivedAt: number;
}

/** Newest live reading per device id. */
export type LiveMap = ReadonlyMap<string, LiveEntry>;

/**
 * Folds a telemetry batch into `live`, keeping per device the reading with the newest device time.
 * Returns the same map when nothing changed (lets React skip the render).
 */
export function mergeLiveReadings(live: LiveMap, readings: readonly LiveReading[], arrivedAt: number): LiveMap {
  let next: Map<string, LiveEntry> | null = null;
  for (const reading of readings) {
    const current = (next ?? live).get(reading.deviceId);
    if (current && current.reading.ts >= reading.ts) continue;
    next ??= new Map(live);
    next.set(reading.deviceId, { reading, arrivedAt });
  }
  return next ?? live;
}

/** `values` with the live reading's codes replaced or appended, units from the parameter table. */
export function mergeValues(values: readonly ParameterReading[], live: LiveReading['values']): ParameterReading[] {
  const merged = values.map((v) => (v.code in live ? { ...v, value: live[v.code] } : v));
  for (const [code, value] of Object.entries(live)) {
    if (!values.some((v) => v.code === code)) merged.push({ code, value, unit: parameterUnit(code) });
  }
  return merged;
}

/**
 * One device row with a newer live reading applied: values, report time, battery (P005),
 * signal (P012), charging (P039), position, and status online. Rows without a newer reading are
 * returned as they are (same object).
 */
export function patchDeviceRow<T extends DeviceRecord>(row: T, entry: LiveEntry | undefined): T {
  if (!entry) return row;
  const r = entry.reading;
  if (row.lastReportTime !== null && row.lastReportTime >= r.ts) return row;
  const num = (code: string, fallback: number | null): number | null =>
    typeof r.values[code] === 'number' ? (r.values[code] as number) : fallback;
  return {
    ...row,
    values: mergeValues(row.values, r.values),
    lastReportTime: r.ts,
    power: num('P005', row.power),
    signal: num('P012', row.signal),
    charging: typeof r.values.P039 === 'boolean' ? r.values.P039 : row.charging,
    status: 'online',
    lat: r.lat ?? row.lat,
    lng: r.lng ?? row.lng,
  };
}

/** Every row patched with its live reading (unchanged rows keep their identity). */
export function patchDeviceRows<T extends DeviceRecord>(rows: readonly T[], live: LiveMap): T[] {
  return rows.map((row) => patchDeviceRow(row, live.get(row.id)));
}
