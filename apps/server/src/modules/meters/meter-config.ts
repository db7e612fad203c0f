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
import { invalidateMeter } from './energy-rollup';

/**
 * Ammeter configuration (the ammeter config screen; migration 0086 `meter_config`): CT and PT
 * ratios (their product multiplies energy kWh and power W to primary-side values), the counter's
 * rollover (kWh), time-of-use tariff periods (validated by the contract: HH:mm, cover the day, no
 * overlap) and limits (kW, V). Meters are the families with the energy counter P054 (ammeters and
 * smart plugs). A meter never configured answers the defaults (ratios 1, rollover 99,999.99 kWh).
 */

interface ConfigRow {
  dev_no: string;
  name: string;
  alias: string | null;
  model: string;
  ct_ratio: number | null;
  pt_ratio: number | null;
  counter_max: number | null;
  tariffs: TariffPeriod[] | string | null;
  limits: Record<string, number | null> | string | null;
  update_ms: number | null;
}

const json = <T>(v: unknown, fallback: T): T =>
  v == null ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);

/** True when `model` is a meter: its family reports the energy counter P054. */
export function isMeterModel(model: string): boolean {
  return equipmentFamilyOf(model)?.channels.some((c) => c.code === 'P054' && c.counter) ?? false;
}

/** The configuration of meter `id` of the tenant (defaults when never saved). @throws AppError notFound / business equipmentNotMeter. */
export async function meterConfig(q: Queryable, tenantId: number, id: string): Promise<MeterConfig> {
  const [r] = await q.query<ConfigRow>(
    `SELECT d.dev_no, d.name, d.alias, d.model, c.ct_ratio, c.pt_ratio, c.counter_max, c.tariffs, c.limits,
            (extract(epoch FROM c.update_time) * 1000)::float8 AS update_ms
       FROM device d LEFT JOIN meter_config c ON c.device_id = d.dev_no WHERE d.tenant_id = $1 AND d.dev_no = $2`,
    [tenantId, id],
  );
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
 * the device log (kind `config`) and, when the rollover changed, marks the meter's rolled-up days
 * for rebuilding (a backwards step may change from reset to rollover).
 */
export async function saveMeterConfig(
  db: Db,
  auth: AuthContext,
  body: z.output<typeof MeterConfigBodySchema>,
): Promise<MeterConfig> {
  const before = await meterConfig(db, auth.tenantId, body.id);
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO meter_config (device_id, tenant_id, ct_ratio, pt_ratio, counter_max, tariffs, limits, update_by, update_time)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, now())
       ON CONFLICT (device_id) DO UPDATE SET ct_ratio = excluded.ct_ratio, pt_ratio = excluded.pt_ratio, counter_max = excluded.counter_max,
         tariffs = excluded.tariffs, limits = excluded.limits, update_by = excluded.update_by, update_time = now()`,
      [
        body.id,
        auth.tenantId,
        body.ctRatio,
        body.ptRatio,
        body.counterMax,
        JSON.stringify(body.tariffs),
        JSON.stringify(body.limits),
        auth.username,
      ],
    );
    const { id, ...content } = body;
    await logDevice(q, {
      deviceId: id,
      tenantId: auth.tenantId,
      kind: 'config',
      content: JSON.stringify({ meterConfig: content }),
      operator: auth.username,
    });
    if (before.counterMax !== body.counterMax) await invalidateMeter(q, body.id);
  });
  return meterConfig(db, auth.tenantId, body.id);
}

/** CT × PT ratio and rollover per meter id of the tenant (1 and the default when not configured). */
export async function meterRatios(
  q: Queryable,
  tenantId: number,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const rows = await q.query<{ device_id: string; ratio: number }>(
    'SELECT device_id, ct_ratio * pt_ratio AS ratio FROM meter_config WHERE tenant_id = $1 AND device_id = ANY($2::text[])',
    [tenantId, ids],
  );
  return new Map(rows.map((r) => [r.device_id, r.ratio]));
}
