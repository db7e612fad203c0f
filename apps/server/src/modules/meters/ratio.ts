import { PARAM } from '@ztj/contracts';

/**
 * CT and PT ratios of a meter, applied in this one place (SPEC §2 ammeter list, chart, config;
 * §9 meter report): a CT-connected meter reads its secondary side, so currents (A) × CT, voltages
 * (V) × PT, active power (W) and energy (kWh, register and consumption) × CT × PT give the
 * primary-side values every screen, chart, report and export shows. Ratios 1 = direct-connected.
 */
export interface MeterRatios {
  ct: number;
  pt: number;
}

/** A direct-connected meter. */
export const NO_RATIOS: MeterRatios = { ct: 1, pt: 1 };

const CT_CODES = new Set<string>([PARAM.current, PARAM.currentB, PARAM.currentC]);
const PT_CODES = new Set<string>([PARAM.voltage, PARAM.voltageB, PARAM.voltageC]);
const BOTH_CODES = new Set<string>([PARAM.activePower, PARAM.energy]);

/** CT × PT: the factor of power (W) and energy (kWh). */
export const powerRatio = (r: MeterRatios): number => r.ct * r.pt;

/** Rounds to 6 significant decimals so 0.1 × 3 stays 0.3 on the wire. */
const clean = (v: number): number => Math.round(v * 1e6) / 1e6;

/** The factor of channel `code` (1 for channels the transformers do not scale). */
export function factorOf(code: string, r: MeterRatios): number {
  if (BOTH_CODES.has(code)) return powerRatio(r);
  if (CT_CODES.has(code)) return r.ct;
  if (PT_CODES.has(code)) return r.pt;
  return 1;
}

/** A reading of channel `code` on the primary side; non-numbers unchanged. */
export function primaryValue<T>(code: string, v: T, r: MeterRatios): T {
  return typeof v === 'number' ? (clean(v * factorOf(code, r)) as T) : v;
}

/** Every channel of `values` on the primary side. */
export function primaryValues<T>(values: Record<string, T>, r: MeterRatios): Record<string, T> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, primaryValue(k, v, r)]));
}

/** Consumption (kWh as read) on the primary side. */
export const primaryKWh = (kwh: number, r: MeterRatios): number => kwh * powerRatio(r);
