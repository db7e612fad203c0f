import { PARAM, type ParameterCode, type TelemetryValues } from '@ztj/contracts';
import type { MachineSeries } from './equipment-series';
import { loopTimeline, type Sample, type Timeline } from './timeline';

/**
 * Boil pot and oden cooker wells from the REAL NAB machine-temperature series (MIT, Numenta;
 * values read as °F and converted to °C). The machine ran at about 31.9 °C (median, 89.4 °F); a
 * hot-holding well runs at its set-point. So a well reads `setPoint + (T − median)`: the real
 * series' deviations in °C, centred on the set-point. The machine's labelled failures (NAB
 * windows) become wells falling far below the set-point. Derived channels: heater on while a well
 * is below its set-point, running while well 1 is at least 40 °C (a cold well is idle), water
 * level evaporating with the well temperature and refilled (see data/ATTRIBUTION.md).
 */

/** The well temperature codes, well 1 first (families.ts). */
export const WELL_CODES: readonly ParameterCode[] = [
  PARAM.temperature,
  PARAM.temperature2,
  PARAM.temperature3,
  PARAM.temperature4,
];
/** Hot-holding limit, °C: below it food must not stay (the demo rule: 10 minutes). */
export const HOT_HOLD_MIN_C = 60;
/** A well below this is cold: the appliance is idle, °C. */
export const RUNNING_MIN_C = 40;
/** Series step, ms (NAB rows are exactly 5 minutes apart). */
const STEP_MS = 5 * 60_000;
/** Each further well reads the series one day later, so wells do not fail together. */
export const WELL_STEP_MS = 24 * 3_600_000;
/** Water level: full, refill threshold (mm), evaporation per 5 minutes per °C above 40 °C (mm). */
const LEVEL_FULL_MM = 150;
const LEVEL_REFILL_MM = 100;
const EVAPORATION_MM_PER_C = 0.01;

const r1 = (v: number): number => Number(v.toFixed(1));

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** A pot or cooker: default set-point of each well (°C) and, for water, the boiling cap (°C). */
export interface HeatOptions {
  setPoints: readonly number[];
  /** Caps well 1 (water boils at 100 °C); none for oil or broth kept below boiling. */
  maxWell1C?: number;
}

/** Heater and running state from well temperatures and set-points (also used after a set-point command). */
export function heaterOn(wells: readonly number[], setPoints: readonly number[]): boolean {
  return wells.some((t, k) => t < setPoints[k]!);
}

/** The pot/cooker timeline: wells from the series (well k one day after well k − 1). */
export function heatTimeline(series: MachineSeries, o: HeatOptions): Timeline {
  const pts = series.points;
  const ref = median(pts.map((p) => p.temperatureC));
  const stepIdx = Math.round(WELL_STEP_MS / STEP_MS);
  let level = LEVEL_FULL_MM;
  const samples: Sample[] = pts.map((p, i) => {
    const wells = o.setPoints.map((sp, k) => {
      const t = sp + pts[(i + k * stepIdx) % pts.length]!.temperatureC - ref;
      return r1(k === 0 && o.maxWell1C !== undefined ? Math.min(o.maxWell1C, t) : t);
    });
    level -= EVAPORATION_MM_PER_C * Math.max(0, wells[0]! - RUNNING_MIN_C);
    if (level < LEVEL_REFILL_MM) level = LEVEL_FULL_MM;
    const values: TelemetryValues = {};
    wells.forEach((t, k) => (values[WELL_CODES[k]!] = t));
    values[PARAM.heaterOn] = heaterOn(wells, o.setPoints);
    values[PARAM.running] = wells[0]! >= RUNNING_MIN_C;
    values[PARAM.liquidLevel] = r1(level);
    values[PARAM.setPoint] = o.setPoints[0]!;
    return { tOffsetMs: p.tOffsetMs, values };
  });
  return loopTimeline(samples, STEP_MS);
}

/** Where a labelled failure takes well 1 below {@link HOT_HOLD_MIN_C}: series offset (ms) and duration (ms). */
export interface Excursion {
  /** Offset in the series of the first sample below the limit, ms. */
  startOffsetMs: number;
  /** How long well 1 stays below the limit, ms. */
  durationMs: number;
  /** The labelled NAB window it falls in (source time, ms). */
  window: [number, number];
}

/**
 * The first labelled failure window in which well 1 (at `setPointC`) goes below 60 °C and stays
 * there at least `minMs` (series time), found in the timeline built with that set-point.
 */
export function findExcursion(series: MachineSeries, timeline: Timeline, minMs: number): Excursion {
  const s = timeline.samples;
  const below = (i: number): boolean => Number(s[i]!.values[PARAM.temperature]) < HOT_HOLD_MIN_C;
  for (const window of series.windows) {
    for (let i = 0; i < s.length; i++) {
      const src = series.points[i]!.sourceMs;
      if (src < window[0] || src > window[1] || !below(i) || (i > 0 && below(i - 1))) continue;
      let j = i;
      while (j < s.length && below(j)) j++;
      const durationMs = (j < s.length ? s[j]!.tOffsetMs : timeline.loopMs) - s[i]!.tOffsetMs;
      if (durationMs >= minMs) return { startOffsetMs: s[i]!.tOffsetMs, durationMs, window };
    }
  }
  throw new Error(`no labelled window keeps well 1 below ${HOT_HOLD_MIN_C} °C for ${minMs} ms`);
}
