import { PARAM, type RuleTemplateInput, type TariffPeriod } from '@ztj/contracts';

/**
 * Rule templates and ammeter tariffs of the demo store equipment (seeded by
 * demo-equipment.ts). Each template names the real series that raises it in the demo
 * (apps/simulator: ATTRIBUTION.md, docs/devices.md "Store equipment").
 */

/** Food-safety hot-holding limit of pots and cookers, °C (hot food kept at 60 °C or above). */
export const HOT_HOLDING_MIN_C = 60;
/** Minutes below the limit before the hot-holding alarm is raised. */
export const HOT_HOLDING_MINUTES = 10;

type Template = Pick<RuleTemplateInput, 'name' | 'category' | 'severity' | 'delayMinutes' | 'conditions'>;

/** A well below the hot-holding limit for {@link HOT_HOLDING_MINUTES} minutes, clearing 1 °C above it. */
const wellBelowLimit = (param: string) => ({
  type: 'duration' as const,
  minutes: HOT_HOLDING_MINUTES,
  condition: {
    type: 'threshold' as const,
    param,
    comparison: 1 as const,
    value: HOT_HOLDING_MIN_C,
    hysteresis: { margin: 1, clearDelayMinutes: 0 },
  },
});

/** The three equipment templates. */
export const EQUIPMENT_RULES = {
  /** Smart plug overload flag P064 (current above the 16 A rating; the plug switches itself off). Simulator: SIM-PLUG-004's water boiler, about 300 s after start at speed 60. */
  plugOverload: {
    name: '插座过载 Plug overload',
    category: 'environment',
    severity: 'H',
    delayMinutes: 0,
    conditions: [{ type: 'door', param: PARAM.overload, effect: 1 }],
  },
  /**
   * Any well of a boil pot or oden cooker below 60 °C for 10 minutes (wells 1-4: P003, P031-P033).
   * Simulator: SIM-ODEN-001 well 1 follows the NAB machine-temperature series (°F → °C) through a
   * labelled failure window, below 60 °C from about the first minute of the demo.
   */
  hotHolding: {
    name: '保温低于60°C Hot-holding <60°C',
    category: 'environment',
    severity: 'H',
    delayMinutes: 0,
    conditions: [PARAM.temperature, PARAM.temperature2, PARAM.temperature3, PARAM.temperature4].map(wellBelowLimit),
  },
  /** Meter power cut: the supply flag P011 false. */
  powerCut: {
    name: '电表断电 Meter power cut',
    category: 'environment',
    severity: 'H',
    delayMinutes: 0,
    conditions: [{ type: 'door', param: PARAM.power, effect: 2 }],
  },
} as const satisfies Record<string, Template>;

/**
 * Time-of-use periods of the demo ammeters, after the Shanghai general industrial and commercial
 * tariff's peak/flat/valley hours (peak 08-11, 13-15, 18-21; flat 06-08, 11-13, 15-18, 21-22;
 * valley 22-06). Prices (yuan/kWh) are illustrative of its non-summer 1-10 kV level, not a quote.
 */
export const SHANGHAI_TOU: TariffPeriod[] = [
  { name: 'valley', start: '22:00', end: '06:00', price: 0.305 },
  { name: 'flat', start: '06:00', end: '08:00', price: 0.673 },
  { name: 'peak', start: '08:00', end: '11:00', price: 1.061 },
  { name: 'flat', start: '11:00', end: '13:00', price: 0.673 },
  { name: 'peak', start: '13:00', end: '15:00', price: 1.061 },
  { name: 'flat', start: '15:00', end: '18:00', price: 0.673 },
  { name: 'peak', start: '18:00', end: '21:00', price: 1.061 },
  { name: 'flat', start: '21:00', end: '22:00', price: 0.673 },
];
