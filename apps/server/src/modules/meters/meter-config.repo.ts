import type { TariffPeriod } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import type { MeterRatios } from './ratio';

/** SQL of the ammeter configuration (migration 0086 `meter_config`). */

/** A device row with its meter configuration (nulls when never saved). */
export interface ConfigRow {
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

/** Device `id` of the tenant with its configuration, or undefined. */
export async function configRow(q: Queryable, tenantId: number, id: string): Promise<ConfigRow | undefined> {
  const [r] = await q.query<ConfigRow>(
    `SELECT d.dev_no, d.name, d.alias, d.model, c.ct_ratio, c.pt_ratio, c.counter_max, c.tariffs, c.limits,
            (extract(epoch FROM c.update_time) * 1000)::float8 AS update_ms
       FROM device d LEFT JOIN meter_config c ON c.device_id = d.dev_no WHERE d.tenant_id = $1 AND d.dev_no = $2`,
    [tenantId, id],
  );
  return r;
}

/** What a configuration save writes (ratios, rollover kWh, tariffs, limits kW/V). */
export interface ConfigWrite {
  id: string;
  tenantId: number;
  ctRatio: number;
  ptRatio: number;
  counterMax: number;
  tariffs: readonly TariffPeriod[];
  limits: Record<string, number | null>;
  by: string;
}

/** Inserts or updates a meter's configuration (`update_time` now). */
export async function upsertConfig(q: Queryable, c: ConfigWrite): Promise<void> {
  await q.query(
    `INSERT INTO meter_config (device_id, tenant_id, ct_ratio, pt_ratio, counter_max, tariffs, limits, update_by, update_time)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, now())
     ON CONFLICT (device_id) DO UPDATE SET ct_ratio = excluded.ct_ratio, pt_ratio = excluded.pt_ratio, counter_max = excluded.counter_max,
       tariffs = excluded.tariffs, limits = excluded.limits, update_by = excluded.update_by, update_time = now()`,
    [c.id, c.tenantId, c.ctRatio, c.ptRatio, c.counterMax, JSON.stringify(c.tariffs), JSON.stringify(c.limits), c.by],
  );
}

/** Inserts a configuration unless the meter has one (demo seed). */
export async function insertConfigIfAbsent(q: Queryable, c: ConfigWrite): Promise<void> {
  await q.query(
    `INSERT INTO meter_config (device_id, tenant_id, ct_ratio, pt_ratio, counter_max, tariffs, limits, update_by, update_time)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, now()) ON CONFLICT (device_id) DO NOTHING`,
    [c.id, c.tenantId, c.ctRatio, c.ptRatio, c.counterMax, JSON.stringify(c.tariffs), JSON.stringify(c.limits), c.by],
  );
}

/** CT and PT per configured meter among `ids` of the tenant (absent = direct-connected). */
export async function ratiosOf(
  q: Queryable,
  tenantId: number,
  ids: readonly string[],
): Promise<Map<string, MeterRatios>> {
  const rows = await q.query<{ device_id: string; ct: number; pt: number }>(
    'SELECT device_id, ct_ratio AS ct, pt_ratio AS pt FROM meter_config WHERE tenant_id = $1 AND device_id = ANY($2::text[])',
    [tenantId, ids],
  );
  return new Map(rows.map((r) => [r.device_id, { ct: Number(r.ct), pt: Number(r.pt) }]));
}
