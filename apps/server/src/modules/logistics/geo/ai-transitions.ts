/**
 * AI start/stop of a waybill (SPEC §4 "the AI option auto-judges status from start and end
 * positions"), from device positions in device-time order. Pure and incremental:
 * `(state, fix) → { state, event? }`, the state is plain JSON so it can be persisted between batches.
 *
 * Rule:
 * - start: the first fix outside the origin fence after at least one fix inside it (the truck left
 *   the origin). A truck never seen inside the origin does not start automatically.
 * - complete: once started, the first fix at which the truck has stayed in the destination fence for
 *   ≥ `dwellMinutes` (default 5) without leaving (dwell.ts). Dwelling in the destination before the
 *   start (e.g. a round trip whose origin is its destination) does not count.
 * - fixes with a device time ≤ the last one taken are ignored.
 */
import { fenceContains, type Fence } from '../../../platform/geo/fence';
import { dwellStep, initialDwellState, type DwellState } from './dwell';

/** Default dwell in the destination fence before the AI completes a waybill: 5 minutes. */
export const AI_DWELL_MINUTES = 5;

/** Fences of a waybill's route and the completion dwell (minutes, ≥ 0). */
export interface AiConfig {
  origin: Fence;
  destination: Fence;
  dwellMinutes?: number;
}

/** Persisted AI state (JSON). */
export interface AiState {
  phase: 'unstarted' | 'ongoing' | 'completed';
  /** Seen inside the origin fence since the last fix outside it (while unstarted). */
  seenInOrigin: boolean;
  dwell: DwellState;
  lastT: number | null;
}

/** A device fix: device time ms epoch and WGS-84 degrees. */
export interface AiFix {
  t: number;
  lat: number;
  lng: number;
}

/** A transition found by {@link aiStep}; `at` is the device time (ms epoch) of the deciding fix. */
export interface AiEvent {
  type: 'start' | 'complete';
  at: number;
  /** For `complete`: device time the truck entered the destination fence (its arrival). */
  arrivedAt?: number;
}

/** State for a waybill in `phase` (an ongoing one started by hand only waits for completion). */
export const initialAiState = (phase: AiState['phase'] = 'unstarted'): AiState => ({
  phase,
  seenInOrigin: false,
  dwell: initialDwellState(),
  lastT: null,
});

/** Takes one fix (see the module rule). Never throws for a valid fence; ignores stale fixes. */
export function aiStep(state: AiState, fix: AiFix, config: AiConfig): { state: AiState; event?: AiEvent } {
  if (state.phase === 'completed' || (state.lastT !== null && fix.t <= state.lastT)) return { state };
  if (state.phase === 'unstarted') {
    const inside = fenceContains(config.origin, fix);
    if (inside) return { state: { ...state, seenInOrigin: true, lastT: fix.t } };
    if (!state.seenInOrigin) return { state: { ...state, lastT: fix.t } };
    const started: AiState = { ...state, phase: 'ongoing', seenInOrigin: false, lastT: fix.t };
    // The leaving fix may already lie in the destination fence: it starts the dwell there.
    const d = dwellStep(initialDwellState(), fix.t, fenceContains(config.destination, fix), dwellMs(config));
    return { state: { ...started, dwell: d.state }, event: { type: 'start', at: fix.t } };
  }
  const d = dwellStep(state.dwell, fix.t, fenceContains(config.destination, fix), dwellMs(config));
  if (d.reachedSince === undefined) return { state: { ...state, dwell: d.state, lastT: fix.t } };
  return {
    state: { ...state, phase: 'completed', dwell: d.state, lastT: fix.t },
    event: { type: 'complete', at: fix.t, arrivedAt: d.reachedSince },
  };
}

/** Runs {@link aiStep} over fixes in device-time order; returns the final state and the events. */
export function aiRun(
  state: AiState,
  fixes: readonly AiFix[],
  config: AiConfig,
): { state: AiState; events: AiEvent[] } {
  const events: AiEvent[] = [];
  let s = state;
  for (const f of fixes) {
    const r = aiStep(s, f, config);
    s = r.state;
    if (r.event) events.push(r.event);
  }
  return { state: s, events };
}

const dwellMs = (c: AiConfig): number => (c.dwellMinutes ?? AI_DWELL_MINUTES) * 60_000;
