import { REGISTER_ANOMALIES, type RegisterEvent, type RegisterEventKind } from '@ztj/contracts';

/**
 * Rows of the meter screen's data-quality list (SPEC §2 ammeter/plug chart): the register events
 * the server kept (contracts `meters/quality.ts`: reset, rollover, spike, drop), newest first, each
 * with its step in kWh as read and what was counted (kWh × CT × PT), and whether it is an anomaly.
 */
export interface QualityRow {
  key: string;
  /** Device time, ms epoch. */
  ts: number;
  kind: RegisterEventKind;
  /** True for spikes and drops (not counted). */
  anomaly: boolean;
  /** Register before and at the event, kWh as read. */
  beforeKWh: number;
  afterKWh: number;
  /** Register change, kWh as read (negative for drops, resets and rollovers). */
  stepKWh: number;
  /** Consumption counted for the step, kWh × CT × PT. */
  countedKWh: number;
}

/** The rows of `events`, newest first. */
export function qualityRows(events: readonly RegisterEvent[]): QualityRow[] {
  return [...events]
    .sort((a, b) => b.ts - a.ts)
    .map((e) => ({
      key: `${e.ts}-${e.kind}`,
      ts: e.ts,
      kind: e.kind,
      anomaly: REGISTER_ANOMALIES.includes(e.kind),
      beforeKWh: e.prevKWh,
      afterKWh: e.kWh,
      stepKWh: Math.round((e.kWh - e.prevKWh) * 1000) / 1000,
      countedKWh: e.countedKWh,
    }));
}
