import { RuleTemplateSchema, type RuleTemplateInput } from '@ztj/contracts';
import { tick } from './clock';
import { evaluate } from './evaluate';
import {
  emptyDeviceState,
  type AlarmEvent,
  type DeviceAlarmState,
  type EngineReading,
  type EngineRule,
} from './engine.types';

/**
 * Test helpers of the alarm engine: a device clock in minutes from a winter morning, readings
 * with real-looking values, and a compact text form of events so tables stay readable.
 */

/** 2026-01-15 06:00 UTC, ms: minute 0 of every sequence. */
export const T0 = Date.UTC(2026, 0, 15, 6, 0);
/** Device time of minute `m` (may be fractional), ms epoch. */
export const at = (m: number): number => T0 + m * 60_000;

/** A reading at minute `m` with `values` keyed by parameter code. */
export const reading = (
  m: number,
  values: EngineReading['values'],
  extra: Partial<EngineReading> = {},
): EngineReading => ({ ts: at(m), values, ...extra });
/** Temperature readings `[minute, °C]` (P003). */
export const temps = (...points: [number, number][]): EngineReading[] =>
  points.map(([m, c]) => reading(m, { P003: c }));
/** A device event at minute `m` (SPEC §4), no values. */
export const event = (m: number, type: NonNullable<EngineReading['event']>): EngineReading =>
  reading(m, {}, { event: type });

/** A bound rule `id` with the template parsed by the contract (defaults filled). */
export function rule(
  id: string,
  template: Partial<RuleTemplateInput> & Pick<RuleTemplateInput, 'conditions'>,
): EngineRule {
  return {
    id,
    template: RuleTemplateSchema.parse({ name: `Rule ${id}`, category: 'environment', severity: 'H', ...template }),
  };
}

/** The device of every sequence. */
export const DEVICE = 'CC22A0001';

/** Minutes since {@link T0} of device time `ts`. */
const min = (ts: number): number => (ts - T0) / 60_000;

/**
 * Compact text of an event: `raised r#0 start 6 at 16 v -13.5`, `cleared r#0 start 6 at 26 peak -13.1`,
 * `reminder r#0 at 30 #2`, `escalated r#0 at 25`; back-filled raises end with ` backfill`, raises the
 * clock decided with ` by silence`, and raises linked with other episodes with ` linked r#0@6,…` (rule#index@start minute).
 */
export function fmt(e: AlarmEvent): string {
  const key = `${e.ruleId}#${e.conditionIndex}`;
  switch (e.kind) {
    case 'raised':
      return `raised ${key} start ${min(e.startTs)} at ${min(e.ts)}${e.value !== null ? ` v ${e.value}` : ''}${e.backfill ? ' backfill' : ''}${e.bySilence ? ' by silence' : ''}${e.linked ? ` linked ${e.linked.map((l) => `${l.ruleId}#${l.conditionIndex}@${min(l.startTs)}`).join(',')}` : ''}`;
    case 'cleared':
      return `cleared ${key} start ${min(e.startTs)} at ${min(e.ts)}${e.peak !== null ? ` peak ${e.peak}` : ''}`;
    case 'reminder':
      return `reminder ${key} at ${min(e.ts)} #${e.count}`;
    case 'escalated':
      return `escalated ${key} at ${min(e.ts)}`;
  }
}

/** A step of a sequence: a batch of readings, or a timer tick at minute `tick`. */
export type Step = EngineReading[] | { tick: number };

/**
 * Runs `steps` from an empty state through `evaluate` / `tick`; with `roundTrip` the state goes
 * through `JSON.stringify`/`JSON.parse` between steps (as if stored in the database).
 */
export function run(
  rules: EngineRule[],
  steps: Step[],
  opts: { roundTrip?: boolean; state?: DeviceAlarmState } = {},
): { events: string[]; state: DeviceAlarmState } {
  let state = opts.state ?? emptyDeviceState(DEVICE);
  const events: string[] = [];
  for (const s of steps) {
    const r = Array.isArray(s) ? evaluate(state, rules, s) : tick(state, rules, at(s.tick));
    events.push(...r.events.map(fmt));
    state = opts.roundTrip ? (JSON.parse(JSON.stringify(r.state)) as DeviceAlarmState) : r.state;
  }
  return { events, state };
}
