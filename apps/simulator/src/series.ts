import { localTimeMs, numberAt, parseCsv } from './csv';

/** One temperature/humidity reading: offset from the series start, °C and %RH. */
export interface ClimatePoint {
  tOffsetMs: number;
  temperatureC: number;
  humidityPct: number;
}

/** A WSN mote reading: a climate point plus the experimenters' event label (an injected excursion). */
export interface WsnPoint extends ClimatePoint {
  excursion: boolean;
}

/** One TelosB mote's series (5-second readings). */
export interface WsnMote {
  moteId: number;
  indoor: boolean;
  points: WsnPoint[];
}

/**
 * Shenyang hourly weather 2015 (UCI PM2.5 Five Chinese Cities, CC BY 4.0): the January rows with
 * numeric TEMP and HUMI (rows with NA are skipped), offsets from 1 January 00h of the file's year.
 * Outdoor ambient, −22 … 3 °C in January.
 */
export function parseShenyangJanuary(csvText: string): ClimatePoint[] {
  const points: ClimatePoint[] = [];
  let t0: number | undefined;
  parseCsv(csvText).forEach((row, i) => {
    if (row.month !== '1' || row.TEMP === 'NA' || row.HUMI === 'NA') return;
    const year = numberAt(row, 'year', i);
    const t = Date.UTC(year, 0, numberAt(row, 'day', i), numberAt(row, 'hour', i));
    t0 ??= Date.UTC(year, 0, 1);
    points.push({ tOffsetMs: t - t0, temperatureC: numberAt(row, 'TEMP', i), humidityPct: numberAt(row, 'HUMI', i) });
  });
  if (points.length === 0) throw new Error('no January rows');
  return points;
}

/**
 * One minute of the UCI occupancy office series: the climate point (warehouse sensors) plus the
 * activity columns that drive the equipment load models (`equipment-power.ts`).
 */
export interface OccupancyPoint extends ClimatePoint {
  /** Ground-truth occupancy of the room (from photos). */
  occupied: boolean;
  /** Illuminance, lux. */
  lightLux: number;
  /** CO2, ppm. */
  co2Ppm: number;
}

/**
 * Occupancy Detection office series (UCI, CC BY 4.0), one point a minute: `temperature_c` (°C),
 * `humidity_pct` (%RH), `occupied` (0/1), `light_lux`, `co2_ppm`; offsets from the first row.
 */
export function parseOccupancySeries(csvText: string): OccupancyPoint[] {
  const points: OccupancyPoint[] = [];
  let t0: number | undefined;
  parseCsv(csvText).forEach((row, i) => {
    const t = localTimeMs(row.ts_local, i);
    t0 ??= t;
    points.push({
      tOffsetMs: t - t0,
      temperatureC: numberAt(row, 'temperature_c', i),
      humidityPct: numberAt(row, 'humidity_pct', i),
      occupied: numberAt(row, 'occupied', i) === 1,
      lightLux: numberAt(row, 'light_lux', i),
      co2Ppm: numberAt(row, 'co2_ppm', i),
    });
  });
  if (points.length === 0) throw new Error('empty occupancy series');
  return points;
}

/** WSN readings are 5 s apart; the file has no timestamps (SOURCES B2). */
export const WSN_STEP_MS = 5_000;

/**
 * The labelled TelosB file (LWSNDR, ODC-BY / CC BY 4.0) split per mote, ordered by mote id.
 * Offset = 5 s × (reading − 1); `excursion` is the file's `label` = 1.
 */
export function parseWsnMotes(csvText: string): WsnMote[] {
  const motes = new Map<number, WsnMote>();
  parseCsv(csvText).forEach((row, i) => {
    const moteId = numberAt(row, 'mote_id', i);
    let mote = motes.get(moteId);
    if (!mote) {
      mote = { moteId, indoor: row.indoor === '1', points: [] };
      motes.set(moteId, mote);
    }
    mote.points.push({
      tOffsetMs: WSN_STEP_MS * (numberAt(row, 'reading', i) - 1),
      temperatureC: numberAt(row, 'temperature', i),
      humidityPct: numberAt(row, 'humidity', i),
      excursion: row.label === '1',
    });
  });
  const list = [...motes.values()].sort((a, b) => a.moteId - b.moteId);
  for (const m of list) m.points.sort((a, b) => a.tOffsetMs - b.tOffsetMs);
  return list;
}
