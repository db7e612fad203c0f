import { localTimeMs, numberAt, parseCsv } from './csv';
import type { OccupancyPoint } from './series';

/** One minute of the UCI occupancy office series (parsed by `parseOccupancySeries`): what drives the equipment load models. */
export type ActivityPoint = OccupancyPoint;

/** One 5-minute reading of the NAB machine-temperature series, converted to °C. */
export interface MachinePoint {
  /** Offset from the series start, ms. */
  tOffsetMs: number;
  /** Zone-less source timestamp read as UTC, ms (to place the labelled windows). */
  sourceMs: number;
  /** The file's value converted from °F: (value − 32) × 5/9, °C. */
  temperatureC: number;
}

/** NAB rows are 5 minutes apart. */
export const NAB_STEP_MS = 5 * 60_000;

/** NAB machine-temperature series plus its labelled anomaly windows (source time, ms). */
export interface MachineSeries {
  points: MachinePoint[];
  windows: Array<[number, number]>;
}

/** °F → °C. */
export const fahrenheitToCelsius = (f: number): number => ((f - 32) * 5) / 9;

const NAB_KEY = 'realKnownCause/machine_temperature_system_failure.csv';
const nabTime = (raw: string, i: number): number =>
  localTimeMs(
    raw
      .trim()
      .replace(' ', 'T')
      .replace(/\.\d+$/, ''),
    i,
  );

/**
 * NAB `machine_temperature_system_failure.csv` (MIT, Numenta) and its windows from
 * `nab_anomaly_windows.json`. The values are undocumented; their range (2.1 … 108.5) reads as °F,
 * so they are converted to °C here. Rows are placed 5 minutes apart by their order: the file's
 * clock repeats one hour (2014-01-07 02:00-02:55 appears twice, rows 10139-10162), so offsets come
 * from the row number, while `sourceMs` keeps the file's time to place the labelled windows.
 */
export function parseMachineSeries(csvText: string, windowsJson: string): MachineSeries {
  const points: MachinePoint[] = [];
  parseCsv(csvText).forEach((row, i) => {
    const t = nabTime(row.timestamp ?? '', i);
    points.push({
      tOffsetMs: i * NAB_STEP_MS,
      sourceMs: t,
      temperatureC: fahrenheitToCelsius(numberAt(row, 'value', i)),
    });
  });
  if (points.length === 0) throw new Error('empty NAB series');
  const raw = (JSON.parse(windowsJson) as Record<string, Array<[string, string]>>)[NAB_KEY] ?? [];
  const windows = raw.map(([a, b], i): [number, number] => [nabTime(a, i), nabTime(b, i)]);
  return { points, windows };
}
