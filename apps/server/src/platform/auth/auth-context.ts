import type { Language } from '@ztj/contracts';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { accessCache } from './access-cache';
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
  /** Language of the request (Accept-Language), set by `authenticate`: list dictionary texts use it. */
  lang?: Language;
}

interface SessionRow {
  user_id: string;
  session_tenant: number;
  username: string;
  realname: string;
  org_code: string | null;
  status: number;
  del_flag: number;
  revoked: boolean;
  /** ms until the session expires, by the database clock. */
  expires_in_ms: number;
  /** The user belongs to the effective tenant (`sys_user_tenant`). */
  member: boolean;
  tenant_status: number | null;
  /** ms until the tenant's end date, by the database clock; null when it has none. */
  tenant_end_in_ms: number | null;
}

/** A session row with its deadlines turned into this process's clock (ms since the epoch). */
interface Session extends SessionRow {
  expiresAt: number;
  tenantEndAt: number;
}

/**
 * One round trip for the session, its user and the effective tenant: `$1` token hash, `$2` the
 * requested tenant (null → the session's).
 */
const SESSION_SQL = `
  SELECT s.user_id, s.tenant_id AS session_tenant, u.username, u.realname, u.org_code, u.status, u.del_flag,
         s.revoked_at IS NOT NULL AS revoked, (extract(epoch FROM s.expires_at - now()) * 1000)::float8 AS expires_in_ms,
         ut.user_id IS NOT NULL AS member, t.status AS tenant_status,
         (extract(epoch FROM t.end_date - now()) * 1000)::float8 AS tenant_end_in_ms
    FROM sys_session s
    JOIN sys_user u ON u.id = s.user_id
    LEFT JOIN sys_user_tenant ut ON ut.user_id = s.user_id AND ut.tenant_id = COALESCE($2::int, s.tenant_id)
    LEFT JOIN sys_tenant t ON t.id = ut.tenant_id
   WHERE s.token_hash = $1`;

/**
 * Verifies a token and the requested tenant (SPEC §7 headers). One database
 * round trip, or none while an accepted answer is in the `AccessCache` (access-cache.ts) (at most
 * `ACCESS_CACHE_TTL_MS` old and never past the session's expiry or the tenant's end date;
 * changes written through this process empty the cache at once). A refused token is never cached.
 * @param tenantHeader raw `tenant-id` header; absent, empty or '0' means the session's tenant.
 * @throws AppError unauthorized (missing, unknown, revoked or expired token; frozen user),
 *   forbidden (tenant the user does not belong to, or an expired / frozen tenant).
 */
export async function resolveAuth(
  db: Db,
  token: string | undefined,
  tenantHeader: string | undefined,
): Promise<AuthContext> {
  if (!token) throw new AppError('unauthorized', 'unauthorized');
  const tokenHash = hashToken(token);
  const requested = parseTenantHeader(tenantHeader);
  const cache = accessCache(db);
  const row = await cache.through<Session | undefined>(
    'sessions',
    `${tokenHash}|${requested ?? ''}`,
    async () => {
      const found = await db.one<SessionRow>(SESSION_SQL, [tokenHash, requested ?? null]);
      if (!found) return undefined;
      const now = Date.now();
      return {
        ...found,
        expiresAt: now + found.expires_in_ms,
        tenantEndAt: found.tenant_end_in_ms === null ? Infinity : now + found.tenant_end_in_ms,
      };
    },
    (s) => (s && refusal(s, Date.now()) === undefined ? Math.min(s.expiresAt, s.tenantEndAt) : 0),
  );
  if (!row) throw new AppError('unauthorized', 'tokenInvalid');
  const refused = refusal(row, Date.now());
  if (refused) throw refused;
  return {
    userId: row.user_id,
    username: row.username,
    realname: row.realname,
    tenantId: requested ?? row.session_tenant,
    sessionTenantId: row.session_tenant,
    orgCode: row.org_code,
    tokenHash,
  };
}

/** Why a session is refused at `now` (in the order the checks were always made), or undefined. */
function refusal(s: Session, now: number): AppError | undefined {
  if (s.revoked) return new AppError('unauthorized', 'tokenInvalid');
  if (s.expiresAt <= now) return new AppError('unauthorized', 'loginExpired');
  if (s.status !== 1 || s.del_flag !== 0) return new AppError('unauthorized', 'accountFrozen');
  if (!s.member) return new AppError('forbidden', 'tenantRefused');
  if (s.tenantEndAt < now || s.tenant_status !== 1) return new AppError('forbidden', 'tenantExpired');
  return undefined;
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
 * - department roles (SPEC §6 "departments have role rights",
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
 * set every server-side permission check (code 510) uses. Served from the `AccessCache` (access-cache.ts)
 * (at most `ACCESS_CACHE_TTL_MS` old; emptied at once by changes written through this
 * process), so the set is shared and must not be modified.
 */
export function loadPermissionCodes(db: Db, userId: string, tenantId: number): Promise<ReadonlySet<string>> {
  return accessCache(db).through('permissions', `${userId}|${tenantId}`, () =>
    queryPermissionCodes(db, userId, tenantId),
  );
}

async function queryPermissionCodes(db: Db, userId: string, tenantId: number): Promise<ReadonlySet<string>> {
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
