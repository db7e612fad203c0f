import { z } from 'zod';
import { DEVICE_PERMS } from '../devices-api/routes';
import { CommandResultSchema } from '../devices-api/schemas';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { ExportStartedSchema } from '../system/download-center';
import { IdQuerySchema, ListQuerySchema } from '../system/list';
import {
  EnergyExportQuerySchema,
  EnergyQuerySchema,
  EnergyResultSchema,
  EquipmentRecordSchema,
  MeterConfigBodySchema,
  MeterConfigSchema,
  PowerQuerySchema,
  PowerResultSchema,
  ReadMeterBodySchema,
  SetPointBodySchema,
  StoreQuerySchema,
  StoreRecordSchema,
  SwitchBodySchema,
  TariffEnergyQuerySchema,
  TariffEnergySchema,
  WarehouseEnergyQuerySchema,
} from './api';
import { EnergyQualityQuerySchema, EnergyQualitySchema } from './quality';

/**
 * Permission codes of the equipment screens (SPEC §2 warehouse ammeter/plug/tag/pot/cooker
 * pages, device Lawson list; §6 buttons). Reads (lists, stores, energy, power, config view) need the
 * device list code `device:list` (equipment are devices; every role that sees devices sees them);
 * the writes are the buttons of {@link EQUIPMENT_BUTTONS}.
 */
export const EQUIPMENT_PERMS = {
  list: DEVICE_PERMS.list,
  plugSwitch: 'plug:switch',
  setPoint: 'cooker:setPoint',
  readMeter: 'ammeter:read',
  config: 'ammeter:config',
  export: 'ammeter:export',
} as const;

/**
 * The buttons to seed under the equipment menus (`[perms, zh-CN, en-US]`, like menus.seed.ts
 * `buttons`): plug switch under the plug list, set-point under the boil pot and oden cooker pages,
 * read/config/export under the ammeter list.
 */
export const EQUIPMENT_BUTTONS: readonly (readonly [string, string, string])[] = [
  [EQUIPMENT_PERMS.plugSwitch, '插座开关', 'Switch plugs'],
  [EQUIPMENT_PERMS.setPoint, '设定温度', 'Set cooker temperature'],
  [EQUIPMENT_PERMS.readMeter, '抄表', 'Read meters'],
  [EQUIPMENT_PERMS.config, '电表配置', 'Configure ammeters'],
  [EQUIPMENT_PERMS.export, '导出电量', 'Export energy'],
];

const E = '/wlx/equipment';
const M = '/wlx/meter';
const tag = 'equipment';
const P = EQUIPMENT_PERMS;

/** Equipment calls, relative to the base path. Every call is scoped to the caller's tenant. */
export const EquipmentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${E}/list`,
    access: P.list,
    tag,
    summary:
      'Equipment of the tenant with latest channel values (generic list over EQUIPMENT_LIST_FIELDS; `family` one or a comma list, `warehouseId`)',
    query: ListQuerySchema,
    result: pageResultOf(EquipmentRecordSchema),
  }),
  stores: defineRoute({
    method: 'GET',
    path: `${E}/stores`,
    access: P.list,
    tag,
    summary:
      'Lawson device list: equipment grouped by store (warehouse) with counts per family, online and active alarms',
    query: StoreQuerySchema,
    result: z.array(StoreRecordSchema),
  }),
  switch: defineRoute({
    method: 'POST',
    path: `${E}/switch`,
    access: P.plugSwitch,
    tag,
    summary: 'Switch a smart plug on or off (setSwitch command; logged; refused when offline)',
    body: SwitchBodySchema,
    result: CommandResultSchema,
  }),
  setPoint: defineRoute({
    method: 'POST',
    path: `${E}/setPoint`,
    access: P.setPoint,
    tag,
    summary: 'Set the temperature set-point of a pot or cooker (°C within the family range)',
    body: SetPointBodySchema,
    result: CommandResultSchema,
  }),
  readMeter: defineRoute({
    method: 'POST',
    path: `${E}/readMeter`,
    access: P.readMeter,
    tag,
    summary: 'Ask a meter or plug to report its counters now (readMeter command)',
    body: ReadMeterBodySchema,
    result: CommandResultSchema,
  }),
  config: defineRoute({
    method: 'GET',
    path: `${M}/config`,
    access: P.list,
    tag,
    summary: 'Ammeter config (CT/PT ratios, counter rollover, tariff periods, limits); defaults when never saved',
    query: IdQuerySchema,
    result: MeterConfigSchema,
  }),
  saveConfig: defineRoute({
    method: 'PUT',
    path: `${M}/config`,
    access: P.config,
    tag,
    summary: 'Save an ammeter config (tariff periods cover the day without overlap)',
    body: MeterConfigBodySchema,
    result: MeterConfigSchema,
  }),
  energy: defineRoute({
    method: 'GET',
    path: `${M}/energy/daily`,
    access: P.list,
    tag,
    summary: 'Daily energy (kWh × CT × PT) of meters over a date range in the tenant time zone',
    query: EnergyQuerySchema,
    result: EnergyResultSchema,
  }),
  warehouseEnergy: defineRoute({
    method: 'GET',
    path: `${M}/energy/warehouse`,
    access: P.list,
    tag,
    summary: 'Daily energy of a warehouse (sum of its meters)',
    query: WarehouseEnergyQuerySchema,
    result: EnergyResultSchema,
  }),
  tariffEnergy: defineRoute({
    method: 'GET',
    path: `${M}/energy/tariff`,
    access: P.list,
    tag,
    summary: 'One meter’s energy and cost per tariff period (peak/flat/valley) over a date range',
    query: TariffEnergyQuerySchema,
    result: TariffEnergySchema,
  }),
  energyQuality: defineRoute({
    method: 'GET',
    path: `${M}/energy/quality`,
    access: P.list,
    tag,
    summary: 'Register events of one meter (resets, rollovers, spikes and drops not counted) over a date range',
    query: EnergyQualityQuerySchema,
    result: EnergyQualitySchema,
  }),
  power: defineRoute({
    method: 'GET',
    path: `${M}/power`,
    access: P.list,
    tag,
    summary: 'Active power P053 (W × CT × PT) over a range, chart-ready (min/max buckets)',
    query: PowerQuerySchema,
    result: PowerResultSchema,
  }),
  exportEnergy: defineRoute({
    method: 'GET',
    path: `${M}/energy/exportXls`,
    access: P.export,
    tag,
    summary: 'Queue the meter report (export type b): daily energy per meter as Excel, in the download center',
    query: EnergyExportQuerySchema,
    result: ExportStartedSchema,
  }),
} as const;
