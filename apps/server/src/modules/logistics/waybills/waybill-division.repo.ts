import type { Queryable } from '../../../platform/db/db';

/**
 * Division queries of the waybill calls (CONVENTIONS §1 repo; the rule is in waybill-division.ts):
 * a division is an org-code subtree, a device is in it when its `device.org_code` starts with the
 * division's code, a waybill when every device currently on it is.
 */

/**
 * SQL predicate "waybill `w` is in the division whose org code is the parameter `param`": no device
 * currently on it lies outside the subtree (a device without org code lies outside every division).
 */
export function waybillInDivisionSql(param: string): string {
  return `NOT EXISTS (SELECT 1 FROM waybill_device wdv JOIN device dv ON dv.dev_no = wdv.dev_no
    WHERE wdv.waybill_id = w.id AND wdv.removed_at IS NULL AND NOT starts_with(coalesce(dv.org_code, ''), ${param}))`;
}

/** True when the tenant has an undeleted department with org code `orgCode`. */
export async function liveDepartWithCode(q: Queryable, tenantId: number, orgCode: string): Promise<boolean> {
  const [dep] = await q.query('SELECT 1 FROM sys_depart WHERE tenant_id = $1 AND org_code = $2 AND del_flag = 0', [
    tenantId,
    orgCode,
  ]);
  return dep !== undefined;
}

/** Whether waybill `id` lies in the division `division`; undefined when there is no such waybill. */
export async function waybillInDivision(q: Queryable, id: string, division: string): Promise<boolean | undefined> {
  const [row] = await q.query<{ inside: boolean }>(
    `SELECT ${waybillInDivisionSql('$2')} AS inside FROM waybill w WHERE w.id = $1`,
    [id, division],
  );
  return row?.inside;
}

/** The first (by number) of the tenant's devices `deviceIds` outside division `division`, or undefined. */
export async function firstDeviceOutsideDivision(
  q: Queryable,
  tenantId: number,
  deviceIds: readonly string[],
  division: string,
): Promise<string | undefined> {
  const [out] = await q.query<{ dev_no: string }>(
    `SELECT dev_no FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[]) AND NOT starts_with(coalesce(org_code, ''), $3) ORDER BY dev_no LIMIT 1`,
    [tenantId, [...deviceIds], division],
  );
  return out?.dev_no;
}
