import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { hashToken } from './tokens';

/** Who is calling, resolved from `X-Access-Token` and `tenant-id` on every request. */
export interface AuthContext {
  userId: string;
  username: string;
  realname: string;
  /** Effective tenant of this request: the `tenant-id` header when non-zero, else the session's. */
  tenantId: number;
  /** Tenant stored with the session (chosen at login or by selectTenant). */
  sessionTenantId: number;
  orgCode: string | null;
  tokenHash: string;
}

interface SessionRow {
  user_id: string;
  session_tenant: number;
  username: string;
  realname: string;
  org_code: string | null;
  status: number;
  del_flag: number;
  expired: boolean;
  revoked: boolean;
}

interface TenantRow {
  status: number;
  expired: boolean;
}

/**
 * Verifies a token and the requested tenant (SPEC §7 headers, issue #2 Auth API).
 * @param tenantHeader raw `tenant-id` header; absent, empty or '0' means the session's tenant.
 * @throws AppError unauthorized (missing, unknown, revoked or expired token; frozen user),
 *   forbidden (tenant the user does not belong to, or an expired / frozen tenant).
 */
export async function resolveAuth(db: Db, token: string | undefined, tenantHeader: string | undefined): Promise<AuthContext> {
  if (!token) throw new AppError('unauthorized', 'unauthorized');
  const tokenHash = hashToken(token);
  const row = await db.one<SessionRow>(
    `SELECT s.user_id, s.tenant_id AS session_tenant, u.username, u.realname, u.org_code, u.status, u.del_flag,
            s.expires_at < now() AS expired, s.revoked_at IS NOT NULL AS revoked
       FROM sys_session s JOIN sys_user u ON u.id = s.user_id
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
  if (!row || row.revoked) throw new AppError('unauthorized', 'tokenInvalid');
  if (row.expired) throw new AppError('unauthorized', 'loginExpired');
  if (row.status !== 1 || row.del_flag !== 0) throw new AppError('unauthorized', 'accountFrozen');
  const requested = parseTenantHeader(tenantHeader);
  const tenantId = requested ?? row.session_tenant;
  const tenant = await db.one<TenantRow>(
    `SELECT t.status, (t.end_date IS NOT NULL AND t.end_date < now()) AS expired
       FROM sys_user_tenant ut JOIN sys_tenant t ON t.id = ut.tenant_id
      WHERE ut.user_id = $1 AND ut.tenant_id = $2`,
    [row.user_id, tenantId],
  );
  if (!tenant) throw new AppError('forbidden', 'tenantRefused');
  if (tenant.expired || tenant.status !== 1) throw new AppError('forbidden', 'tenantExpired');
  return {
    userId: row.user_id,
    username: row.username,
    realname: row.realname,
    tenantId,
    sessionTenantId: row.session_tenant,
    orgCode: row.org_code,
    tokenHash,
  };
}

function parseTenantHeader(value: string | undefined): number | undefined {
  if (value === undefined || value === '' || value === '0') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new AppError('forbidden', 'tenantRefused');
  return n;
}

/**
 * SQL of the ids of the permissions (menus and buttons) a user holds in a tenant (SPEC §6), with
 * `$1` the user id and `$2` the tenant id. Two paths:
 * - tenant roles: the permissions of the roles the user holds in the tenant (`sys_user_role`);
 * - department roles (issue #4 "department roles"; SPEC §6 "departments have role rights",
 *   §7 saveDepartPermission): the permissions of the department roles the user is given, for
 *   departments of the tenant the user belongs to, and only those the department itself holds
 *   (`sys_depart_permission`). Taking a permission from a department therefore takes it at
 *   once from every member who had it through the department; leaving the department ends it.
 */
export const GRANTED_PERMISSION_IDS_SQL = `
  SELECT rp.permission_id
    FROM sys_user_role ur
    JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = $2
    JOIN sys_role_permission rp ON rp.role_id = r.id
   WHERE ur.user_id = $1
  UNION
  SELECT drp.permission_id
    FROM sys_depart_role_user dru
    JOIN sys_depart_role dr ON dr.id = dru.role_id AND dr.tenant_id = $2
    JOIN sys_depart d ON d.id = dr.depart_id AND d.del_flag = 0
    JOIN sys_user_depart ud ON ud.dep_id = dr.depart_id AND ud.user_id = dru.user_id
    JOIN sys_depart_role_permission drp ON drp.role_id = dr.id
    JOIN sys_depart_permission dp ON dp.depart_id = dr.depart_id AND dp.permission_id = drp.permission_id
   WHERE dru.user_id = $1`;

/**
 * Permission codes (`perms` of enabled menus and buttons) granted to the user in `tenantId`
 * through its roles and its department roles ({@link GRANTED_PERMISSION_IDS_SQL}, SPEC §6): the
 * set every server-side permission check (code 510) uses.
 */
export async function loadPermissionCodes(db: Db, userId: string, tenantId: number): Promise<Set<string>> {
  const rows = await db.query<{ perms: string }>(
    `SELECT DISTINCT p.perms
       FROM sys_permission p
      WHERE p.id IN (${GRANTED_PERMISSION_IDS_SQL}) AND p.perms IS NOT NULL AND p.status = '1' AND p.del_flag = 0`,
    [userId, tenantId],
  );
  const codes = new Set<string>();
  for (const r of rows) for (const code of r.perms.split(',')) if (code.trim()) codes.add(code.trim());
  return codes;
}
