/**
 * Dwell-in-location tracker (and the AI
 * completion of item 3). Pure and JSON-serialisable: feed it (device time, inside?) in device-time
 * order; it reports once per stay when the stay reaches `minMs`.
 */

/** Tracker state; store it as JSON between batches. Times ms epoch (device time). */
export interface DwellState {
  /** Device time of the first fix of the current stay inside, null while outside. */
  enteredAt: number | null;
  /** Whether the current stay already reached the minimum (reported once). */
  reached: boolean;
  /** Device time of the last fix taken, null before the first one. */
  lastT: number | null;
}

/** Result of one {@link dwellStep}. */
export interface DwellStep {
  state: DwellState;
  /** Set on the fix where the current stay first lasts ≥ minMs: the stay's start (enteredAt). */
  reachedSince?: number;
  /** Duration of the current stay in ms at this fix (0 outside). */
  durationMs: number;
}

/** The state before any fix. */
export const initialDwellState = (): DwellState => ({ enteredAt: null, reached: false, lastT: null });

/**
 * Takes one fix: `inside` whether the position at device time `t` (ms epoch) is inside the location.
 * A stay starts at the first inside fix and ends at the first outside fix; its duration is
 * `t − enteredAt`. Reaches when duration ≥ `minMs` (ms, ≥ 0). A fix older than or equal to the last
 * one is ignored (state unchanged) — callers replay late data in device-time order themselves.
 */
export function dwellStep(state: DwellState, t: number, inside: boolean, minMs: number): DwellStep {
  if (state.lastT !== null && t <= state.lastT) {
    return { state, durationMs: state.enteredAt === null ? 0 : state.lastT - state.enteredAt };
  }
  if (!inside) return { state: { enteredAt: null, reached: false, lastT: t }, durationMs: 0 };
  const enteredAt = state.enteredAt ?? t;
  const durationMs = t - enteredAt;
  const reachesNow = !state.reached && durationMs >= minMs;
  return {
    state: { enteredAt, reached: state.reached || reachesNow, lastT: t },
    durationMs,
    ...(reachesNow ? { reachedSince: enteredAt } : {}),
  };
}
