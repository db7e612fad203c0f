import { z } from 'zod';
import type { DeviceModelDefinition } from '../devices/models';
import { PARAM, type ParameterCode } from '../devices/parameters';

/**
 * Equipment families of the warehouse area (SPEC §2 warehouse: ammeters, plugs, tags, boil pot,
 * oden cooker, external devices; §7 third-party meter, ammeter, water and weight-feed endpoints).
 *
 * SPEC §3 lists no model codes for them. The model codes below are **this project's assignment**:
 * one model per family, named after the family so a reader of a device row knows what it is.
 * They are terminals (they report their own readings; a BLE tag is relayed by a gateway like the
 * other sub-devices, ARCHITECTURE §5) with no SPEC §5 acquisition limits: their report period is
 * the device's own or the Modbus poll period. Readings travel on the same MQTT/HTTP ingest topics
 * as every device (`values` keyed by parameter codes) and land in the same telemetry store.
 *
 * Units: voltage V, current A, active power **W** (P053; screens show kW), energy kWh (P054, a
 * cumulative counter), water m³ (P056, cumulative) and m³/h (P068), weight kg, temperature °C,
 * level mm, RSSI dBm.
 */
export const EQUIPMENT_FAMILIES = [
  'ammeter1p',
  'ammeter3p',
  'smartPlug',
  'bleTag',
  'boilPot',
  'odenCooker',
  'waterMeter',
  'feedScale',
] as const;
export type EquipmentFamily = (typeof EQUIPMENT_FAMILIES)[number];
export const EquipmentFamilySchema = z.enum(EQUIPMENT_FAMILIES);

/** The commands of SPEC §7-style device control that equipment accepts (see `telemetry.ts` DeviceCommandSchema). */
export const EQUIPMENT_COMMANDS = ['setSwitch', 'setSetPoint', 'readMeter'] as const;
export type EquipmentCommand = (typeof EQUIPMENT_COMMANDS)[number];

/** One role a parameter plays in a family; `well` numbers a cooker's wells from 1. */
export interface EquipmentChannel {
  readonly code: ParameterCode;
  /** Per-well channels of pots and cookers (1-based). */
  readonly well?: number;
  /** True for cumulative counters (P054 energy, P056 water): consumption is computed from differences. */
  readonly counter?: true;
}

/** What a family is: names, the channels it reports, the commands it accepts, its limits. */
export interface EquipmentFamilyDefinition {
  readonly family: EquipmentFamily;
  readonly nameZh: string;
  readonly nameEn: string;
  /** The model code of this family (project assignment, see file comment). */
  readonly model: string;
  readonly channels: readonly EquipmentChannel[];
  readonly commands: readonly EquipmentCommand[];
  /** Set-point range of `setSetPoint`, °C (pots and cookers). */
  readonly setPointRange?: readonly [number, number];
  /** Rated current of a plug, A: above it the plug reports overload (P064) and switches off. */
  readonly ratedCurrentA?: number;
  /** Number of wells of a pot or cooker. */
  readonly wells?: number;
}

const ch = (code: ParameterCode, extra: Omit<EquipmentChannel, 'code'> = {}): EquipmentChannel => ({ code, ...extra });

/**
 * The family table. Cooker wells: well 1 is P003, wells 2-4 are the probe temperatures P031-P033;
 * the boil pot reports its water (well 1, P003) and oil (well 2, P031) temperatures.
 * Food-safety note for alarms: hot-holding below 60 °C is the usual limit (rule templates set it).
 */
export const EQUIPMENT_FAMILY_TABLE: Readonly<Record<EquipmentFamily, EquipmentFamilyDefinition>> = {
  ammeter1p: {
    family: 'ammeter1p',
    nameZh: '单相电表',
    nameEn: 'Single-phase ammeter',
    model: 'AM-1P',
    channels: [
      ch(PARAM.voltage),
      ch(PARAM.current),
      ch(PARAM.activePower),
      ch(PARAM.energy, { counter: true }),
      ch(PARAM.powerFactor),
      ch(PARAM.power),
    ],
    commands: ['readMeter'],
  },
  ammeter3p: {
    family: 'ammeter3p',
    nameZh: '三相电表',
    nameEn: 'Three-phase ammeter',
    model: 'AM-3P',
    channels: [
      ch(PARAM.voltage),
      ch(PARAM.voltageB),
      ch(PARAM.voltageC),
      ch(PARAM.current),
      ch(PARAM.currentB),
      ch(PARAM.currentC),
      ch(PARAM.activePower),
      ch(PARAM.energy, { counter: true }),
      ch(PARAM.powerFactor),
      ch(PARAM.power),
    ],
    commands: ['readMeter'],
  },
  smartPlug: {
    family: 'smartPlug',
    nameZh: '智能插座',
    nameEn: 'Smart plug',
    model: 'SP-16A',
    channels: [
      ch(PARAM.socketOn),
      ch(PARAM.activePower),
      ch(PARAM.energy, { counter: true }),
      ch(PARAM.voltage),
      ch(PARAM.current),
      ch(PARAM.overload),
    ],
    commands: ['setSwitch', 'readMeter'],
    ratedCurrentA: 16,
  },
  bleTag: {
    family: 'bleTag',
    nameZh: '蓝牙标签',
    nameEn: 'BLE tag',
    model: 'BT-TH',
    channels: [ch(PARAM.temperature), ch(PARAM.humidity), ch(PARAM.battery), ch(PARAM.rssi)],
    commands: [],
  },
  boilPot: {
    family: 'boilPot',
    nameZh: '煮锅',
    nameEn: 'Boil pot',
    model: 'BP-2W',
    channels: [
      ch(PARAM.temperature, { well: 1 }),
      ch(PARAM.temperature2, { well: 2 }),
      ch(PARAM.heaterOn),
      ch(PARAM.liquidLevel),
      ch(PARAM.running),
      ch(PARAM.setPoint),
    ],
    commands: ['setSetPoint'],
    setPointRange: [20, 200],
    wells: 2,
  },
  odenCooker: {
    family: 'odenCooker',
    nameZh: '关东煮机',
    nameEn: 'Oden cooker',
    model: 'OC-4W',
    channels: [
      ch(PARAM.temperature, { well: 1 }),
      ch(PARAM.temperature2, { well: 2 }),
      ch(PARAM.temperature3, { well: 3 }),
      ch(PARAM.temperature4, { well: 4 }),
      ch(PARAM.heaterOn),
      ch(PARAM.liquidLevel),
      ch(PARAM.running),
      ch(PARAM.setPoint),
    ],
    commands: ['setSetPoint'],
    setPointRange: [40, 100],
    wells: 4,
  },
  waterMeter: {
    family: 'waterMeter',
    nameZh: '水表',
    nameEn: 'Water meter',
    model: 'WM-DN20',
    channels: [ch(PARAM.waterVolume, { counter: true }), ch(PARAM.waterFlow)],
    commands: ['readMeter'],
  },
  feedScale: {
    family: 'feedScale',
    nameZh: '投料秤',
    nameEn: 'Weight feed scale',
    model: 'FS-500',
    channels: [ch(PARAM.weight), ch(PARAM.feedAmount)],
    commands: [],
  },
};

/** The equipment model rows, as device models (kind terminal, no SPEC §5 family). */
export const EQUIPMENT_MODELS: readonly (DeviceModelDefinition & { readonly equipment: EquipmentFamily })[] =
  EQUIPMENT_FAMILIES.map((f) => ({
    code: EQUIPMENT_FAMILY_TABLE[f].model,
    kind: 'terminal' as const,
    family: null,
    equipment: f,
  }));

const FAMILY_BY_MODEL: ReadonlyMap<string, EquipmentFamilyDefinition> = new Map(
  EQUIPMENT_FAMILIES.map((f) => [EQUIPMENT_FAMILY_TABLE[f].model, EQUIPMENT_FAMILY_TABLE[f]]),
);

/** The family of an equipment model code (`'SP-16A'` → smart plug), or undefined for other models. */
export function equipmentFamilyOf(model: string): EquipmentFamilyDefinition | undefined {
  return FAMILY_BY_MODEL.get(model);
}

/** True when `family` accepts `command`. */
export function acceptsCommand(family: EquipmentFamily, command: EquipmentCommand): boolean {
  return EQUIPMENT_FAMILY_TABLE[family].commands.includes(command);
}
