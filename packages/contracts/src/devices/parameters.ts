import { z } from 'zod';

/**
 * Monitoring parameter codes P001-P062 (SPEC §3 "Parameter codes").
 *
 * SPEC §3 names the parameters but not their numbers. Fixed by ARCHITECTURE §4: P003 temperature
 * (°C) and P004 humidity (%RH). Everything else is **this project's assignment**:
 * - P001-P033 take the parameters SPEC §3 names, in the order it lists them (fence, preset route,
 *   temperature, humidity, battery, … NH3, extra temperatures 2-4); the triaxial vibration and tilt
 *   take three codes each (X, Y, Z).
 * - P034-P062 are channels the product needs elsewhere in the spec (extra humidity probes, charging
 *   state of SPEC §4, locate mode and mileage of the export columns and waybills, ammeter, plug and
 *   water meters of the warehouse area, free fall and tip-over of SPEC §9) or that cold-chain loggers
 *   commonly carry (dew point, O2, ethylene, H2S).
 * Codes are never reused: append new parameters, do not renumber.
 *
 * Telemetry carries values keyed by these codes (`values: {P003: -18.2}`, see `telemetry.ts`).
 * `position` parameters (fence, preset route) are not sent as values: they are evaluated by the
 * server from the reading's `lat`/`lng`, so a payload carrying them as values is rejected.
 */

/** How a parameter's value travels in telemetry. */
export type ParameterValueType = 'number' | 'boolean' | 'string' | 'position';

/** Fields every row of the parameter table has. `unit` is '' for unitless values. */
interface ParameterBase {
  /** `P` + three digits. */
  readonly code: string;
  /** Stable camelCase name for code (`PARAM.temperature === 'P003'`). */
  readonly key: string;
  readonly nameZh: string;
  readonly nameEn: string;
  /** Display and storage unit (°C, %RH, km/h, m, hPa…; ARCHITECTURE §4 units). */
  readonly unit: string;
  /** True when SPEC §3 does not name this parameter (project assignment, see file comment). */
  readonly projectAssigned?: true;
}

/** A numeric parameter: it always carries the physically possible range of its values. */
export interface NumberParameterDefinition extends ParameterBase {
  readonly valueType: 'number';
  /**
   * Physically possible range of the value in `unit`, inclusive: a reading outside it
   * is a sensor fault or a forgery and is dead-lettered with the code, the value and this range.
   */
  readonly range: readonly [number, number];
}

/** A boolean, string or position parameter (no numeric range). */
export interface OtherParameterDefinition extends ParameterBase {
  readonly valueType: 'boolean' | 'string' | 'position';
  readonly range?: undefined;
}

/** One row of the parameter table; every `number` row has a `range` (checked by the compiler). */
export type ParameterDefinition = NumberParameterDefinition | OtherParameterDefinition;

/** Percentages (%RH, %, %vol): 0…100. */
const PCT = [0, 100] as const;
/**
 * Temperature of the logger's own sensor, °C: −80…150. Covers deep-freeze cold rooms
 * and dry ice (−78.5 °C) up to a fire near the device; an ultra-low freezer (−86 °C) or a cryogenic
 * shipper is monitored with an external probe (P031-P033).
 */
const TEMPERATURE = [-80, 150] as const;
/** External probes (PT100, thermocouple), °C: −200…400 (liquid-nitrogen dry shippers at −196 °C). */
const PROBE_TEMPERATURE = [-200, 400] as const;
/** Signed acceleration per axis, g: ±200 (high-g shock sensors; logistics loggers read ±16). */
const ACCELERATION = [-200, 200] as const;

/**
 * The parameter table P001-P062 (SPEC §3; codes beyond the spec's names are ours, see above).
 *
 * Every `number` row carries the physically possible range of its value in its unit;
 * ingest dead-letters a reading outside it. Ranges are wide on purpose — they catch sensor faults
 * and forged values (`1e300 °C`), not alarms. The less obvious ones:
 * - P003 temperature −80…150 °C; external probes P031-P033 −200…400 °C; dew point −100…100 °C.
 * - P013 speed 0…1,500 km/h: loggers travel with air freight (SPEC §4 flight mode), and back-filled
 *   positions of a flight carry its ground speed.
 * - P007 vibration and P009 jolt are magnitudes, 0…200 g; per-axis P016-P018 are signed, ±200 g.
 * - P010 pressure −101.325…100,000 kPa (gauge pressure: vacuum down to −1 atm, up to 100 MPa).
 * - P023 weight −100…100,000 kg (a tared scale drifts slightly below zero).
 * - P051 voltage 0…1,000 V, P052 current ±10,000 A and P053 active power ±10 MW (negative when a
 *   meter exports), P054 energy 0…1e9 kWh; P038/P062 battery and supply voltage 0…100 V.
 */
export const PARAMETERS = [
  { code: 'P001', key: 'fence', nameZh: '电子围栏', nameEn: 'Fence', unit: '', valueType: 'position' },
  { code: 'P002', key: 'presetRoute', nameZh: '预设路线', nameEn: 'Preset route', unit: '', valueType: 'position' },
  {
    code: 'P003',
    key: 'temperature',
    nameZh: '温度',
    nameEn: 'Temperature',
    unit: '°C',
    valueType: 'number',
    range: TEMPERATURE,
  },
  { code: 'P004', key: 'humidity', nameZh: '湿度', nameEn: 'Humidity', unit: '%RH', valueType: 'number', range: PCT },
  { code: 'P005', key: 'battery', nameZh: '电量', nameEn: 'Battery', unit: '%', valueType: 'number', range: PCT },
  {
    code: 'P006',
    key: 'illumination',
    nameZh: '光照',
    nameEn: 'Illumination',
    unit: 'lux',
    valueType: 'number',
    range: [0, 200_000],
  },
  {
    code: 'P007',
    key: 'vibration',
    nameZh: '振动',
    nameEn: 'Vibration',
    unit: 'g',
    valueType: 'number',
    range: [0, 200],
  },
  { code: 'P008', key: 'tilt', nameZh: '倾斜', nameEn: 'Tilt', unit: '°', valueType: 'number', range: [-180, 180] },
  { code: 'P009', key: 'jolt', nameZh: '颠簸', nameEn: 'Jolt', unit: 'g', valueType: 'number', range: [0, 200] },
  {
    code: 'P010',
    key: 'pressure',
    nameZh: '压力',
    nameEn: 'Pressure',
    unit: 'kPa',
    valueType: 'number',
    range: [-101.325, 100_000],
  },
  // "power" read as the power-supply state (external power connected), next to battery P005.
  { code: 'P011', key: 'power', nameZh: '电源', nameEn: 'Power supply', unit: '', valueType: 'boolean' },
  { code: 'P012', key: 'signal', nameZh: '信号', nameEn: 'Signal', unit: 'dBm', valueType: 'number', range: [-150, 0] },
  { code: 'P013', key: 'speed', nameZh: '速度', nameEn: 'Speed', unit: 'km/h', valueType: 'number', range: [0, 1_500] },
  {
    code: 'P014',
    key: 'airPressure',
    nameZh: '气压',
    nameEn: 'Air pressure',
    unit: 'hPa',
    valueType: 'number',
    range: [0, 1_200],
  },
  {
    code: 'P015',
    key: 'altitude',
    nameZh: '海拔',
    nameEn: 'Altitude',
    unit: 'm',
    valueType: 'number',
    range: [-500, 20_000],
  },
  {
    code: 'P016',
    key: 'vibrationX',
    nameZh: 'X轴振动',
    nameEn: 'Vibration X',
    unit: 'g',
    valueType: 'number',
    range: ACCELERATION,
  },
  {
    code: 'P017',
    key: 'vibrationY',
    nameZh: 'Y轴振动',
    nameEn: 'Vibration Y',
    unit: 'g',
    valueType: 'number',
    range: ACCELERATION,
  },
  {
    code: 'P018',
    key: 'vibrationZ',
    nameZh: 'Z轴振动',
    nameEn: 'Vibration Z',
    unit: 'g',
    valueType: 'number',
    range: ACCELERATION,
  },
  {
    code: 'P019',
    key: 'tiltX',
    nameZh: 'X轴倾斜',
    nameEn: 'Tilt X',
    unit: '°',
    valueType: 'number',
    range: [-180, 180],
  },
  {
    code: 'P020',
    key: 'tiltY',
    nameZh: 'Y轴倾斜',
    nameEn: 'Tilt Y',
    unit: '°',
    valueType: 'number',
    range: [-180, 180],
  },
  {
    code: 'P021',
    key: 'tiltZ',
    nameZh: 'Z轴倾斜',
    nameEn: 'Tilt Z',
    unit: '°',
    valueType: 'number',
    range: [-180, 180],
  },
  {
    code: 'P022',
    key: 'co2',
    nameZh: '二氧化碳',
    nameEn: 'CO2',
    unit: 'ppm',
    valueType: 'number',
    range: [0, 1_000_000],
  },
  {
    code: 'P023',
    key: 'weight',
    nameZh: '重量',
    nameEn: 'Weight',
    unit: 'kg',
    valueType: 'number',
    range: [-100, 100_000],
  },
  {
    code: 'P024',
    key: 'salinity',
    nameZh: '盐度',
    nameEn: 'Salinity',
    unit: '‰',
    valueType: 'number',
    range: [0, 1_000],
  },
  { code: 'P025', key: 'ph', nameZh: 'PH值', nameEn: 'PH', unit: '', valueType: 'number', range: [0, 14] },
  { code: 'P026', key: 'door', nameZh: '开关门', nameEn: 'Door open', unit: '', valueType: 'boolean' },
  { code: 'P027', key: 'antiDismantle', nameZh: '防拆', nameEn: 'Anti-dismantle', unit: '', valueType: 'boolean' },
  { code: 'P028', key: 'rfid', nameZh: 'RFID', nameEn: 'RFID', unit: '', valueType: 'string' },
  { code: 'P029', key: 'exposure', nameZh: '曝光', nameEn: 'Exposure', unit: '', valueType: 'boolean' },
  { code: 'P030', key: 'nh3', nameZh: '氨气', nameEn: 'NH3', unit: 'ppm', valueType: 'number', range: [0, 1_000_000] },
  {
    code: 'P031',
    key: 'temperature2',
    nameZh: '温度2',
    nameEn: 'Temperature 2',
    unit: '°C',
    valueType: 'number',
    range: PROBE_TEMPERATURE,
  },
  {
    code: 'P032',
    key: 'temperature3',
    nameZh: '温度3',
    nameEn: 'Temperature 3',
    unit: '°C',
    valueType: 'number',
    range: PROBE_TEMPERATURE,
  },
  {
    code: 'P033',
    key: 'temperature4',
    nameZh: '温度4',
    nameEn: 'Temperature 4',
    unit: '°C',
    valueType: 'number',
    range: PROBE_TEMPERATURE,
  },
  // ---- P034-P062: this project's assignment (SPEC §3 does not name them) ----
  {
    code: 'P034',
    key: 'humidity2',
    nameZh: '湿度2',
    nameEn: 'Humidity 2',
    unit: '%RH',
    valueType: 'number',
    range: PCT,
    projectAssigned: true,
  },
  {
    code: 'P035',
    key: 'humidity3',
    nameZh: '湿度3',
    nameEn: 'Humidity 3',
    unit: '%RH',
    valueType: 'number',
    range: PCT,
    projectAssigned: true,
  },
  {
    code: 'P036',
    key: 'humidity4',
    nameZh: '湿度4',
    nameEn: 'Humidity 4',
    unit: '%RH',
    valueType: 'number',
    range: PCT,
    projectAssigned: true,
  },
  {
    code: 'P037',
    key: 'dewPoint',
    nameZh: '露点',
    nameEn: 'Dew point',
    unit: '°C',
    valueType: 'number',
    range: [-100, 100],
    projectAssigned: true,
  },
  {
    code: 'P038',
    key: 'batteryVoltage',
    nameZh: '电池电压',
    nameEn: 'Battery voltage',
    unit: 'V',
    valueType: 'number',
    range: [0, 100],
    projectAssigned: true,
  },
  {
    code: 'P039',
    key: 'charging',
    nameZh: '充电状态',
    nameEn: 'Charging',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  {
    code: 'P040',
    key: 'heading',
    nameZh: '航向',
    nameEn: 'Heading',
    unit: '°',
    valueType: 'number',
    range: [0, 360],
    projectAssigned: true,
  },
  {
    code: 'P041',
    key: 'satellites',
    nameZh: '卫星数',
    nameEn: 'Satellites',
    unit: '',
    valueType: 'number',
    range: [0, 200],
    projectAssigned: true,
  },
  // Export column "locate mode" (SPEC §3): 'gps' | 'lbs' | 'wifi' | 'bluetooth'.
  {
    code: 'P042',
    key: 'locateMode',
    nameZh: '定位方式',
    nameEn: 'Locate mode',
    unit: '',
    valueType: 'string',
    projectAssigned: true,
  },
  {
    code: 'P043',
    key: 'mileage',
    nameZh: '里程',
    nameEn: 'Mileage',
    unit: 'km',
    valueType: 'number',
    range: [0, 10_000_000],
    projectAssigned: true,
  },
  {
    code: 'P044',
    key: 'o2',
    nameZh: '氧气',
    nameEn: 'O2',
    unit: '%vol',
    valueType: 'number',
    range: PCT,
    projectAssigned: true,
  },
  {
    code: 'P045',
    key: 'ethylene',
    nameZh: '乙烯',
    nameEn: 'Ethylene',
    unit: 'ppm',
    valueType: 'number',
    range: [0, 1_000_000],
    projectAssigned: true,
  },
  {
    code: 'P046',
    key: 'h2s',
    nameZh: '硫化氢',
    nameEn: 'H2S',
    unit: 'ppm',
    valueType: 'number',
    range: [0, 1_000_000],
    projectAssigned: true,
  },
  {
    code: 'P047',
    key: 'pm25',
    nameZh: 'PM2.5',
    nameEn: 'PM2.5',
    unit: 'µg/m³',
    valueType: 'number',
    range: [0, 100_000],
    projectAssigned: true,
  },
  {
    code: 'P048',
    key: 'noise',
    nameZh: '噪声',
    nameEn: 'Noise',
    unit: 'dB',
    valueType: 'number',
    range: [0, 250],
    projectAssigned: true,
  },
  {
    code: 'P049',
    key: 'waterLeak',
    nameZh: '水浸',
    nameEn: 'Water leak',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  {
    code: 'P050',
    key: 'smoke',
    nameZh: '烟雾',
    nameEn: 'Smoke',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  // Ammeters and plugs (warehouse area, SPEC §2).
  {
    code: 'P051',
    key: 'voltage',
    nameZh: '电压',
    nameEn: 'Voltage',
    unit: 'V',
    valueType: 'number',
    range: [0, 1_000],
    projectAssigned: true,
  },
  {
    code: 'P052',
    key: 'current',
    nameZh: '电流',
    nameEn: 'Current',
    unit: 'A',
    valueType: 'number',
    range: [-10_000, 10_000],
    projectAssigned: true,
  },
  {
    code: 'P053',
    key: 'activePower',
    nameZh: '有功功率',
    nameEn: 'Active power',
    unit: 'W',
    valueType: 'number',
    range: [-10_000_000, 10_000_000],
    projectAssigned: true,
  },
  {
    code: 'P054',
    key: 'energy',
    nameZh: '用电量',
    nameEn: 'Energy',
    unit: 'kWh',
    valueType: 'number',
    range: [0, 1e9],
    projectAssigned: true,
  },
  {
    code: 'P055',
    key: 'socketOn',
    nameZh: '插座开关',
    nameEn: 'Socket on',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  {
    code: 'P056',
    key: 'waterVolume',
    nameZh: '用水量',
    nameEn: 'Water volume',
    unit: 'm³',
    valueType: 'number',
    range: [0, 1e9],
    projectAssigned: true,
  },
  {
    code: 'P057',
    key: 'liquidLevel',
    nameZh: '液位',
    nameEn: 'Liquid level',
    unit: 'mm',
    valueType: 'number',
    range: [0, 100_000],
    projectAssigned: true,
  },
  // Motion events of SPEC §9: free fall (over 3 cm, total vibration above 5 g), tip-over (tilt ≥ 70°).
  {
    code: 'P058',
    key: 'freeFall',
    nameZh: '跌落',
    nameEn: 'Free fall',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  {
    code: 'P059',
    key: 'tipOver',
    nameZh: '倾倒',
    nameEn: 'Tip-over',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  // Cell used for an LBS fix, "MCC-MNC-LAC-CI".
  { code: 'P060', key: 'cell', nameZh: '基站', nameEn: 'Cell', unit: '', valueType: 'string', projectAssigned: true },
  {
    code: 'P061',
    key: 'firmwareVersion',
    nameZh: '固件版本',
    nameEn: 'Firmware version',
    unit: '',
    valueType: 'string',
    projectAssigned: true,
  },
  {
    code: 'P062',
    key: 'externalVoltage',
    nameZh: '外接电源电压',
    nameEn: 'External supply voltage',
    unit: 'V',
    valueType: 'number',
    range: [0, 100],
    projectAssigned: true,
  },
  // ---- P063-P074: meters, plugs, tags and store equipment (see meters/families.ts) ----
  {
    code: 'P063',
    key: 'powerFactor',
    nameZh: '功率因数',
    nameEn: 'Power factor',
    unit: '',
    valueType: 'number',
    range: [-1, 1],
    projectAssigned: true,
  },
  {
    code: 'P064',
    key: 'overload',
    nameZh: '过载',
    nameEn: 'Overload',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  {
    code: 'P065',
    key: 'heaterOn',
    nameZh: '加热',
    nameEn: 'Heater on',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  {
    code: 'P066',
    key: 'running',
    nameZh: '运行',
    nameEn: 'Running',
    unit: '',
    valueType: 'boolean',
    projectAssigned: true,
  },
  {
    code: 'P067',
    key: 'rssi',
    nameZh: '蓝牙信号',
    nameEn: 'RSSI',
    unit: 'dBm',
    valueType: 'number',
    range: [-150, 0],
    projectAssigned: true,
  },
  {
    code: 'P068',
    key: 'waterFlow',
    nameZh: '流量',
    nameEn: 'Flow',
    unit: 'm³/h',
    valueType: 'number',
    range: [0, 100_000],
    projectAssigned: true,
  },
  {
    code: 'P069',
    key: 'feedAmount',
    nameZh: '投料量',
    nameEn: 'Feed amount',
    unit: 'kg',
    valueType: 'number',
    range: [0, 100_000],
    projectAssigned: true,
  },
  {
    code: 'P070',
    key: 'setPoint',
    nameZh: '设定温度',
    nameEn: 'Set-point',
    unit: '°C',
    valueType: 'number',
    range: [-50, 400],
    projectAssigned: true,
  },
  {
    code: 'P071',
    key: 'voltageB',
    nameZh: 'B相电压',
    nameEn: 'Voltage B',
    unit: 'V',
    valueType: 'number',
    range: [0, 1_000],
    projectAssigned: true,
  },
  {
    code: 'P072',
    key: 'voltageC',
    nameZh: 'C相电压',
    nameEn: 'Voltage C',
    unit: 'V',
    valueType: 'number',
    range: [0, 1_000],
    projectAssigned: true,
  },
  {
    code: 'P073',
    key: 'currentB',
    nameZh: 'B相电流',
    nameEn: 'Current B',
    unit: 'A',
    valueType: 'number',
    range: [-10_000, 10_000],
    projectAssigned: true,
  },
  {
    code: 'P074',
    key: 'currentC',
    nameZh: 'C相电流',
    nameEn: 'Current C',
    unit: 'A',
    valueType: 'number',
    range: [-10_000, 10_000],
    projectAssigned: true,
  },
] as const satisfies readonly ParameterDefinition[];

/** A parameter code, `'P001'` … `'P074'` (SPEC §3; P063-P074 for equipment). */
export type ParameterCode = (typeof PARAMETERS)[number]['code'];
/** The camelCase name of a parameter (`'temperature'`, `'humidity'`…). */
export type ParameterKey = (typeof PARAMETERS)[number]['key'];

/** Every code in table order (SPEC §3). */
export const PARAMETER_CODES = PARAMETERS.map((p) => p.code) as [ParameterCode, ...ParameterCode[]];

/** Code by camelCase name: `PARAM.temperature` is `'P003'` (°C), `PARAM.humidity` `'P004'` (%RH). */
export const PARAM = Object.fromEntries(PARAMETERS.map((p) => [p.key, p.code])) as {
  readonly [K in ParameterKey]: Extract<(typeof PARAMETERS)[number], { key: K }>['code'];
};

/** zod schema of a parameter code (SPEC §3). */
export const ParameterCodeSchema = z.enum(PARAMETER_CODES);

const BY_CODE: ReadonlyMap<string, ParameterDefinition> = new Map(PARAMETERS.map((p) => [p.code, p]));

/** True when `code` is one of P001-P074. */
export function isParameterCode(code: string): code is ParameterCode {
  return BY_CODE.has(code);
}

/** The table row of `code`, or undefined for an unknown code (SPEC §3). */
export function getParameter(code: string): ParameterDefinition | undefined {
  return BY_CODE.get(code);
}

/** One telemetry value: numbers (finite), booleans or short strings, per the table's `valueType`. */
export type ParameterValue = number | boolean | string;

/** Maximum length of a `string` parameter value (RFID tag, firmware version, cell id). */
export const PARAMETER_STRING_MAX = 128;

/**
 * Why `value` is not acceptable for `code`, as a `telemetry.*` message key, or null when it is.
 * Numbers must be finite and inside the row's `range`; `position` parameters never travel as values.
 */
export function checkParameterValue(code: string, value: unknown): string | null {
  const def = BY_CODE.get(code);
  if (!def) return 'telemetry.unknownParameter';
  switch (def.valueType) {
    case 'position':
      return 'telemetry.positionParameter';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'telemetry.expectedBoolean';
    case 'string':
      if (typeof value !== 'string') return 'telemetry.expectedString';
      return value.length <= PARAMETER_STRING_MAX ? null : 'telemetry.stringTooLong';
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'telemetry.expectedNumber';
      if (value < def.range[0] || value > def.range[1]) return 'telemetry.outOfRange';
      return null;
    }
  }
}

/** `value` followed by its unit (`-18.2 °C`, `65 %RH`; unitless: `7`). */
const withUnit = (value: number, unit: string): string => (unit ? `${value} ${unit}` : String(value));

/**
 * A readable reason for an out-of-range number, naming the code, the value and the range
 * (`P003 temperature 1e+300 °C outside -80…150 °C`), or null when `value` is in range or `code`
 * has no range. Used for dead-letter details.
 */
export function describeOutOfRange(code: string, value: unknown): string | null {
  const def = BY_CODE.get(code);
  if (!def || def.valueType !== 'number' || typeof value !== 'number') return null;
  const [lo, hi] = def.range;
  if (value >= lo && value <= hi) return null;
  return `${code} ${def.nameEn.toLowerCase()} ${withUnit(value, def.unit)} outside ${lo}…${withUnit(hi, def.unit)}`;
}

/** Alarm types (SPEC §3): T001 duration (minutes), P003 temperature (°C). */
export const ALARM_TYPES = [
  { code: 'T001', nameZh: '持续时间', nameEn: 'Duration', unit: 'min' },
  { code: 'P003', nameZh: '温度', nameEn: 'Temperature', unit: '°C' },
] as const;
/** An alarm type code (SPEC §3). */
export type AlarmTypeCode = (typeof ALARM_TYPES)[number]['code'];
/** zod schema of an alarm type code (SPEC §3). */
export const AlarmTypeCodeSchema = z.enum(['T001', 'P003']);
