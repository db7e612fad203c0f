import { EQUIPMENT_FAMILY_TABLE, PARAM, type EquipmentFamily, type ParameterValue } from '@ztj/contracts';

/**
 * Pure view-model helpers of the warehouse equipment screens (SPEC §2 warehouse: ammeters,
 * plugs, tags, boil pot, oden cooker, external devices; device: Lawson list).
 * No React, no I/O: the screens and the unit tests share them.
 */

/** Latest values of a device keyed by parameter code (`{P053: 1200}`), whatever shape the API gave. */
export type ValueMap = Readonly<Record<string, ParameterValue | null | undefined>>;

/** Values as the device list gives them (`[{code, value}]`) or as a code→value record. */
export type ValuesInput = ValueMap | readonly { code: string; value: ParameterValue | null }[];

/** Food-safety hot-holding limit for pots and cookers, °C: a well below it is unsafe. */
export const FOOD_SAFETY_LIMIT_C = 60;

/** A code→value record of `values` (arrays of readings are folded, records copied). */
export function toValueMap(values: ValuesInput | null | undefined): ValueMap {
  if (!values) return {};
  if (Array.isArray(values)) {
    const out: Record<string, ParameterValue | null> = {};
    for (const v of values as readonly { code: string; value: ParameterValue | null }[]) out[v.code] = v.value;
    return out;
  }
  return values as ValueMap;
}

/** The number of `code`, or null when missing or not a finite number. */
export function numberOf(values: ValueMap, code: string): number | null {
  const v = values[code];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The boolean of `code`, or null when missing. */
export function booleanOf(values: ValueMap, code: string): boolean | null {
  const v = values[code];
  return typeof v === 'boolean' ? v : null;
}

/** Watts to kilowatts (P053 is W; screens show kW), null stays null. */
export function wattsToKw(w: number | null): number | null {
  return w === null ? null : w / 1000;
}

/** What an ammeter row shows: V, A, kW, kWh, power factor; three-phase meters add phases B and C. */
export interface AmmeterView {
  voltageV: number | null;
  currentA: number | null;
  powerKw: number | null;
  energyKwh: number | null;
  powerFactor: number | null;
  /** Phases B and C (V, A) of a three-phase meter, null on single-phase ones. */
  phasesBC: { voltageV: [number | null, number | null]; currentA: [number | null, number | null] } | null;
  /** Mains present (P011), null when the meter does not say. */
  powered: boolean | null;
}

/** The ammeter view of latest values (P051 V, P052 A, P053 W→kW, P054 kWh, P063, P071-P074, P011). */
export function ammeterView(values: ValueMap): AmmeterView {
  const threePhase = [PARAM.voltageB, PARAM.voltageC, PARAM.currentB, PARAM.currentC].some(
    (c) => numberOf(values, c) !== null,
  );
  return {
    voltageV: numberOf(values, PARAM.voltage),
    currentA: numberOf(values, PARAM.current),
    powerKw: wattsToKw(numberOf(values, PARAM.activePower)),
    energyKwh: numberOf(values, PARAM.energy),
    powerFactor: numberOf(values, PARAM.powerFactor),
    phasesBC: threePhase
      ? {
          voltageV: [numberOf(values, PARAM.voltageB), numberOf(values, PARAM.voltageC)],
          currentA: [numberOf(values, PARAM.currentB), numberOf(values, PARAM.currentC)],
        }
      : null,
    powered: booleanOf(values, PARAM.power),
  };
}

/** What a plug row shows: relay state, W, kWh, A, overload. */
export interface PlugView {
  on: boolean | null;
  powerW: number | null;
  energyKwh: number | null;
  currentA: number | null;
  overload: boolean;
  /** Share of the rated current in use, 0-1+ (null without a current reading). */
  loadRatio: number | null;
}

/** The plug view of latest values (P055 on, P053 W, P054 kWh, P052 A, P064 overload; rated 16 A). */
export function plugView(values: ValueMap): PlugView {
  const currentA = numberOf(values, PARAM.current);
  const rated = EQUIPMENT_FAMILY_TABLE.smartPlug.ratedCurrentA ?? 16;
  return {
    on: booleanOf(values, PARAM.socketOn),
    powerW: numberOf(values, PARAM.activePower),
    energyKwh: numberOf(values, PARAM.energy),
    currentA,
    overload: booleanOf(values, PARAM.overload) === true,
    loadRatio: currentA === null ? null : Math.abs(currentA) / rated,
  };
}

/** What a BLE tag row shows. */
export interface TagView {
  temperatureC: number | null;
  humidity: number | null;
  batteryPct: number | null;
  rssiDbm: number | null;
}

/** The tag view (P003 °C, P004 %RH, P005 battery %, P067 RSSI dBm). */
export function tagView(values: ValueMap): TagView {
  return {
    temperatureC: numberOf(values, PARAM.temperature),
    humidity: numberOf(values, PARAM.humidity),
    batteryPct: numberOf(values, PARAM.battery),
    rssiDbm: numberOf(values, PARAM.rssi),
  };
}

/** RSSI quality bucket for a tag (dBm): ≥ −70 good, ≥ −85 fair, below poor. */
export function rssiLevel(rssi: number | null): 'good' | 'fair' | 'poor' | null {
  if (rssi === null) return null;
  if (rssi >= -70) return 'good';
  if (rssi >= -85) return 'fair';
  return 'poor';
}

/** One well of a pot or cooker against the food-safety line. */
export interface WellView {
  /** 1-based well number. */
  well: number;
  code: string;
  temperatureC: number | null;
  /** True when the temperature is known and below {@link FOOD_SAFETY_LIMIT_C}. */
  belowLimit: boolean;
}

/** What a pot/cooker card shows. */
export interface CookerView {
  wells: WellView[];
  heaterOn: boolean | null;
  running: boolean | null;
  /** Water level, mm (P057). */
  levelMm: number | null;
  /** Set-point, °C (P070). */
  setPointC: number | null;
  /** Wells below the food-safety line. */
  unsafeWells: number;
}

/** The pot/cooker view: per-well temperatures from the family's well channels, heater, running, level, set-point. */
export function cookerView(
  family: Extract<EquipmentFamily, 'boilPot' | 'odenCooker'>,
  values: ValueMap,
  limitC = FOOD_SAFETY_LIMIT_C,
): CookerView {
  const wells = EQUIPMENT_FAMILY_TABLE[family].channels
    .filter((c) => c.well !== undefined)
    .map((c) => {
      const temperatureC = numberOf(values, c.code);
      return {
        well: c.well as number,
        code: c.code,
        temperatureC,
        belowLimit: temperatureC !== null && temperatureC < limitC,
      };
    });
  return {
    wells,
    heaterOn: booleanOf(values, PARAM.heaterOn),
    running: booleanOf(values, PARAM.running),
    levelMm: numberOf(values, PARAM.liquidLevel),
    setPointC: numberOf(values, PARAM.setPoint),
    unsafeWells: wells.filter((w) => w.belowLimit).length,
  };
}

/** True when `value` is a set-point the family accepts (its setPointRange, °C). */
export function setPointAllowed(family: EquipmentFamily, value: number): boolean {
  const range = EQUIPMENT_FAMILY_TABLE[family].setPointRange;
  return range !== undefined && Number.isFinite(value) && value >= range[0] && value <= range[1];
}

/** Live readings applied to a row's values: newer codes replace older ones. */
export function withLive(values: ValueMap, live: ValueMap | undefined): ValueMap {
  return live ? { ...values, ...live } : values;
}

/** The parts of an equipment row a live reading updates. */
export interface LiveRow {
  values: ValueMap;
  lastReportTime: number | null;
  status: 'online' | 'offline';
}

/**
 * An equipment row with a newer live reading (`ts` device ms, values by code) applied: values
 * merged, report time moved, status online. Older or missing readings return the row itself.
 */
export function patchLiveRow<T extends LiveRow>(row: T, reading: { ts: number; values: ValueMap } | undefined): T {
  if (!reading) return row;
  if (row.lastReportTime !== null && row.lastReportTime >= reading.ts) return row;
  return { ...row, values: { ...row.values, ...reading.values }, lastReportTime: reading.ts, status: 'online' };
}

/** The list screen of each family (SPEC §2 warehouse menus); water meters and scales have none yet. */
export const FAMILY_SCREENS: Readonly<Partial<Record<EquipmentFamily, string>>> = {
  ammeter1p: '/warehouse/ammeter',
  ammeter3p: '/warehouse/ammeter',
  smartPlug: '/warehouse/plug',
  bleTag: '/warehouse/tag',
  boilPot: '/warehouse/boilpot',
  odenCooker: '/warehouse/oden',
};

/** A short text of a device's main reading for the store view (kW, W + state, °C…), or null. */
export function headlineOf(
  family: EquipmentFamily,
  values: ValueMap,
): { code: string; value: number | boolean | null } | null {
  switch (family) {
    case 'ammeter1p':
    case 'ammeter3p':
    case 'smartPlug':
      return { code: PARAM.activePower, value: numberOf(values, PARAM.activePower) };
    case 'bleTag':
      return { code: PARAM.temperature, value: numberOf(values, PARAM.temperature) };
    case 'boilPot':
    case 'odenCooker': {
      const temps = cookerView(family, values)
        .wells.map((w) => w.temperatureC)
        .filter((x): x is number => x !== null);
      return { code: PARAM.temperature, value: temps.length ? Math.min(...temps) : null };
    }
    case 'waterMeter':
      return { code: PARAM.waterVolume, value: numberOf(values, PARAM.waterVolume) };
    case 'feedScale':
      return { code: PARAM.weight, value: numberOf(values, PARAM.weight) };
  }
}

/** Devices of a store grouped by family in the order of the family table, empty families left out. */
export function groupByFamily<T extends { family: EquipmentFamily }>(
  devices: readonly T[],
): { family: EquipmentFamily; devices: T[] }[] {
  const order = Object.keys(EQUIPMENT_FAMILY_TABLE) as EquipmentFamily[];
  return order
    .map((family) => ({ family, devices: devices.filter((d) => d.family === family) }))
    .filter((g) => g.devices.length > 0);
}

/** Plugs waiting for their reported state to reach the commanded one: id → wanted state. */
export type Pending = Readonly<Record<string, boolean>>;

/** Pending switches whose plug now reports the wanted state are done. */
export function settlePending(pending: Pending, rows: readonly { id: string; values: ValueMap }[]): Pending {
  let changed = false;
  const next: Record<string, boolean> = { ...pending };
  for (const row of rows) {
    if (row.id in next && plugView(row.values).on === next[row.id]) {
      delete next[row.id];
      changed = true;
    }
  }
  return changed ? next : pending;
}
