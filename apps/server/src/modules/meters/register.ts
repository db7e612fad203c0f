import {
  REGISTER_CT_RATED_POWER_W,
  REGISTER_NOISE_KWH,
  REGISTER_RATED_POWER_W,
  REGISTER_RESOLUTION_KWH,
  type RegisterEventKind,
} from '@ztj/contracts';

/**
 * Semantics of a meter's cumulative energy register (SPEC §2 ammeter/plug chart, daily energy,
 * tariff split and the meter report all count consumption through this one module). Pure.
 *
 * Units: register values kWh as read (before CT × PT), times ms epoch, rated power W.
 *
 * Readings are taken in device-time order; a repeated reading (same time) is taken once, so
 * out-of-order and repeated readings never count twice. Each step from the **base** (the last
 * accepted reading) to the next reading is one of:
 * - `increase`: the register rose by at most what the rated power allows over the elapsed time
 *   (`ratedPowerW × elapsed × 1.5`, plus the resolution): the rise is consumption;
 * - `noise`: it fell by at most `max(resolution, noise tolerance)` — jitter, a relay's last Wh:
 *   no consumption and the base stays, so the climb back is not counted again;
 * - `rollover`: it wrapped at `counterMaxKWh` (`counterMax − prev + next` within the allowance): that is consumption;
 * - `reset`: it fell to near zero (`next` within the allowance plus the noise tolerance): the
 *   meter was replaced or cleared; counted from the new value (`next`);
 * - `spike`: it rose more than the allowance (a restarted simulator, a third-party post, a bad
 *   frame): an anomaly, not counted; the new value becomes the base;
 * - `drop`: it fell by more than the tolerance without wrapping or reaching zero: an anomaly, not
 *   counted; the new value becomes the base.
 */

/** How a meter's register behaves. */
export interface RegisterRules {
  /** Value after which the register wraps to 0, kWh. */
  counterMaxKWh: number;
  /** Most power the meter measures on its register side, W (see {@link ratedPowerOf}). */
  ratedPowerW: number;
  /** Register resolution, kWh (default 0.01). */
  resolutionKWh?: number;
  /** Backwards steps up to this are noise, kWh (default 0.1). */
  noiseKWh?: number;
}

/** A register reading: device time ms, value kWh. */
export interface CounterReading {
  ts: number;
  value: number;
}

/** What a step is (see the file comment). */
export type StepKind = 'increase' | 'noise' | RegisterEventKind;

/** One classified step from `prev` (the base) to `next`: `kWh` is the consumption counted (≥ 0). */
export interface RegisterStep {
  kind: StepKind;
  kWh: number;
  prev: CounterReading;
  next: CounterReading;
}

/** Margin on the rated power before a rise is a spike. */
export const RATED_POWER_MARGIN = 1.5;
/** Rated power when the family has none, W (a 100 A three-phase meter). */
const FALLBACK_RATED_POWER_W = 75_000;

/**
 * Register-side rated power of an equipment family, W (contracts REGISTER_RATED_POWER_W; a
 * CT-connected meter, `ctRatio` above 1, measures its secondary: REGISTER_CT_RATED_POWER_W).
 */
export const ratedPowerOf = (family: string | undefined, ctRatio = 1): number =>
  (family && ctRatio > 1 && REGISTER_CT_RATED_POWER_W[family]) ||
  (family && REGISTER_RATED_POWER_W[family]) ||
  FALLBACK_RATED_POWER_W;

/** Tolerance of a backwards step, kWh. */
const toleranceOf = (r: RegisterRules): number =>
  Math.max(r.resolutionKWh ?? REGISTER_RESOLUTION_KWH, r.noiseKWh ?? REGISTER_NOISE_KWH);

/** Most the register may advance in `elapsedMs` (kWh): rated power × margin × time, plus the resolution. */
export function allowanceKWh(elapsedMs: number, r: RegisterRules): number {
  return (
    (r.ratedPowerW / 1000) * RATED_POWER_MARGIN * (Math.max(0, elapsedMs) / 3_600_000) +
    (r.resolutionKWh ?? REGISTER_RESOLUTION_KWH)
  );
}

/** Classifies one step from the base `prev` to `next` (see the file comment). Never throws. */
export function classifyStep(prev: CounterReading, next: CounterReading, r: RegisterRules): RegisterStep {
  const d = next.value - prev.value;
  const allow = allowanceKWh(next.ts - prev.ts, r);
  const step = (kind: StepKind, kWh: number): RegisterStep => ({ kind, kWh, prev, next });
  if (d >= 0) return d <= allow ? step('increase', d) : step('spike', 0);
  if (-d <= toleranceOf(r)) return step('noise', 0);
  const wrap = r.counterMaxKWh - prev.value + next.value;
  if (wrap >= 0 && wrap <= allow) return step('rollover', wrap);
  if (next.value >= 0 && next.value <= allow + toleranceOf(r)) return step('reset', next.value);
  return step('drop', 0);
}

/** Readings in time order, a repeated time taken once (the first). */
export function orderReadings(readings: readonly CounterReading[]): CounterReading[] {
  const sorted = [...readings].sort((a, b) => a.ts - b.ts);
  return sorted.filter((x, i) => i === 0 || x.ts !== sorted[i - 1]!.ts);
}

/**
 * Folds readings (any order, repeats allowed) into steps, starting from `start` (the reading
 * before them, if known). A noise step keeps the base; every other step moves it to the reading.
 */
export function foldRegister(
  readings: readonly CounterReading[],
  r: RegisterRules,
  start?: CounterReading,
): RegisterStep[] {
  const steps: RegisterStep[] = [];
  let base = start;
  for (const next of orderReadings(readings)) {
    if (base && next.ts <= base.ts) continue;
    if (base) {
      const s = classifyStep(base, next, r);
      steps.push(s);
      if (s.kind === 'noise') continue;
    }
    base = next;
  }
  return steps;
}

/** Total consumption of a fold, kWh. */
export const countedKWh = (steps: readonly RegisterStep[]): number => steps.reduce((s, x) => s + x.kWh, 0);

/** True for the steps kept as register events (reset, rollover, spike, drop). */
export const isEvent = (s: RegisterStep): s is RegisterStep & { kind: RegisterEventKind } =>
  s.kind !== 'increase' && s.kind !== 'noise';
