import { z } from 'zod';
import { DevNoSchema, HistorySeriesSchema } from '../devices-api/schemas';
import { EQUIPMENT_FAMILIES, EquipmentFamilySchema } from './families';

/**
 * Records and queries of the equipment calls (SPEC §2 warehouse: ammeter list/config/chart,
 * plug list, tag list, boil pot, oden cooker; device: Lawson list; §9 export type "meter").
 * Times on the wire are ms since the Unix epoch; dates are `YYYY-MM-DD` in the tenant's time zone
 * (Asia/Shanghai); energy kWh; power W (P053); voltage V; prices yuan per kWh.
 */

/** Online status of a piece of equipment (a reading within 2× its report period, 10 min when unset). */
export const EQUIPMENT_STATUSES = ['online', 'offline'] as const;

/** Latest value of a channel: number, boolean (switches, overload, power cut) or null before the first reading. */
export const ChannelValueSchema = z.union([z.number(), z.boolean(), z.string(), z.null()]);

/** A row of the equipment list (`/wlx/equipment/list`) and a device of a store. */
export const EquipmentRecordSchema = z.object({
  /** Terminal number. */
  id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  model: z.string(),
  family: EquipmentFamilySchema,
  /** The warehouse (store) the device belongs to. */
  warehouseId: z.string().nullable(),
  warehouseName: z.string().nullable(),
  status: z.enum(EQUIPMENT_STATUSES),
  /** Device time of the latest reading, ms; null before the first. */
  lastReportTime: z.number().nullable(),
  /**
   * Latest value per channel code of the family (`P053` → W, `P054` → kWh counter, `P063` → on…).
   * Units: see `units`. Meters give primary-side values: power and energy × CT × PT, currents × CT,
   * voltages × PT (the same scaling as the chart, energy and report).
   */
  values: z.record(z.string(), ChannelValueSchema),
  /** CT × PT applied to a meter's values (absent for other equipment). */
  ratio: z.number().optional(),
  /** Unit per channel code (`P053` → `W`). */
  units: z.record(z.string(), z.string()),
  /** The relaying gateway of a sub-device (BLE tags), else null. */
  gatewayId: z.string().nullable(),
  createTime: z.number(),
});
export type EquipmentRecord = z.infer<typeof EquipmentRecordSchema>;

/**
 * Public fields of the equipment list (filters, sort). Besides the generic list keys the query takes
 * `family` (one family or a comma list, e.g. `family=smartPlug` or `family=ammeter1p,ammeter3p`) and
 * `warehouseId` (one store).
 */
export const EQUIPMENT_LIST_FIELDS = [
  'id',
  'name',
  'alias',
  'model',
  'family',
  'warehouseId',
  'warehouseName',
  'status',
  'lastReportTime',
  'createTime',
] as const;

/** `HH:mm` of a tariff period boundary; `24:00` is allowed as an end. */
export const TIME_OF_DAY = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
/** Names of tariff periods (Shanghai commercial time-of-use: sharp-peak, peak, flat, valley). */
export const TARIFF_NAMES = ['sharp', 'peak', 'flat', 'valley'] as const;
export type TariffName = (typeof TARIFF_NAMES)[number];

/** One time-of-use tariff period: `start` inclusive, `end` exclusive, local time; `end` ≤ `start` wraps past midnight. */
export const TariffPeriodSchema = z.object({
  name: z.enum(TARIFF_NAMES, { message: 'validation.invalid' }),
  start: z.string().regex(TIME_OF_DAY, 'validation.timeOfDay'),
  end: z.string().regex(TIME_OF_DAY, 'validation.timeOfDay'),
  /** Price, yuan per kWh (0-100). */
  price: z.number({ message: 'validation.required' }).min(0, 'validation.priceRange').max(100, 'validation.priceRange'),
});
export type TariffPeriod = z.infer<typeof TariffPeriodSchema>;

/** Minutes since midnight of `HH:mm` (`24:00` → 1440). */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * Checks that tariff periods cover the whole day without overlap. Returns field errors with paths
 * relative to the periods array (`2.start`), empty when valid; an empty list is valid (no pricing).
 */
export function tariffErrors(periods: readonly TariffPeriod[]): { path: (string | number)[]; message: string }[] {
  if (periods.length === 0) return [];
  const errors: { path: (string | number)[]; message: string }[] = [];
  const owner = new Array<number>(1440).fill(-1);
  periods.forEach((p, i) => {
    if (!TIME_OF_DAY.test(p.start) || !TIME_OF_DAY.test(p.end)) return;
    const s = minutesOfDay(p.start) % 1440;
    const e = minutesOfDay(p.end);
    if (minutesOfDay(p.start) === e && periods.length > 1) {
      errors.push({ path: [i, 'end'], message: 'validation.tariffEmpty' });
      return;
    }
    const len = ((e - s + 1440 - 1) % 1440) + 1;
    for (let k = 0; k < len; k++) {
      const m = (s + k) % 1440;
      if (owner[m] !== -1 && owner[m] !== i) {
        errors.push({ path: [i, 'start'], message: 'validation.tariffOverlap' });
        return;
      }
      owner[m] = i;
    }
  });
  if (errors.length === 0 && owner.includes(-1))
    errors.push({ path: [periods.length - 1, 'end'], message: 'validation.tariffGap' });
  return errors;
}

/** Default rollover of the energy counter, kWh (a 5+2 digit register). */
export const DEFAULT_COUNTER_MAX_KWH = 99_999.99;

/** Operating limits of a meter: power above `maxPowerKW` kW, voltage outside `minVoltageV`..`maxVoltageV` V. */
export const MeterLimitsSchema = z.object({
  maxPowerKW: z.number().positive('validation.positive').max(100_000, 'validation.invalid').nullable().default(null),
  minVoltageV: z.number().min(0, 'validation.invalid').max(100_000, 'validation.invalid').nullable().default(null),
  maxVoltageV: z.number().positive('validation.positive').max(100_000, 'validation.invalid').nullable().default(null),
});

/**
 * Body of `PUT /wlx/meter/config` (ammeter config screen). `ctRatio` × `ptRatio` multiplies the
 * meter's energy (P054) and power (P053) readings to primary-side values; both are 1 for a
 * direct-connected meter. `counterMax` is the counter value after which the register rolls over to 0.
 */
export const MeterConfigBodySchema = z
  .object({
    id: DevNoSchema,
    /** Current-transformer ratio (e.g. 200/5 → 40), 1-10000. */
    ctRatio: z
      .number({ message: 'validation.required' })
      .min(1, 'validation.ratioRange')
      .max(10_000, 'validation.ratioRange')
      .default(1),
    /** Voltage-transformer ratio (e.g. 10 kV/100 V → 100), 1-10000. */
    ptRatio: z
      .number({ message: 'validation.required' })
      .min(1, 'validation.ratioRange')
      .max(10_000, 'validation.ratioRange')
      .default(1),
    /** Rollover of the energy counter, kWh. */
    counterMax: z
      .number()
      .positive('validation.positive')
      .max(1e12, 'validation.invalid')
      .default(DEFAULT_COUNTER_MAX_KWH),
    tariffs: z.array(TariffPeriodSchema).max(12, 'validation.tooLong').default([]),
    limits: MeterLimitsSchema.default({ maxPowerKW: null, minVoltageV: null, maxVoltageV: null }),
  })
  .superRefine((c, ctx) => {
    for (const e of tariffErrors(c.tariffs))
      ctx.addIssue({ code: 'custom', path: ['tariffs', ...e.path], message: e.message });
    const { minVoltageV: lo, maxVoltageV: hi } = c.limits;
    if (lo != null && hi != null && hi <= lo)
      ctx.addIssue({ code: 'custom', path: ['limits', 'maxVoltageV'], message: 'validation.voltageMinMax' });
  });
export type MeterConfigBody = z.input<typeof MeterConfigBodySchema>;

/** A meter's configuration as `GET /wlx/meter/config` answers it (defaults when never saved). */
export const MeterConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  family: EquipmentFamilySchema,
  ctRatio: z.number(),
  ptRatio: z.number(),
  counterMax: z.number(),
  tariffs: z.array(TariffPeriodSchema),
  limits: z.object({
    maxPowerKW: z.number().nullable(),
    minVoltageV: z.number().nullable(),
    maxVoltageV: z.number().nullable(),
  }),
  /** Last save, ms; null when never saved (defaults). */
  updateTime: z.number().nullable(),
});
export type MeterConfig = z.infer<typeof MeterConfigSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Longest energy range, days. */
export const ENERGY_MAX_DAYS = 366;
/** Most meters in one energy call. */
export const ENERGY_MAX_METERS = 1000;

const dateRange = {
  /** First day, `YYYY-MM-DD` in the tenant's time zone. */
  beginDate: z.string().regex(DATE, 'validation.invalid'),
  /** Last day (inclusive). */
  endDate: z.string().regex(DATE, 'validation.invalid'),
};
const checkRange = (q: { beginDate: string; endDate: string }, ctx: z.RefinementCtx): void => {
  const days = (Date.parse(q.endDate) - Date.parse(q.beginDate)) / 86_400_000;
  if (Number.isNaN(days) || days < 0)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeBegin' });
  else if (days + 1 > ENERGY_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.tooLong' });
};

/** `GET /wlx/meter/energy/daily?ids=A,B&beginDate=&endDate=`: daily energy of meters (ammeters and plugs). */
export const EnergyQuerySchema = z
  .object({ ids: z.string().min(1, 'validation.required').max(80_000), ...dateRange })
  .superRefine(checkRange);
export type EnergyQuery = z.infer<typeof EnergyQuerySchema>;
/** `GET /wlx/meter/energy/warehouse?warehouseId=&beginDate=&endDate=`: the sum of a warehouse's meters. */
export const WarehouseEnergyQuerySchema = z
  .object({ warehouseId: z.string().min(1, 'validation.required').max(64), ...dateRange })
  .superRefine(checkRange);

/** Daily energy of one meter: `days[i]` is kWh on `dates[i]` (× CT × PT), null when nothing is known that day. */
export const MeterEnergySchema = z.object({
  id: z.string(),
  name: z.string(),
  family: EquipmentFamilySchema,
  /** CT × PT applied. */
  ratio: z.number(),
  days: z.array(z.number().nullable()),
  totalKWh: z.number(),
});
export type MeterEnergy = z.infer<typeof MeterEnergySchema>;

/** Answer of the daily energy calls. */
export const EnergyResultSchema = z.object({
  timeZone: z.string(),
  dates: z.array(z.string()),
  meters: z.array(MeterEnergySchema),
  /** Sum over the meters per date, kWh. */
  days: z.array(z.number()),
  totalKWh: z.number(),
  /** The warehouse of `/energy/warehouse`, else null. */
  warehouse: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type EnergyResult = z.infer<typeof EnergyResultSchema>;

/** Longest range of the tariff split, days (one meter's raw readings are read). */
export const TARIFF_MAX_DAYS = 93;
/** `GET /wlx/meter/energy/tariff?id=&beginDate=&endDate=`: one meter's energy and cost per tariff period name. */
export const TariffEnergyQuerySchema = z.object({ id: DevNoSchema, ...dateRange }).superRefine((q, ctx) => {
  checkRange(q, ctx);
  if ((Date.parse(q.endDate) - Date.parse(q.beginDate)) / 86_400_000 + 1 > TARIFF_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.tooLong' });
});
/**
 * Energy (kWh × CT × PT) and cost (yuan) of one meter per tariff period name over the range, from its
 * readings spread evenly over the time between them and cut at the periods' boundaries (local
 * time); `periods` in the order peak, flat, valley (those of the meter's tariff); empty when the
 * meter has no tariff (then only the totals are given and `totalCost` is null).
 */
export const TariffEnergySchema = z.object({
  id: z.string(),
  ratio: z.number(),
  periods: z.array(z.object({ name: z.enum(TARIFF_NAMES), kWh: z.number(), cost: z.number() })),
  totalKWh: z.number(),
  totalCost: z.number().nullable(),
});
export type TariffEnergy = z.infer<typeof TariffEnergySchema>;

/** `GET /wlx/meter/power?id=&beginTime=&endTime=&points=`: active power P053 (W, × CT × PT) chart series. */
export const PowerQuerySchema = z.object({
  id: DevNoSchema,
  beginTime: z.coerce.number().int(),
  endTime: z.coerce.number().int(),
  /** Most points (min/max buckets above it), 2-5000, default 500. */
  points: z.coerce.number().int().min(2).max(5000).default(500),
});
export const PowerResultSchema = z.object({
  id: z.string(),
  beginTime: z.number(),
  endTime: z.number(),
  ratio: z.number(),
  series: HistorySeriesSchema,
});
export type PowerResult = z.infer<typeof PowerResultSchema>;

/** Body of `POST /wlx/equipment/switch` (smart plugs). */
export const SwitchBodySchema = z.object({ id: DevNoSchema, on: z.boolean({ message: 'validation.required' }) });
/** Body of `POST /wlx/equipment/setPoint` (boil pot, oden cooker): set-point °C within the family's `setPointRange`. */
export const SetPointBodySchema = z.object({
  id: DevNoSchema,
  /** Well (1-based); absent = every well. */
  well: z.number().int('validation.invalid').min(1, 'validation.invalid').max(8, 'validation.invalid').optional(),
  setPointC: z.number({ message: 'validation.required' }),
});
/** Body of `POST /wlx/equipment/readMeter`. */
export const ReadMeterBodySchema = z.object({ id: DevNoSchema });

/** `GET /wlx/equipment/stores?family=`: optional comma list of families to include. */
export const StoreQuerySchema = z.object({ family: z.string().max(200).optional() });
/** A store (warehouse) of the Lawson device list with its equipment. */
export const StoreRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  /** Devices per family (every family present, 0 when none). */
  counts: z.record(z.enum(EQUIPMENT_FAMILIES), z.number().int()),
  deviceCount: z.number().int(),
  onlineCount: z.number().int(),
  /** Active (unprocessed, uncleared) alarms of its devices. */
  activeAlarmCount: z.number().int(),
  devices: z.array(EquipmentRecordSchema),
});
export type StoreRecord = z.infer<typeof StoreRecordSchema>;

/** `GET /wlx/meter/energy/exportXls?ids=&beginDate=&endDate=` (download center, export type "meter"). */
export const EnergyExportQuerySchema = EnergyQuerySchema;
