import { emptyConditionState, type ConditionState, type DeviceAlarmState } from '../engine';

/**
 * The stored form of an engine state (`alarm_engine_state.state`): the
 * {@link DeviceAlarmState} as JSON with every condition field that holds its empty value (null,
 * or no episodes) left out, which `decodeEngineState` puts back. Most conditions of most devices
 * are quiet, so a state of three quiet conditions is about 300 bytes instead of 620; the batch
 * writes one per evaluated device, and those bytes are the row, its WAL and the driver's work.
 * States stored whole (before this form) decode unchanged. The recovery query's test for an
 * active alarm (`json_typeof(…->'active') = 'object'`, alarm-recovery.ts) holds for both forms.
 */

/** The fields of {@link ConditionState} that may be left out, with the empty value each stands for. */
const OPTIONAL = ['pendingSince', 'pendingPeak', 'clearSince', 'active', 'lastValue', 'lastQuietTs'] as const;

/** JSON text of `state` in the stored form (see the module comment). */
export function encodeEngineState(state: DeviceAlarmState): string {
  const conditions: Record<string, Partial<ConditionState>> = {};
  for (const key in state.conditions) {
    const cs = state.conditions[key]!;
    const out: Partial<ConditionState> = {};
    if (cs.pendingSince !== null) out.pendingSince = cs.pendingSince;
    if (cs.pendingPeak !== null) out.pendingPeak = cs.pendingPeak;
    if (cs.clearSince !== null) out.clearSince = cs.clearSince;
    if (cs.active !== null) out.active = cs.active;
    if (cs.lastValue !== null) out.lastValue = cs.lastValue;
    if (cs.lastQuietTs !== null) out.lastQuietTs = cs.lastQuietTs;
    if (cs.episodes.length > 0) out.episodes = cs.episodes;
    conditions[key] = out;
  }
  return JSON.stringify({ v: state.v, deviceId: state.deviceId, lastSeenTs: state.lastSeenTs, conditions });
}

/**
 * The engine state of a stored JSON value (already parsed, as the driver gives a `json` column,
 * or its text): fields left out take their empty values. Throws SyntaxError on text that is not JSON.
 */
export function decodeEngineState(stored: unknown): DeviceAlarmState {
  const s = (typeof stored === 'string' ? JSON.parse(stored) : stored) as DeviceAlarmState;
  const conditions: Record<string, ConditionState> = {};
  for (const key in s.conditions) {
    const cs = s.conditions[key] as Partial<ConditionState>;
    const full = emptyConditionState();
    for (const f of OPTIONAL) if (cs[f] !== undefined) (full as unknown as Record<string, unknown>)[f] = cs[f];
    if (cs.episodes !== undefined) full.episodes = cs.episodes;
    conditions[key] = full;
  }
  return { v: s.v, deviceId: s.deviceId, lastSeenTs: s.lastSeenTs ?? null, conditions };
}
