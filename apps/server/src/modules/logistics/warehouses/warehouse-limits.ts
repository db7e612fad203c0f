import type { ParameterReading, RuleCondition, WarehouseLimit } from '@ztj/contracts';

/**
 * Limits of a warehouse sensor from the threshold and range conditions of its enabled rule
 * templates (SPEC §9 comparison 0 greater, 1 less, 2 greater-equal, 3 less-equal, 4 between;
 * range effect 1 inside, 2 outside). A condition that alarms above a value gives an upper limit,
 * below a value a lower limit, outside [min, max] both; "between" and "inside" alarm bands and the
 * other condition types give no limit. Durations count by their inner condition. Values are in the
 * parameter's unit (°C for P003, %RH for P004).
 */

/** One limit with how a reading breaks it. */
export interface SensorLimit extends WarehouseLimit {
  /** True: a value equal to the bound is already outside (greater-equal / less-equal). */
  inclusive: boolean;
}

/** A template as the view reads it. */
export interface LimitTemplate {
  name: string;
  enabled: boolean;
  conditions: readonly RuleCondition[];
}

/** The limits of `templates` (enabled ones), in template then condition order. */
export function limitsOf(templates: readonly LimitTemplate[]): SensorLimit[] {
  const out: SensorLimit[] = [];
  for (const t of templates) {
    if (!t.enabled) continue;
    for (const raw of t.conditions) {
      const c = raw.type === 'duration' ? raw.condition : raw;
      if (c.type === 'threshold') {
        if (c.comparison === 0 || c.comparison === 2)
          out.push({ param: c.param, min: null, max: c.value, templateName: t.name, inclusive: c.comparison === 2 });
        else if (c.comparison === 1 || c.comparison === 3)
          out.push({ param: c.param, min: c.value, max: null, templateName: t.name, inclusive: c.comparison === 3 });
      } else if (c.type === 'range' && c.effect === 2) {
        out.push({ param: c.param, min: c.min, max: c.max, templateName: t.name, inclusive: false });
      }
    }
  }
  return out;
}

/** True when `value` lies outside `limit`. */
export function breaks(limit: SensorLimit, value: number): boolean {
  if (limit.max !== null && (limit.inclusive ? value >= limit.max : value > limit.max)) return true;
  return limit.min !== null && (limit.inclusive ? value <= limit.min : value < limit.min);
}

/** Parameter codes of `values` whose numeric value breaks one of `limits` (each code once, in reading order). */
export function outOfLimits(values: readonly ParameterReading[], limits: readonly SensorLimit[]): string[] {
  const codes: string[] = [];
  for (const v of values) {
    if (typeof v.value !== 'number') continue;
    if (limits.some((l) => l.param === v.code && breaks(l, v.value as number)) && !codes.includes(v.code))
      codes.push(v.code);
  }
  return codes;
}
