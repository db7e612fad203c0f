import { formatMessage, type Language, type MessageKey } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';

/**
 * Checks that ids a rule template, recipient group or scene refers to belong to the caller's
 * tenant (issue 9: devices, device groups, recipient groups, console users). A failure is a
 * field-level error (code 400) whose message names the first foreign or unknown id.
 */

/** A 400 with one translated field error (`field` is the body path, e.g. `members.0.userId`). */
export function fieldFailure(lang: Language, field: string, key: MessageKey, params: Record<string, string | number> = {}): AppError {
  return new AppError('badRequest', key, params, [{ field, message: formatMessage(key, lang, params) }]);
}

/** A conflict (name taken) carrying the field error on `name`. */
export function nameTaken(lang: Language, key: MessageKey): AppError {
  return new AppError('conflict', key, {}, [{ field: 'name', message: formatMessage(key, lang) }]);
}

/** Ids of `ids` that are not found by `sql` (which selects `id` for `$1` tenant and `$2::text[]` ids). */
async function missing(q: Queryable, sql: string, tenantId: number, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await q.query<{ id: string }>(sql, [tenantId, unique]);
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}

/** Device numbers of `ids` that are not devices of `tenantId`. */
export function devicesNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missing(q, 'SELECT dev_no AS id FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[])', tenantId, ids);
}

/** Device group ids of `ids` that are not groups of `tenantId`. */
export function deviceGroupsNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missing(q, 'SELECT id FROM device_group WHERE tenant_id = $1 AND id = ANY($2::text[])', tenantId, ids);
}

/** Recipient group ids of `ids` that are not recipient groups of `tenantId`. */
export function userGroupsNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missing(q, 'SELECT id FROM alarm_user_group WHERE tenant_id = $1 AND id = ANY($2::text[])', tenantId, ids);
}

/** User ids of `ids` that are not (undeleted) console users of `tenantId`. */
export function usersNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missing(
    q,
    'SELECT u.id FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1 WHERE u.id = ANY($2::text[]) AND u.del_flag = 0',
    tenantId,
    ids,
  );
}

/**
 * Refuses recipient groups of another tenant in a rule's `notify` (field `<prefix>groupIds` /
 * `<prefix>escalateGroupIds`, message userGroupNotFound).
 * @throws AppError badRequest with the field error.
 */
export async function checkNotifyGroups(q: Queryable, lang: Language, tenantId: number, notify: { groupIds: string[]; escalateGroupIds: string[] }, prefix = 'notify.'): Promise<void> {
  for (const key of ['groupIds', 'escalateGroupIds'] as const) {
    const [bad] = await userGroupsNotInTenant(q, tenantId, notify[key]);
    if (bad !== undefined) throw fieldFailure(lang, `${prefix}${key}`, 'userGroupNotFound');
  }
}

/** Ids of a `?ids=a,b` query, trimmed, empty parts dropped. */
export function splitIds(ids: string): string[] {
  return [...new Set(ids.split(',').map((s) => s.trim()).filter(Boolean))];
}
