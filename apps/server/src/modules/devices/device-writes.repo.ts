import type { Queryable } from '../../platform/db/db';

/**
 * Device write queries of the console calls (CONVENTIONS §1 repo): `device` settings and the
 * `device_log` journal. Every device statement carries the tenant; `by` = user name.
 */

/** One `device_log` line: kind `command` | `config`; `ok` null = not known yet. */
export interface DeviceLogEntry {
  deviceId: string;
  tenantId: number;
  kind: 'command' | 'config';
  cmdId?: string;
  content: string;
  ok?: boolean | null;
  operator?: string;
}

/** Appends a device log line. */
export async function insertDeviceLog(q: Queryable, entry: DeviceLogEntry): Promise<void> {
  await q.query(
    `INSERT INTO device_log (device_id, tenant_id, kind, cmd_id, content, ok, operator) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
    [
      entry.deviceId,
      entry.tenantId,
      entry.kind,
      entry.cmdId ?? null,
      entry.content,
      entry.ok ?? null,
      entry.operator ?? null,
    ],
  );
}

/**
 * Updates a device of the tenant: each given field (null = unchanged) replaces the stored one,
 * `workWindows` as JSON text; `periods` (JSON text of an object) is merged into the stored periods.
 */
export async function updateDeviceSettings(
  q: Queryable,
  tenantId: number,
  id: string,
  s: {
    name: string | null;
    alias: string | null;
    workStatus: string | null;
    workWindows: string | null;
    periods: string;
  },
  by: string,
): Promise<void> {
  await q.query(
    `UPDATE device SET name = COALESCE($3, name), alias = COALESCE($4, alias), work_status = COALESCE($5, work_status),
         work_windows = COALESCE($6::jsonb, work_windows), periods = periods || $7::jsonb, update_by = $8, update_time = now()
       WHERE tenant_id = $1 AND dev_no = $2`,
    [tenantId, id, s.name, s.alias, s.workStatus, s.workWindows, s.periods, by],
  );
}

/** Sets the alias of a device of the tenant (null clears it). */
export async function updateAlias(
  q: Queryable,
  tenantId: number,
  id: string,
  alias: string | null,
  by: string,
): Promise<void> {
  await q.query(
    `UPDATE device SET alias = $3, update_by = $4, update_time = now() WHERE tenant_id = $1 AND dev_no = $2`,
    [tenantId, id, alias, by],
  );
}

/** True when group `groupId` belongs to the tenant. */
export async function groupOfTenant(q: Queryable, tenantId: number, groupId: string): Promise<boolean> {
  const [g] = await q.query('SELECT 1 FROM device_group WHERE tenant_id = $1 AND id = $2', [tenantId, groupId]);
  return g !== undefined;
}

/**
 * Updates name, firmware and binding state of a device of the tenant (null = unchanged) and, when
 * `setGroup`, its group (`groupId`, null = none).
 */
export async function updateDeviceInfo(
  q: Queryable,
  tenantId: number,
  id: string,
  s: {
    name: string | null;
    firmware: string | null;
    bindStatus: string | null;
    setGroup: boolean;
    groupId: string | null;
  },
  by: string,
): Promise<void> {
  await q.query(
    `UPDATE device SET name = COALESCE($3, name), firmware = COALESCE($4, firmware), bind_status = COALESCE($5, bind_status),
       group_id = CASE WHEN $6 THEN $7 ELSE group_id END, update_by = $8, update_time = now()
     WHERE tenant_id = $1 AND dev_no = $2`,
    [tenantId, id, s.name, s.firmware, s.bindStatus, s.setGroup, s.groupId, by],
  );
}
