import type { TFunction } from 'i18next';
import type { RuleCondition } from '@ztj/contracts';
import { DOOR_PARAM } from './conditionModel';
import { paramName, paramUnit, tableParamName, type ParamDefault } from './paramDefaults';

/** `-15` + `°C` → `-15 °C`; no unit → the number alone. */
function withUnit(value: number | undefined, unit: string): string {
  const n = value === undefined ? '?' : String(value);
  return unit ? `${n} ${unit}` : n;
}

/** Names of the tenant's locations and routes by id (for position conditions; ids shown when absent). */
export interface PlaceNames {
  locations?: ReadonlyMap<string, string>;
  routes?: ReadonlyMap<string, string>;
}

/**
 * One condition in words in the console language (e.g. "Temperature above -15 °C for 10 min",
 * "温度 大于 -15 °C 持续 10 分钟"): comparison words of SPEC §9 codes 0-4, range inside/outside, door
 * effects 1-4 (on another on/off parameter: "Overload while true", "过载 为真时"), tilt degrees, free fall cm/g, battery %, offline minutes, power off, geofence effects
 * 1/2/6, dwell minutes, route corridor metres. Texts of the `alarmSettings` namespace; parameter
 * names and units from `defaults` (or the contracts' table); place names from `places` (else ids).
 */
export function conditionSummary(
  c: RuleCondition,
  t: TFunction,
  defaults: readonly ParamDefault[],
  lang: string,
  places: PlaceNames = {},
): string {
  const ns = { ns: 'alarmSettings' };
  const place = (id: string, names?: ReadonlyMap<string, string>): string =>
    names?.get(id) ?? (id || t('summary.unknownPlace', ns));
  switch (c.type) {
    case 'threshold': {
      const unit = paramUnit(c.param, defaults);
      const param = paramName(c.param, defaults, lang);
      if (c.comparison === 4)
        return t('summary.between', { ...ns, param, min: withUnit(c.value, unit), max: withUnit(c.valueMax, unit) });
      return t('summary.threshold', {
        ...ns,
        param,
        op: t(`comparison.${c.comparison}`, ns),
        value: withUnit(c.value, unit),
      });
    }
    case 'range': {
      const unit = paramUnit(c.param, defaults);
      return t(`summary.range${c.effect}`, {
        ...ns,
        param: paramName(c.param, defaults, lang),
        min: withUnit(c.min, ''),
        max: withUnit(c.max, unit),
      });
    }
    case 'duration':
      return t('summary.duration', {
        ...ns,
        inner: conditionSummary(c.condition, t, defaults, lang, places),
        minutes: c.minutes,
      });
    case 'door':
      if ((c.param ?? DOOR_PARAM) === DOOR_PARAM) return t(`doorEffect.${c.effect}`, ns);
      return t(`summary.flag${c.effect}`, { ...ns, param: tableParamName(c.param!, lang) });
    case 'tilt':
      return t('summary.tilt', { ...ns, degrees: c.degrees });
    case 'freeFall':
      return t('summary.freeFall', { ...ns, cm: c.minHeightCm, g: c.minVibrationG });
    case 'lowBattery':
      return t('summary.lowBattery', { ...ns, percent: c.percent });
    case 'offline':
      return t('summary.offline', { ...ns, minutes: c.minutes });
    case 'powerOff':
      return t('summary.powerOff', ns);
    case 'geofence':
      return t(`summary.geofence${c.effect}`, { ...ns, place: place(c.locationId, places.locations) });
    case 'dwell':
      return t('summary.dwell', { ...ns, place: place(c.locationId, places.locations), minutes: c.minutes });
    case 'routeDeviation':
      return t('summary.routeDeviation', { ...ns, place: place(c.routeId, places.routes), corridor: c.corridorM });
  }
}

/** Every condition of a rule in words, joined with "; " (the list's conditions column). */
export function conditionsSummary(
  conditions: readonly RuleCondition[],
  t: TFunction,
  defaults: readonly ParamDefault[],
  lang: string,
  places: PlaceNames = {},
): string {
  return conditions
    .map((c) => conditionSummary(c, t, defaults, lang, places))
    .join(t('summary.separator', { ns: 'alarmSettings' }));
}
