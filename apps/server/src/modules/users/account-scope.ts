import { formatMessage, type Language } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ListCaller } from '../../platform/list/list-spec';
import { PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { accountNamed, anyInOtherTenant, inOtherTenant, memberNamed } from './users.repo';

/*
 * The tenant boundary of user accounts (SPEC §6).
 *
 * An account (`sys_user`: name, password, profile fields, status, recycle-bin flag) is global:
 * sign-in has no tenant. Its memberships (`sys_user_tenant`, and the `sys_user_role` /
 * `sys_user_depart` rows of each tenant's roles and departments) are per tenant. So:
 *
 * - Account-level operations — edit of profile fields, password reset, freeze/unfreeze,
 *   recycle, restore, purge — on an account that is also a member of any tenant other than the
 *   caller's current one are refused with `noPermission accountOtherTenants` (code 510), unless
 *   the caller acts in the platform tenant. Since the platform tenant is itself "another tenant"
 *   for everybody else, an account of the platform tenant (the platform administrator) can be
 *   changed only from the platform tenant. Accounts outside the caller's tenant are not visible at
 *   all (notFound, the list machinery's tenant scope).
 * - Membership operations stay with each tenant: a tenant administrator may change the roles and
 *   departments of a member *inside their own tenant* (the rows of their tenant only), including
 *   a shared account's, as long as the account-level fields sent are unchanged.
 * - Account names: sign-in has no tenant, so names stay globally unique. `checkOnlyUser` answers
 *   within the caller's tenant only (a member of this tenant → userExists, a reserved name →
 *   usernameUnavailable, anything else → free). Creating an account whose name is taken outside
 *   the caller's tenant fails with the generic `usernameUnavailable`, the same answer as a reserved
 *   name, so the answer does not by itself say "this account exists elsewhere"; the probe costs a
 *   real creation attempt with `user:add` and is written to the operation log.
 */

/**
 * Names never given to a new account, answered like a name taken elsewhere. They make
 * `usernameUnavailable` a generic refusal (not proof that an account exists) and keep
 * administrator-looking names away from tenants.
 */
const RESERVED_USERNAMES = new Set(['admin', 'administrator', 'root', 'system', 'sysadmin', 'superadmin', 'platform']);

/** True when the caller acts in the platform tenant (the only place shared accounts are changed). */
export function actsInPlatform(caller: Pick<ListCaller, 'tenantId'>): boolean {
  return caller.tenantId === PLATFORM_TENANT_ID;
}

/**
 * Refuses account-level changes of accounts that also belong to a tenant other than the caller's
 * (see the policy above). `ids` must already be visible to the caller (members of its tenant).
 * @throws AppError noPermission accountOtherTenants (code 510).
 */
export async function requireAccountScope(q: Queryable, ids: string[], caller: ListCaller): Promise<void> {
  if (ids.length === 0 || actsInPlatform(caller)) return;
  if (await anyInOtherTenant(q, ids, caller.tenantId)) throw new AppError('noPermission', 'accountOtherTenants');
}

/** True when the account also belongs to a tenant other than the caller's and the caller is not the platform. */
export async function isForeignShared(q: Queryable, id: string, caller: ListCaller): Promise<boolean> {
  if (actsInPlatform(caller)) return false;
  return inOtherTenant(q, id, caller.tenantId);
}

/**
 * `checkOnlyUser` within a tenant (SPEC §5 "user name already exists"): only members of
 * `tenantId` (recycle bin included) and reserved names count; an account of another tenant is
 * not revealed.
 * @throws AppError conflict userExists, conflict usernameUnavailable (reserved name).
 */
export async function checkUsernameInTenant(
  q: Queryable,
  username: string,
  tenantId: number,
  exceptId?: string,
): Promise<void> {
  if (await memberNamed(q, username, tenantId, exceptId)) throw new AppError('conflict', 'userExists');
  if (RESERVED_USERNAMES.has(username.toLowerCase())) throw new AppError('conflict', 'usernameUnavailable');
}

/**
 * Refuses a name for a new account of `tenantId`: taken by a member of that tenant → userExists;
 * reserved or taken by any other account → usernameUnavailable (names are global, see above).
 * @throws AppError conflict userExists / usernameUnavailable.
 */
export async function requireUsernameFree(q: Queryable, username: string, tenantId: number): Promise<void> {
  await checkUsernameInTenant(q, username, tenantId);
  if (await accountNamed(q, username)) throw new AppError('conflict', 'usernameUnavailable');
}

/**
 * Runs `work`; a refused account name comes back as the same error carrying a translated field
 * error on `field`, so forms show it beside the name (SPEC §8 field errors).
 */
export async function withUsernameField<T>(work: () => Promise<T>, field: string, lang: Language): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && (err.messageKey === 'userExists' || err.messageKey === 'usernameUnavailable')) {
      throw new AppError(err.kind, err.messageKey, err.params, [
        { field, message: formatMessage(err.messageKey, lang) },
      ]);
    }
    throw err;
  }
}
