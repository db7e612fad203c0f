import type { Language } from '@ztj/contracts';

/** Shown for a value that is missing. */
export const NO_VALUE = '—';

/**
 * A number with at most `digits` decimals in the language's grouping and its unit (`1.15 kW`,
 * `61 %RH`, `4.2 °C`), or '—' when missing.
 */
export function formatMeasure(value: number | null | undefined, unit: string, lang: Language, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  const text = new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
  return unit ? `${text} ${unit}` : text;
}
