import type { ParameterCode } from '@ztj/contracts';
import type { Sample, Timeline, ValuesAdjust } from './timeline';

/**
 * Counters advance at the device's rate over **wall** time (kWh = kW × wall hours), whatever the
 * replay speed: the series' consumption between two readings is divided by the speed, so a store
 * meter shows tens of kWh a day at speed 60 as at speed 1 — as a real register would.
 *
 * Counters carry on across simulator restarts: a replay started at wall time W begins its counters
 * at `start + maxRate × (W − COUNTER_EPOCH_MS)`, as if the device had drawn its highest rate of the
 * series since this epoch. The previous run drew at most that much, so the counter never goes back
 * on a restart (at any speed); the step forward is at most the highest rate over the time since the
 * previous start. 2026-11-20T00:00Z; earlier starts begin at `start`.
 */
export const COUNTER_EPOCH_MS = Date.UTC(2026, 10, 20);

/** A cumulative counter in a looping timeline. */
export interface CounterSpec {
  code: ParameterCode;
  /** What the counter grows by in one loop of the timeline (kWh or m³). */
  perLoop: number;
  /** The highest rate in the timeline, per hour (kW or m³/h): see {@link COUNTER_EPOCH_MS}. */
  maxRatePerHour: number;
  /** Decimals reported. */
  decimals: number;
  /**
   * One counter reset (a meter replaced / cleared) at this series time after the replay start, ms:
   * from the first reading at or after it, the counter restarts from 0.
   */
  resetAtS?: number;
}

const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/**
 * Integrates a rate over a timeline's samples (rectangle rule: each sample's rate holds until the
 * next one; the last one until the loop ends): `within[i]` is the amount before sample i and the
 * second result the amount of a whole loop. Rate per hour × ms.
 */
export function integrate(
  samples: readonly { tOffsetMs: number }[],
  ratePerHour: readonly number[],
  loopMs: number,
): { within: number[]; perLoop: number } {
  const within: number[] = [];
  let sum = 0;
  samples.forEach((s, i) => {
    within.push(sum);
    const next = i + 1 < samples.length ? samples[i + 1]!.tOffsetMs : loopMs;
    sum += (ratePerHour[i]! * (next - s.tOffsetMs)) / 3_600_000;
  });
  return { within, perLoop: sum };
}

/**
 * The counter value the timeline carries at series time `s` strictly before it (the latest sample
 * before s), loops included, without reset.
 */
function counterBefore(timeline: Timeline, phaseMs: number, spec: CounterSpec, s: number): number {
  const u = s + phaseMs;
  const loop = Math.floor(u / timeline.loopMs);
  const r = u - loop * timeline.loopMs;
  let i = timeline.samples.findIndex((x: Sample) => x.tOffsetMs >= r) - 1;
  if (i === -2) i = timeline.samples.length - 1; // r after the last sample
  if (i < 0) return counterBefore(timeline, phaseMs, spec, s - r - 1); // before the first sample of this loop
  return Number(timeline.samples[i]!.values[spec.code]) + loop * spec.perLoop;
}

/**
 * Adjust for a counter: the sample holds the in-loop reading of the series; the replay adds
 * `perLoop` per loop, takes the growth since the replay start at wall rate (÷ speed, see
 * {@link COUNTER_EPOCH_MS}) and adds the restart base; after `resetAtS` it counts from 0 (the
 * series reading before the reset is subtracted, base dropped).
 */
export function counterAdjust(timeline: Timeline, phaseMs: number, spec: CounterSpec): ValuesAdjust {
  const atStart = counterBefore(timeline, phaseMs, spec, 0);
  const atReset = spec.resetAtS === undefined ? 0 : counterBefore(timeline, phaseMs, spec, spec.resetAtS);
  return (values, at) => {
    const raw = values[spec.code];
    if (typeof raw !== 'number') return values;
    const series = raw + at.loop * spec.perLoop;
    const speed = at.speed > 0 ? at.speed : 1;
    const v =
      spec.resetAtS !== undefined && at.s >= spec.resetAtS
        ? (series - atReset) / speed
        : atStart +
          (series - atStart) / speed +
          (spec.maxRatePerHour * Math.max(0, at.startWallMs - COUNTER_EPOCH_MS)) / 3_600_000;
    return { ...values, [spec.code]: round(Math.max(0, v), spec.decimals) };
  };
}

/** Several adjusts in order. */
export function chainAdjust(...fns: ValuesAdjust[]): ValuesAdjust {
  return (values, at) => fns.reduce((v, f) => f(v, at), values);
}
