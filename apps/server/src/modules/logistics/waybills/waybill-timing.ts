import { WAYBILL_TIMING_OUTCOMES, type WaybillStatus, type WaybillTiming } from '@ztj/contracts';
import { timingOutcome, type TimingInput } from '../geo/timing';

/**
 * The timing outcome of a waybill (SPEC §4) in the contract's names. The rule itself (normal end,
 * normal in transit, underway, already late, estimated delay, delay, punctual) is the geo module's
 * `timingOutcome` (documented and tested there); this only adapts the waybill's fields to it.
 * Times are ms since the Unix epoch; `etaMs` is the estimated arrival or null when unknown.
 */
export function waybillTiming(w: Omit<TimingInput, 'status'> & { status: WaybillStatus }): WaybillTiming | null {
  const outcome = timingOutcome(w) as string | null | undefined;
  return outcome && (WAYBILL_TIMING_OUTCOMES as readonly string[]).includes(outcome)
    ? (outcome as WaybillTiming)
    : null;
}
