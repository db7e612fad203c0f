/**
 * Timing outcomes of a waybill (SPEC §4: normal end, normal in transit, underway, already late,
 * estimated delay, delay, punctual).
 *
 * Rule (all times ms epoch; "late" means strictly after, equality is on time):
 *
 * | status      | condition (first match wins)                                   | outcome           |
 * |-------------|----------------------------------------------------------------|-------------------|
 * | unstarted   | now > plannedStart (departure overdue)                          | `delay`           |
 * | unstarted   | otherwise (not due yet)                                         | `null`            |
 * | ongoing     | now > plannedEnd (should have arrived, has not)                 | `alreadyLate`     |
 * | ongoing     | etaMs === null (no recent speed, see eta.ts)                    | `underway`        |
 * | ongoing     | etaMs > plannedEnd                                              | `estimatedDelay`  |
 * | ongoing     | otherwise (ETA ≤ plannedEnd)                                    | `normalInTransit` |
 * | completed   | actualEnd === null (no arrival time recorded)                   | `null`            |
 * | completed   | actualEnd > plannedEnd (arrived late)                           | `delay`           |
 * | completed   | actualStart !== null and actualStart ≤ plannedStart (left and arrived on time) | `punctual` |
 * | completed   | otherwise (arrived on time, left late or start unknown)         | `normalEnd`       |
 *
 * So `delay` is lateness that has materialised (a departure or an arrival past its planned time),
 * `alreadyLate` is a trip still running past its planned end, and `estimatedDelay` a forecast.
 */

/** The seven outcomes of SPEC §4, as stored/translated codes. */
export const TIMING_OUTCOMES = [
  'normalEnd',
  'normalInTransit',
  'underway',
  'alreadyLate',
  'estimatedDelay',
  'delay',
  'punctual',
] as const;
/** One of {@link TIMING_OUTCOMES}. */
export type TimingOutcome = (typeof TIMING_OUTCOMES)[number];

/** Inputs of {@link timingOutcome}; all times ms epoch. `etaMs` from eta.ts (null when unknown). */
export interface TimingInput {
  status: 'unstarted' | 'ongoing' | 'completed';
  plannedStart: number;
  plannedEnd: number;
  actualStart: number | null;
  actualEnd: number | null;
  now: number;
  etaMs: number | null;
}

/** The timing outcome of a waybill per the table in this module's TSDoc; null when no outcome applies. */
export function timingOutcome(input: TimingInput): TimingOutcome | null {
  const { status, plannedStart, plannedEnd, actualStart, actualEnd, now, etaMs } = input;
  switch (status) {
    case 'unstarted':
      return now > plannedStart ? 'delay' : null;
    case 'ongoing':
      if (now > plannedEnd) return 'alreadyLate';
      if (etaMs === null) return 'underway';
      return etaMs > plannedEnd ? 'estimatedDelay' : 'normalInTransit';
    case 'completed':
      if (actualEnd === null) return null;
      if (actualEnd > plannedEnd) return 'delay';
      return actualStart !== null && actualStart <= plannedStart ? 'punctual' : 'normalEnd';
  }
}
