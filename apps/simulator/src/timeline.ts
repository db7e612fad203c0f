import { PARAM, type EquipmentFamily, type TelemetryValues } from '@ztj/contracts';
import type { ClimatePoint } from './series';

/** One reading of a replayed series: offset in the series (ms), values by parameter code, WGS-84 position. */
export interface Sample {
  tOffsetMs: number;
  values: TelemetryValues;
  lat?: number;
  lng?: number;
}

/** A series replayed in a loop: offsets strictly increase and stay below `loopMs`. */
export interface Timeline {
  samples: readonly Sample[];
  loopMs: number;
}

/** Where a reading falls in the replay: series time since start (ms), loop number, sample index, and the replay clock. */
export interface ReplayPosition {
  s: number;
  loop: number;
  index: number;
  /** Wall time the replay started, ms epoch. */
  startWallMs: number;
  /** Time compression of the replay. */
  speed: number;
}

/** A per-reading correction applied by the replay (counters carried across loops, battery drain). */
export type ValuesAdjust = (values: TelemetryValues, at: ReplayPosition) => TelemetryValues;

/** A simulated device: it reports one message per sample of `timeline`, starting `phaseMs` into it. */
export interface SimDevice {
  deviceId: string;
  /** A SPEC §3 model code or an equipment model code (contracts `meters/families.ts`). */
  model: string;
  timeline: Timeline;
  phaseMs: number;
  /** Values of a second series merged into each report, taken as they stood at that time (no interpolation). */
  overlay?: { timeline: Timeline; phaseMs: number };
  /** Emits `power_on` at the first sample of every loop and `power_off` at the last (a trip). */
  tripEvents?: boolean;
  /** What the device replays, for people reading `--list`. */
  source: string;
  /** Per-reading correction by the replay: counters carried across loops, a counter reset, battery drain. */
  adjust?: ValuesAdjust;
  /** Equipment family and the default set-point of each well, °C: commands act on these. */
  equipment?: { family: EquipmentFamily; setPoints?: number[] };
}

/** Loops a series after its last sample plus `gapMs`. */
export function loopTimeline(samples: readonly Sample[], gapMs: number): Timeline {
  const last = samples.at(-1);
  if (!last) throw new Error('empty timeline');
  return { samples, loopMs: last.tOffsetMs + gapMs };
}

/** A temperature (°C) / humidity (%RH) series; loops one `stepMs` after its last point. */
export function climateTimeline(points: readonly ClimatePoint[], stepMs: number): Timeline {
  const samples = points.map((p) => ({
    tOffsetMs: p.tOffsetMs,
    values: { [PARAM.temperature]: p.temperatureC, [PARAM.humidity]: p.humidityPct },
  }));
  return loopTimeline(samples, stepMs);
}
