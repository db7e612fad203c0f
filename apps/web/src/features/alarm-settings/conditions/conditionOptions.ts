import type { TFunction } from 'i18next';
import { CONDITION_TYPES, FLAG_PARAMS } from '../conditionModel';
import { tableParamName, type ParamDefault } from '../paramDefaults';

/** Select options of the editor, texts from the `alarmSettings` namespace. */
export interface Option<V> {
  value: V;
  label: string;
}

/** Condition types with their names. */
export const typeOptions = (t: TFunction): Option<string>[] =>
  CONDITION_TYPES.map((type) => ({ value: type, label: t(`conditionType.${type}`) }));

/** SPEC §9 comparison codes 0-4 as words. */
export const comparisonOptions = (t: TFunction): Option<number>[] =>
  [0, 1, 2, 3, 4].map((c) => ({ value: c, label: t(`comparison.${c}`) }));

/** SPEC §9 range effects 1 inside / 2 outside. */
export const rangeEffectOptions = (t: TFunction): Option<number>[] =>
  [1, 2].map((e) => ({ value: e, label: t(`rangeEffect.${e}`) }));

/** SPEC §9 door effects 1-4. */
export const doorEffectOptions = (t: TFunction): Option<number>[] =>
  [1, 2, 3, 4].map((e) => ({ value: e, label: t(`doorEffect.${e}`) }));

/** Effects 1-4 of a flag condition on an on/off parameter other than the door: while true / false, becomes true / false. */
export const flagEffectOptions = (t: TFunction): Option<number>[] =>
  [1, 2, 3, 4].map((e) => ({ value: e, label: t(`flagEffect.${e}`) }));

/** On/off parameters of a door/flag condition as "name · code" (names from the contracts' parameter table). */
export const flagParamOptions = (lang: string): Option<string>[] =>
  FLAG_PARAMS.map((code) => ({ value: code, label: `${tableParamName(code, lang)} · ${code}` }));

/** SPEC §9 position effects 1 enter / 2 leave / 6 both. */
export const positionEffectOptions = (t: TFunction): Option<number>[] =>
  [1, 2, 6].map((e) => ({ value: e, label: t(`positionEffect.${e}`) }));

/** Numeric parameters as "name (unit) · code", searchable by any of them. */
export function paramOptions(defaults: readonly ParamDefault[], lang: string): Option<string>[] {
  return defaults.map((p) => {
    const name = lang.startsWith('zh') ? p.nameZh : p.nameEn;
    return { value: p.code, label: `${name}${p.unit ? ` (${p.unit})` : ''} · ${p.code}` };
  });
}
