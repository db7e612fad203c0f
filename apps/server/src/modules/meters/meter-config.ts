import {
  DEFAULT_COUNTER_MAX_KWH,
  equipmentFamilyOf,
  type MeterConfig,
  type MeterConfigBodySchema,
  type TariffPeriod,
} from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { logDevice } from '../devices/devices.service';
import { invalidateMeter } from './energy-rollup.repo';
import { configRow, ratiosOf, upsertConfig } from './meter-config.repo';
import type { MeterRatios } from './ratio';

/**
 * Ammeter configuration (the ammeter config screen; migration 0086 `meter_config`): CT and PT
 * ratios (their product multiplies energy kWh and power W to primary-side values), the counter's
 * rollover (kWh), time-of-use tariff periods (validated by the contract: HH:mm, cover the day, no
 * overlap) and limits (kW, V). Meters are the families with the energy counter P054 (ammeters and
 * smart plugs). A meter never configured answers the defaults (ratios 1, rollover 99,999.99 kWh).
 * SQL: meter-config.repo.ts; ratios are applied by ratio.ts.
 */

const json = <T>(v: unknown, fallback: T): T =>
  v == null ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);

/** True when `model` is a meter: its family reports the energy counter P054. */
export function isMeterModel(model: string): boolean {
  return equipmentFamilyOf(model)?.channels.some((c) => c.code === 'P054' && c.counter) ?? false;
}

/** The configuration of meter `id` of the tenant (defaults when never saved). @throws AppError notFound / business equipmentNotMeter. */
export async function meterConfig(q: Queryable, tenantId: number, id: string): Promise<MeterConfig> {
  const r = await configRow(q, tenantId, id);
  if (!r || !equipmentFamilyOf(r.model)) throw new AppError('notFound', 'equipmentNotFound');
  if (!isMeterModel(r.model)) throw new AppError('business', 'equipmentNotMeter');
  const limits = json<Record<string, number | null>>(r.limits, {});
  return {
    id: r.dev_no,
    name: r.alias || r.name,
    model: r.model,
    family: equipmentFamilyOf(r.model)!.family,
    ctRatio: r.ct_ratio ?? 1,
    ptRatio: r.pt_ratio ?? 1,
    counterMax: r.counter_max ?? DEFAULT_COUNTER_MAX_KWH,
    tariffs: json<TariffPeriod[]>(r.tariffs, []),
    limits: {
      maxPowerKW: limits.maxPowerKW ?? null,
      minVoltageV: limits.minVoltageV ?? null,
      maxVoltageV: limits.maxVoltageV ?? null,
    },
    updateTime: r.update_ms == null ? null : Number(r.update_ms),
  };
}

/**
 * Saves the configuration of a meter (body validated by `MeterConfigBodySchema`), logs the change in
 * the device log (kind `config`) and, when the rollover or whether it has a CT changed, marks the
 * meter's rolled-up days for rebuilding (register.ts: a step may change from reset to rollover,
 * or from increase to spike).
 */
export async function saveMeterConfig(
  db: Db,
  auth: AuthContext,
  body: z.output<typeof MeterConfigBodySchema>,
): Promise<MeterConfig> {
  const before = await meterConfig(db, auth.tenantId, body.id);
  await db.tx(async (q) => {
    await upsertConfig(q, {
      id: body.id,
      tenantId: auth.tenantId,
      ctRatio: body.ctRatio,
      ptRatio: body.ptRatio,
      counterMax: body.counterMax,
      tariffs: body.tariffs,
      limits: body.limits,
      by: auth.username,
    });
    const { id, ...content } = body;
    await logDevice(q, {
      deviceId: id,
      tenantId: auth.tenantId,
      kind: 'config',
      content: JSON.stringify({ meterConfig: content }),
      operator: auth.username,
    });
    // the rollover and the CT ratio (a CT meter is rated by its secondary) change how steps count
    if (before.counterMax !== body.counterMax || before.ctRatio > 1 !== body.ctRatio > 1)
      await invalidateMeter(q, body.id);
  });
  return meterConfig(db, auth.tenantId, body.id);
}

/** CT and PT per meter id of the tenant (a meter never configured: absent, i.e. {@link NO_RATIOS}). */
export async function meterRatios(
  q: Queryable,
  tenantId: number,
  ids: readonly string[],
): Promise<Map<string, MeterRatios>> {
  return ratiosOf(q, tenantId, ids);
}
