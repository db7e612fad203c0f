import type { Queryable } from '../../platform/db/db';
import { DEVICE_SELECT, textFilterSql, type DeviceRow } from './devices.repo';

/**
 * Device group queries (CONVENTIONS §1 repo): table `device_group` and the `group_id` of
 * `device`. Every statement carries the caller's tenant, so another tenant's group is simply not
 * found. Times are ms epoch out.
 */

/** A group row with its device count and creation time (ms). */
export interface GroupRow {
  id: string;
  name: string;
  device_count: number;
  create_ms: number | string;
}

const GROUP_SELECT = `SELECT g.id, g.name, (SELECT count(*)::int FROM device d WHERE d.group_id = g.id) AS device_count,
  (extract(epoch FROM g.create_time) * 1000)::float8 AS create_ms FROM device_group g`;

/** One group of the tenant; undefined when not found. */
export async function selectGroup(q: Queryable, tenantId: number, id: string): Promise<GroupRow | undefined> {
  const [row] = await q.query<GroupRow>(`${GROUP_SELECT} WHERE g.tenant_id = $1 AND g.id = $2`, [tenantId, id]);
  return row;
}

/** True when another group of the tenant (not `exceptId`; null = none excepted) has `name`. */
export async function groupNameTaken(
  q: Queryable,
  tenantId: number,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const [taken] = await q.query(
    'SELECT 1 FROM device_group WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, name, exceptId],
  );
  return taken !== undefined;
}

/**
 * A page of the tenant's groups whose name contains `name` (when given), by creation time
 * (`order` asc, else desc) then id, and the total count.
 */
export async function groupPage(
  q: Queryable,
  tenantId: number,
  query: { name?: string; order?: string; pageNo: number; pageSize: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  const params: unknown[] = [tenantId];
  let where = 'g.tenant_id = $1';
  if (query.name) where += ` AND ${textFilterSql(['g.name'], query.name, params)}`;
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_group g WHERE ${where}`, params);
  const rows = await q.query<GroupRow>(
    `${GROUP_SELECT} WHERE ${where} ORDER BY g.create_time ${query.order === 'asc' ? 'ASC' : 'DESC'}, g.id
       LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
    params,
  );
  return { rows, total: c?.n ?? 0 };
}

/** Inserts a group of the tenant in department `orgCode` by user name `by`; returns its id. */
export async function insertGroup(
  q: Queryable,
  tenantId: number,
  name: string,
  orgCode: string | null,
  by: string,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO device_group (tenant_id, name, org_code, create_by) VALUES ($1,$2,$3,$4) RETURNING id',
    [tenantId, name, orgCode, by],
  );
  return row!.id;
}

/** Renames a group of the tenant; `by` = user name. */
export async function renameGroup(q: Queryable, tenantId: number, id: string, name: string, by: string) {
  await q.query(
    'UPDATE device_group SET name = $3, update_by = $4, update_time = now() WHERE tenant_id = $1 AND id = $2',
    [tenantId, id, name, by],
  );
}

/** Deletes a group of the tenant. */
export async function deleteGroupRow(q: Queryable, tenantId: number, id: string): Promise<void> {
  await q.query('DELETE FROM device_group WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}

/** A page of the group's devices by id (online at `now` ms) and their total count. */
export async function groupDevicePage(
  q: Queryable,
  tenantId: number,
  groupId: string,
  pageNo: number,
  pageSize: number,
  now: number,
): Promise<{ rows: DeviceRow[]; total: number }> {
  const [c] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM device WHERE tenant_id = $1 AND group_id = $2',
    [tenantId, groupId],
  );
  const rows = await q.query<DeviceRow>(
    `${DEVICE_SELECT} WHERE d.tenant_id = $1 AND d.group_id = $3 ORDER BY d.dev_no LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`,
    [tenantId, now, groupId],
  );
  return { rows, total: c?.n ?? 0 };
}

/** Makes `deviceIds` (of the tenant) the group's devices: the others leave it. Run in a transaction. */
export async function setGroupDevices(
  q: Queryable,
  tenantId: number,
  groupId: string,
  deviceIds: readonly string[],
): Promise<void> {
  await q.query(
    'UPDATE device SET group_id = NULL WHERE tenant_id = $1 AND group_id = $2 AND NOT (dev_no = ANY($3::text[]))',
    [tenantId, groupId, deviceIds],
  );
  await q.query('UPDATE device SET group_id = $2 WHERE tenant_id = $1 AND dev_no = ANY($3::text[])', [
    tenantId,
    groupId,
    deviceIds,
  ]);
}
