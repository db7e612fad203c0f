import type { Queryable } from '../db/db';

/**
 * Which of the ids a request refers to are not rows of the caller's tenant (devices, device groups,
 * console users): services turn the first one into a field error, so a foreign or unknown id is
 * refused before anything is written (ARCHITECTURE §4, scope on every query).
 */

/** Ids of `ids` that are not found by `sql` (which selects `id` for `$1` tenant and `$2::text[]` ids). */
export async function missingIds(
  q: Queryable,
  sql: string,
  tenantId: number,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await q.query<{ id: string }>(sql, [tenantId, unique]);
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}

/** Device numbers of `ids` that are not devices of `tenantId`. */
export function devicesNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missingIds(
    q,
    'SELECT dev_no AS id FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[])',
    tenantId,
    ids,
  );
}

/** Device group ids of `ids` that are not groups of `tenantId`. */
export function deviceGroupsNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missingIds(q, 'SELECT id FROM device_group WHERE tenant_id = $1 AND id = ANY($2::text[])', tenantId, ids);
}

/** User ids of `ids` that are not (undeleted) console users of `tenantId`. */
export function usersNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missingIds(
    q,
    'SELECT u.id FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1 WHERE u.id = ANY($2::text[]) AND u.del_flag = 0',
    tenantId,
    ids,
  );
}
