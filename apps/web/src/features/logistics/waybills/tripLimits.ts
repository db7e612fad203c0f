import type { RuleTemplateRecord } from '@ztj/contracts';

/**
 * Limit lines of the trip chart: the threshold values of the enabled rule templates in effect on a
 * device, per parameter code (°C for P003, %RH for P004), deduplicated and sorted. Conditions with
 * a `param` and numeric `value` / `valueMax` give lines; others (duration, position) give none.
 */
export function limitLines(templates: readonly RuleTemplateRecord[], code: string): number[] {
  const values = new Set<number>();
  for (const tpl of templates) {
    if (!tpl.enabled) continue;
    for (const c of tpl.content.conditions as readonly { param?: string; value?: unknown; valueMax?: unknown }[]) {
      if (c.param !== code) continue;
      for (const v of [c.value, c.valueMax]) if (typeof v === 'number' && Number.isFinite(v)) values.add(v);
    }
  }
  return [...values].sort((a, b) => a - b);
}
