import type { Language } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { fieldFailure } from '../../../platform/http/field-errors';
import { missingIds } from '../../../platform/tenancy/tenant-refs';

/**
 * Checks that the recipient groups a rule template or scene names belong to the caller's
 * tenant (the generic device, group and user checks are platform/tenancy/tenant-refs.ts). A failure is a
 * field-level error (code 400) whose message names the first foreign or unknown id.
 */

/** Recipient group ids of `ids` that are not recipient groups of `tenantId`. */
export function userGroupsNotInTenant(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  return missingIds(q, 'SELECT id FROM alarm_user_group WHERE tenant_id = $1 AND id = ANY($2::text[])', tenantId, ids);
}

/**
 * Refuses recipient groups of another tenant in a rule's `notify` (field `<prefix>groupIds` /
 * `<prefix>escalateGroupIds`, message userGroupNotFound).
 * @throws AppError badRequest with the field error.
 */
export async function checkNotifyGroups(
  q: Queryable,
  lang: Language,
  tenantId: number,
  notify: { groupIds: string[]; escalateGroupIds: string[] },
  prefix = 'notify.',
): Promise<void> {
  for (const key of ['groupIds', 'escalateGroupIds'] as const) {
    const [bad] = await userGroupsNotInTenant(q, tenantId, notify[key]);
    if (bad !== undefined) throw fieldFailure(lang, `${prefix}${key}`, 'userGroupNotFound');
  }
}
