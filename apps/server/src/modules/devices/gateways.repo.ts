import type { Queryable } from '../../platform/db/db';
import { DEVICE_SELECT, onlineSql, textFilterSql, type DeviceRow } from './devices.repo';

/**
 * Gateway queries (CONVENTIONS §1 repo): table `gateway` joined to its own `device` row, scoped to
 * the tenant. `now` (ms epoch) decides online state.
 */

/** A gateway with its model, online state, last report (ms) and sub-device count. */
export interface GatewayRow {
  id: string;
  name: string;
  note: string | null;
  address: string | null;
  model: string;
  online: boolean;
  last_ts: number | string | null;
  sub_count: number;
}

const SELECT = `SELECT gw.id, gw.name, gw.note, gw.address, d.model, ${onlineSql('$2')} AS online, d.last_ts,
  (SELECT count(*)::int FROM device s WHERE s.gateway_id = gw.id) AS sub_count
  FROM gateway gw JOIN device d ON d.dev_no = gw.id`;

/** A page of the tenant's gateways whose name / id contain the given texts, newest first, and their total. */
export async function gatewayPage(
  q: Queryable,
  tenantId: number,
  now: number,
  query: { name?: string | undefined; id?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: GatewayRow[]; total: number }> {
  const params: unknown[] = [tenantId, now];
  let where = 'gw.tenant_id = $1';
  if (query.name) where += ` AND ${textFilterSql(['gw.name'], query.name, params)}`;
  if (query.id) where += ` AND ${textFilterSql(['gw.id'], query.id, params)}`;
  const [c] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM gateway gw WHERE ${where} AND $2::bigint > 0`,
    params,
  );
  const rows = await q.query<GatewayRow>(
    `${SELECT} WHERE ${where} ORDER BY gw.create_time DESC, gw.id LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
    params,
  );
  return { rows, total: c?.n ?? 0 };
}

/** One gateway of the tenant, or undefined. */
export async function gatewayRow(
  q: Queryable,
  tenantId: number,
  now: number,
  id: string,
): Promise<GatewayRow | undefined> {
  const [row] = await q.query<GatewayRow>(`${SELECT} WHERE gw.tenant_id = $1 AND gw.id = $3`, [tenantId, now, id]);
  return row;
}

/** The tenant's devices behind gateway `id`, by device number. */
export async function subDeviceRows(q: Queryable, tenantId: number, now: number, id: string): Promise<DeviceRow[]> {
  return q.query<DeviceRow>(`${DEVICE_SELECT} WHERE d.tenant_id = $1 AND d.gateway_id = $3 ORDER BY d.dev_no`, [
    tenantId,
    now,
    id,
  ]);
}
