import {
  ENERGY_MAX_METERS,
  ENERGY_QUALITY_MAX,
  type EnergyQuality,
  type RegisterEventKind,
  equipmentFamilyOf,
  splitIds,
  type EnergyResult,
  type MeterEnergy,
  type PowerResult,
  type TariffEnergy,
} from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { deviceHistory } from '../devices/history.repo';
import { ENERGY_TIME_ZONE, dayOfText, dayStart, dayText, kwh3 } from './energy';
import { readDailyEnergy, refreshRollup, rulesOf } from './energy-rollup';
import { eventsOf } from './energy-rollup.repo';
import { isMeterModel, meterConfig, meterRatios } from './meter-config';
import { counterReadings, devicesOf, peakPowers, warehouseDevices, warehouseOf, type MeterRow } from './meters.repo';
import { NO_RATIOS, powerRatio, primaryKWh, primaryValue } from './ratio';
import { splitByTariff } from './tariff-energy';

/**
 * Daily energy and power of meters (energy per day and per warehouse;
 * SPEC §2). Energy: kWh per local day (Asia/Shanghai) from the counter P054 through the rollup
 * (energy-rollup.ts, register semantics register.ts), × CT × PT. Power: P053 W × CT × PT, the
 * history machinery's chart buckets. Ratios through ratio.ts only; SQL in meters.repo.ts.
 */

/** Meters of the tenant among `ids`, in the asked order. @throws AppError notFound equipmentNotFound when one is not a meter of the tenant. */
async function metersOf(q: Queryable, tenantId: number, ids: readonly string[]): Promise<MeterRow[]> {
  const rows = await devicesOf(q, tenantId, ids);
  const by = new Map(rows.filter((r) => isMeterModel(r.model)).map((r) => [r.dev_no, r]));
  if (ids.some((id) => !by.has(id))) throw new AppError('notFound', 'equipmentNotFound');
  return ids.map((id) => by.get(id)!);
}

/** Daily energy of `meters` over `beginDate`..`endDate` (`YYYY-MM-DD`, inclusive). */
async function energyOf(
  db: Db,
  tenantId: number,
  meters: readonly MeterRow[],
  beginDate: string,
  endDate: string,
  warehouse: EnergyResult['warehouse'],
): Promise<EnergyResult> {
  const from = dayOfText(beginDate);
  const to = dayOfText(endDate);
  const dates = Array.from({ length: to - from + 1 }, (_, i) => dayText(from + i));
  const ids = meters.map((m) => m.dev_no);
  if (ids.length) await refreshRollup(db, ids);
  const raw = ids.length ? await readDailyEnergy(db, ids, from, to) : [];
  const ratios = await meterRatios(db, tenantId, ids);
  const sums = new Array<number>(dates.length).fill(0);
  const out: MeterEnergy[] = meters.map((m, k) => {
    const r = ratios.get(m.dev_no) ?? NO_RATIOS;
    const ratio = powerRatio(r);
    const days = raw[k]!.days.map((v) => (v === null ? null : kwh3(primaryKWh(v, r))));
    days.forEach((v, i) => (sums[i]! += v ?? 0));
    return {
      id: m.dev_no,
      name: m.alias || m.name,
      family: equipmentFamilyOf(m.model)!.family,
      ratio,
      days,
      totalKWh: kwh3(days.reduce<number>((s, v) => s + (v ?? 0), 0)),
    };
  });
  const days = sums.map(kwh3);
  return {
    timeZone: ENERGY_TIME_ZONE,
    dates,
    meters: out,
    days,
    totalKWh: kwh3(days.reduce((s, v) => s + v, 0)),
    warehouse,
  };
}

/** `meter/energy/daily`: the meters of `ids` (comma list, at most ENERGY_MAX_METERS) of the tenant. */
export async function meterEnergy(
  db: Db,
  tenantId: number,
  q: { ids: string; beginDate: string; endDate: string },
): Promise<EnergyResult> {
  const ids = splitIds(q.ids);
  if (ids.length > ENERGY_MAX_METERS)
    throw new AppError('badRequest', 'validationFailed', {}, [{ field: 'ids', message: 'Too many meters' }]);
  return energyOf(db, tenantId, await metersOf(db, tenantId, ids), q.beginDate, q.endDate, null);
}

/** `meter/energy/warehouse`: the sum of the meters of a warehouse (store) of the tenant. @throws AppError notFound warehouseNotFound. */
export async function warehouseEnergy(
  db: Db,
  tenantId: number,
  q: { warehouseId: string; beginDate: string; endDate: string },
): Promise<EnergyResult> {
  const w = await warehouseOf(db, tenantId, q.warehouseId);
  if (!w) throw new AppError('notFound', 'warehouseNotFound');
  const rows = await warehouseDevices(db, tenantId, q.warehouseId);
  return energyOf(
    db,
    tenantId,
    rows.filter((r) => isMeterModel(r.model)),
    q.beginDate,
    q.endDate,
    { id: w.id, name: w.name },
  );
}

/** `meter/power`: P053 (W × CT × PT) of a meter over `beginTime`..`endTime` (ms), at most `points` points. */
export async function meterPower(
  db: Db,
  tenantId: number,
  q: { id: string; beginTime: number; endTime: number; points: number },
): Promise<PowerResult> {
  await metersOf(db, tenantId, [q.id]);
  const r = (await meterRatios(db, tenantId, [q.id])).get(q.id) ?? NO_RATIOS;
  const h = await deviceHistory(db, q.id, {
    id: q.id,
    range: 'custom',
    beginTime: q.beginTime,
    endTime: q.endTime,
    mode: 'chart',
    points: q.points,
    codes: 'P053',
    pageNo: 1,
    pageSize: 10,
  });
  const found = h.series.find((s) => s.code === 'P053');
  const series = found
    ? { ...found, points: found.points.map(([t, v]): [number, number] => [t, primaryValue('P053', v, r)]) }
    : { code: 'P053', unit: 'W', downsampled: false, points: [] };
  return { id: q.id, beginTime: h.beginTime, endTime: h.endTime, ratio: powerRatio(r), series };
}

/**
 * `meter/energy/tariff`: one meter's energy (× CT × PT) and cost per tariff period name over the
 * local days `beginDate`..`endDate`, from its raw readings (one index range scan; the readings just
 * outside the range carry the consumption across its edges).
 */
export async function meterTariffEnergy(
  db: Db,
  tenantId: number,
  q: { id: string; beginDate: string; endDate: string },
): Promise<TariffEnergy> {
  const cfg = await meterConfig(db, tenantId, q.id);
  const from = dayStart(dayOfText(q.beginDate));
  const to = dayStart(dayOfText(q.endDate) + 1);
  const readings = await counterReadings(db, q.id, from, to);
  const ratio = powerRatio({ ct: cfg.ctRatio, pt: cfg.ptRatio });
  const split = splitByTariff(readings, cfg.tariffs, from, to, rulesOf(cfg.family, cfg.counterMax, cfg.ctRatio), ratio);
  const totalCost = cfg.tariffs.length ? Math.round(split.periods.reduce((s, p) => s + p.cost, 0) * 100) / 100 : null;
  return { id: q.id, ratio, periods: split.periods, totalKWh: split.totalKWh, totalCost };
}

/**
 * `meter/energy/quality`: the register events (resets, rollovers, spikes and drops not counted;
 * register.ts) of one meter over the local days `beginDate`..`endDate`, newest first, at most
 * ENERGY_QUALITY_MAX; `countedKWh` × CT × PT. @throws AppError notFound equipmentNotFound.
 */
export async function meterEnergyQuality(
  db: Db,
  tenantId: number,
  q: { id: string; beginDate: string; endDate: string },
): Promise<EnergyQuality> {
  await metersOf(db, tenantId, [q.id]);
  await refreshRollup(db, [q.id]);
  const r = (await meterRatios(db, tenantId, [q.id])).get(q.id) ?? NO_RATIOS;
  const found = await eventsOf(db, q.id, dayOfText(q.beginDate), dayOfText(q.endDate), ENERGY_QUALITY_MAX);
  return {
    id: q.id,
    ratio: powerRatio(r),
    total: found.total,
    events: found.rows.map((e) => ({
      kind: e.kind as RegisterEventKind,
      ts: e.ts,
      prevTs: e.prevTs,
      prevKWh: e.prevKwh,
      kWh: e.kwh,
      countedKWh: kwh3(primaryKWh(e.countedKwh, r)),
    })),
  };
}

/**
 * Highest active power (W × CT × PT, ratio.ts — as the list and the power chart show it) of each
 * meter of `ids` over the local days `beginDate`..`endDate`; null when it has no reading then.
 */
export async function meterPeakPower(
  db: Db,
  tenantId: number,
  ids: readonly string[],
  beginDate: string,
  endDate: string,
): Promise<Map<string, number | null>> {
  const raw = await peakPowers(db, ids, dayStart(dayOfText(beginDate)), dayStart(dayOfText(endDate) + 1));
  const ratios = await meterRatios(db, tenantId, ids);
  return new Map(
    ids.map((id) => {
      const w = raw.get(id);
      return [id, w === undefined ? null : primaryValue('P053', w, ratios.get(id) ?? NO_RATIOS)];
    }),
  );
}
