import type { Queryable } from '../../platform/db/db';

/** SQL of the meter energy calls (devices, warehouses, raw counter readings). */

/** A meter device row. */
export interface MeterRow {
  dev_no: string;
  name: string;
  alias: string | null;
  model: string;
}

/** Devices of the tenant among `ids` (any model; the caller keeps the meters). */
export async function devicesOf(q: Queryable, tenantId: number, ids: readonly string[]): Promise<MeterRow[]> {
  return q.query<MeterRow>(
    'SELECT dev_no, name, alias, model FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[])',
    [tenantId, ids],
  );
}

/** Warehouse `id` of the tenant, or undefined. */
export async function warehouseOf(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  const [w] = await q.query<{ id: string; name: string }>(
    'SELECT id, name FROM warehouse WHERE tenant_id = $1 AND id = $2',
    [tenantId, id],
  );
  return w;
}

/** Devices of a warehouse of the tenant, by device id. */
export async function warehouseDevices(q: Queryable, tenantId: number, warehouseId: string): Promise<MeterRow[]> {
  return q.query<MeterRow>(
    `SELECT d.dev_no, d.name, d.alias, d.model FROM warehouse_device wd JOIN device d ON d.dev_no = wd.dev_no AND d.tenant_id = $1
      WHERE wd.warehouse_id = $2 ORDER BY d.dev_no`,
    [tenantId, warehouseId],
  );
}

/**
 * The counter P054 readings (ms, kWh as read) of a device in `[from, to)` plus the reading just
 * before and just after (one index range scan; they carry the consumption across the edges).
 */
export async function counterReadings(
  q: Queryable,
  deviceId: string,
  from: number,
  to: number,
): Promise<{ ts: number; value: number }[]> {
  const rows = await q.query<{ ts: string | number; v: number }>(
    `(SELECT ts, ("values" ->> 'P054')::float8 AS v FROM telemetry WHERE device_id = $1 AND ts < $2 AND jsonb_typeof("values" -> 'P054') = 'number' ORDER BY ts DESC LIMIT 1)
     UNION ALL
     (SELECT ts, ("values" ->> 'P054')::float8 FROM telemetry WHERE device_id = $1 AND ts >= $2 AND ts < $3 AND jsonb_typeof("values" -> 'P054') = 'number')
     UNION ALL
     (SELECT ts, ("values" ->> 'P054')::float8 FROM telemetry WHERE device_id = $1 AND ts >= $3 AND jsonb_typeof("values" -> 'P054') = 'number' ORDER BY ts LIMIT 1)`,
    [deviceId, from, to],
  );
  return rows.map((r) => ({ ts: Number(r.ts), value: Number(r.v) }));
}

/** Highest active power P053 (W as read) per device among `ids` in `[from, to)` ms; devices without readings absent. */
export async function peakPowers(
  q: Queryable,
  ids: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, number>> {
  const rows = await q.query<{ device_id: string; w: number }>(
    `SELECT device_id, max(("values" ->> 'P053')::float8) AS w FROM telemetry
      WHERE device_id = ANY($1::text[]) AND ts >= $2 AND ts < $3 AND jsonb_typeof("values" -> 'P053') = 'number'
      GROUP BY device_id`,
    [ids, from, to],
  );
  return new Map(rows.map((r) => [r.device_id, Number(r.w)]));
}
