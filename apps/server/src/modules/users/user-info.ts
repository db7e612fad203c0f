import type { UserInfo } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';

/** A `sys_user` row as the sign-in reads it. */
export interface UserRow {
  id: string;
  username: string;
  realname: string;
  password_hash: string;
  avatar: string | null;
  org_code: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  status: number;
  user_identity: number;
  login_tenant_id: number | null;
  last_sign_in_at: Date | null;
}

/** The session user's info (SPEC §3 "Session user"). */
export async function userInfo(q: Queryable, userId: string, tenantId: number): Promise<UserInfo> {
  const [u] = await q.query<UserRow & { org_code_txt: string | null }>(
    `SELECT u.*, d.depart_name AS org_code_txt FROM sys_user u LEFT JOIN sys_depart d ON d.org_code = u.org_code WHERE u.id = $1`,
    [userId],
  );
  if (!u) throw new AppError('unauthorized', 'tokenInvalid');
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    orgCode: u.org_code,
    orgCodeTxt: u.org_code_txt,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    status: u.status,
    userIdentity: u.user_identity,
    loginTenantId: tenantId,
  };
}
