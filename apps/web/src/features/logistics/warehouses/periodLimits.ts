import { acquisitionFieldOf, deviceSettingsFor } from '@ztj/contracts';

/**
 * The acquisition periods (minutes, SPEC §5) every device of `models` accepts: the intersection of
 * the limits of each model's acquisition field (contracts `acquisitionFieldOf`). Models without a
 * period (gateways) do not narrow it. Null when no model has a period; `{min > max}` when the
 * models have no common value.
 */
export function commonPeriodLimits(models: readonly string[]): { min: number; max: number } | null {
  let out: { min: number; max: number } | null = null;
  for (const model of models) {
    const field = acquisitionFieldOf(model);
    const limit = field ? deviceSettingsFor(model)?.periods[field] : undefined;
    if (!limit?.editable) continue;
    out = out
      ? { min: Math.max(out.min, limit.min), max: Math.min(out.max, limit.max) }
      : { min: limit.min, max: limit.max };
  }
  return out;
}
