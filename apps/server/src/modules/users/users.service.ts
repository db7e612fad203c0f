import {
  splitIds,
  type UserCreate,
  type UserEdit,
  type UserNotificationSettings,
  type UserProfile,
  type UserProfileRecord,
  type UserSettings,
} from '@ztj/contracts';
import { hashPassword } from '../../platform/auth/tokens';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import type { ListCaller } from '../../platform/list/list-spec';
import { isForeignShared, requireAccountScope, requireUsernameFree } from './account-scope';
import { pushModes, USER_LIST, USER_RECYCLE_LIST } from './users.list';

const nullIfEmpty = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v === '' ? null : v;

/** Ids among `ids` that exist in `table` of the caller's tenant, all or notFound. */
async function tenantIds(
  q: Queryable,
  table: 'sys_role' | 'sys_depart',
  ids: string[],
  tenantId: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const extra = table === 'sys_depart' ? ' AND del_flag = 0' : '';
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE tenant_id = $1 AND id = ANY($2::text[])${extra}`,
    [tenantId, ids],
  );
  if (rows.length !== ids.length) throw new AppError('notFound', 'notFound');
  return ids;
}

/** Replaces the user's roles and departments inside the caller's tenant only. */
async function setMemberships(
  q: Queryable,
  userId: string,
  body: Pick<UserCreate, 'selectedroles' | 'selecteddeparts'>,
  tenantId: number,
): Promise<void> {
  if (body.selectedroles !== undefined) {
    const roles = await tenantIds(q, 'sys_role', splitIds(body.selectedroles), tenantId);
    await q.query(
      'DELETE FROM sys_user_role ur USING sys_role r WHERE r.id = ur.role_id AND r.tenant_id = $2 AND ur.user_id = $1',
      [userId, tenantId],
    );
    if (roles.length)
      await q.query('INSERT INTO sys_user_role (user_id, role_id) SELECT $1, unnest($2::text[])', [userId, roles]);
  }
  if (body.selecteddeparts !== undefined) {
    const departs = await tenantIds(q, 'sys_depart', splitIds(body.selecteddeparts), tenantId);
    await q.query(
      'DELETE FROM sys_user_depart ud USING sys_depart d WHERE d.id = ud.dep_id AND d.tenant_id = $2 AND ud.user_id = $1',
      [userId, tenantId],
    );
    if (departs.length)
      await q.query('INSERT INTO sys_user_depart (user_id, dep_id) SELECT $1, unnest($2::text[])', [userId, departs]);
    const [first] = await q.query<{ org_code: string }>(
      'SELECT org_code FROM sys_depart WHERE id = ANY($1::text[]) ORDER BY org_code LIMIT 1',
      [departs],
    );
    await q.query(
      `UPDATE sys_user SET org_code = $2 WHERE id = $1 AND (org_code IS NULL OR org_code NOT IN
         (SELECT d.org_code FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id WHERE ud.user_id = $1))`,
      [userId, first?.org_code ?? null],
    );
  }
}

const profile = (b: Omit<UserEdit, 'id'>): unknown[] => [
  b.realname,
  nullIfEmpty(b.workNo),
  b.sex ?? null,
  nullIfEmpty(b.birthday),
  nullIfEmpty(b.phone),
  nullIfEmpty(b.telephone),
  nullIfEmpty(b.email),
  nullIfEmpty(b.avatar),
  nullIfEmpty(b.post),
  b.userIdentity,
  nullIfEmpty(b.defaultMonitorAccount),
  b.onlyMultiLevelAlarm,
  b.alarmPushMode.join(','),
];

/**
 * Creates a user in the caller's tenant with roles and departments of that tenant (SPEC §3, §5).
 * @throws AppError conflict userExists (a member of this tenant has the name) or
 *   usernameUnavailable (reserved, or taken outside this tenant: see account-scope.ts);
 *   notFound for a role or department outside the tenant.
 */
export async function createUser(q: Queryable, body: UserCreate, caller: ListCaller): Promise<string> {
  await requireUsernameFree(q, body.username, caller.tenantId);
  const hash = await hashPassword(body.password);
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_user (realname, work_no, sex, birthday, phone, telephone, email, avatar, post, user_identity,
                           default_monitor_account, only_multi_alarm, alarm_push_mode, username, password_hash, login_tenant_id, create_by)
     VALUES ($1,$2,$3,$4::date,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) RETURNING id`,
    [...profile(body), body.username, hash, caller.tenantId, caller.username],
  );
  const id = row!.id;
  await q.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [id, caller.tenantId]);
  await setMemberships(q, id, body, caller.tenantId);
  return id;
}

/** True when saving `b` would change an account-level field of user `id` (values compared as stored). */
async function profileChanges(q: Queryable, id: string, b: Omit<UserEdit, 'id'>): Promise<boolean> {
  const [row] = await q.query<Record<string, unknown>>(
    `SELECT realname, work_no, sex, to_char(birthday, 'YYYY-MM-DD') AS birthday, phone, telephone, email, avatar, post, user_identity,
            default_monitor_account, only_multi_alarm, alarm_push_mode FROM sys_user WHERE id = $1`,
    [id],
  );
  const stored = Object.values(row ?? {});
  const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  const modes = (v: unknown): string =>
    pushModes(Array.isArray(v) ? v.join(',') : v)
      .sort()
      .join(',');
  return profile(b).some((v, i) => (i === 12 ? modes(v) !== modes(stored[i]) : text(v) !== text(stored[i])));
}

/**
 * Edits a user of the caller's tenant (SPEC §3, §5); another tenant's id is not found. Roles and
 * departments change only within the caller's tenant. For an account that also belongs to another
 * tenant, a caller outside the platform tenant may change only those memberships: the profile
 * fields sent must equal the stored ones (account-scope.ts).
 * @throws AppError notFound, noPermission accountOtherTenants.
 */
export async function editUser(db: Db, body: UserEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, USER_LIST, body.id, caller);
  await db.tx(async (q) => {
    if ((await isForeignShared(q, body.id, caller)) && (await profileChanges(q, body.id, body))) {
      throw new AppError('noPermission', 'accountOtherTenants');
    }
    await q.query(
      `UPDATE sys_user SET realname = $1, work_no = $2, sex = $3, birthday = $4::date, phone = $5, telephone = $6, email = $7,
              avatar = $8, post = $9, user_identity = $10, default_monitor_account = $11, only_multi_alarm = $12,
              alarm_push_mode = $13, update_by = $14, update_time = now() WHERE id = $15`,
      [...profile(body), caller.username, body.id],
    );
    await setMemberships(q, body.id, body, caller.tenantId);
  });
}

async function revokeSessions(q: Queryable, ids: string[]): Promise<void> {
  await q.query('UPDATE sys_session SET revoked_at = now() WHERE user_id = ANY($1::text[]) AND revoked_at IS NULL', [
    ids,
  ]);
}

/**
 * Moves users to the recycle bin and ends their sessions (SPEC §4).
 * @throws AppError notFound (not all visible), business cannotChangeSelf, noPermission accountOtherTenants.
 */
export async function recycleUsers(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_LIST, ids, caller);
  if (visible.includes(caller.userId)) throw new AppError('business', 'cannotChangeSelf');
  await requireAccountScope(db, visible, caller);
  await db.tx(async (q) => {
    await q.query('UPDATE sys_user SET del_flag = 1, update_by = $2, update_time = now() WHERE id = ANY($1::text[])', [
      visible,
      caller.username,
    ]);
    await revokeSessions(q, visible);
  });
}

/**
 * Freezes (2) or unfreezes (1) users; freezing revokes their sessions (SPEC §4).
 * @throws AppError notFound, business cannotChangeSelf, noPermission accountOtherTenants.
 */
export async function freezeUsers(db: Db, ids: string[], status: 1 | 2, caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_LIST, ids, caller);
  if (status === 2 && visible.includes(caller.userId)) throw new AppError('business', 'cannotChangeSelf');
  await requireAccountScope(db, visible, caller);
  await db.tx(async (q) => {
    await q.query('UPDATE sys_user SET status = $2, update_by = $3, update_time = now() WHERE id = ANY($1::text[])', [
      visible,
      status,
      caller.username,
    ]);
    if (status === 2) await revokeSessions(q, visible);
  });
}

/**
 * Sets another user's password (administrator reset); that user's sessions end.
 * @throws AppError notFound (no such member of the caller's tenant), noPermission accountOtherTenants.
 */
export async function resetPassword(db: Db, username: string, password: string, caller: ListCaller): Promise<void> {
  const user = await db.one<{ id: string }>(
    'SELECT id FROM sys_user WHERE lower(username) = lower($1) AND del_flag = 0',
    [username],
  );
  if (!user) throw new AppError('notFound', 'notFound');
  await requireVisible(db, USER_LIST, user.id, caller);
  await requireAccountScope(db, [user.id], caller);
  const hash = await hashPassword(password);
  await db.tx(async (q) => {
    await q.query('UPDATE sys_user SET password_hash = $2, update_by = $3, update_time = now() WHERE id = $1', [
      user.id,
      hash,
      caller.username,
    ]);
    if (user.id !== caller.userId) await revokeSessions(q, [user.id]);
  });
}

/** Restores users from the recycle bin. @throws AppError notFound, noPermission accountOtherTenants. */
export async function restoreUsers(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_RECYCLE_LIST, ids, caller);
  await requireAccountScope(db, visible, caller);
  await db.query('UPDATE sys_user SET del_flag = 0, update_by = $2, update_time = now() WHERE id = ANY($1::text[])', [
    visible,
    caller.username,
  ]);
}

/**
 * Deletes users of the recycle bin for ever from the caller's tenant: memberships of this tenant
 * go; the account itself goes when it belongs to no other tenant. An account shared with another
 * tenant is purged only from the platform tenant.
 * @throws AppError notFound, noPermission accountOtherTenants.
 */
export async function purgeUsers(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_RECYCLE_LIST, ids, caller);
  await requireAccountScope(db, visible, caller);
  await db.tx(async (q) => {
    const t = caller.tenantId;
    await q.query(
      'DELETE FROM sys_user_role ur USING sys_role r WHERE r.id = ur.role_id AND r.tenant_id = $2 AND ur.user_id = ANY($1::text[])',
      [visible, t],
    );
    await q.query(
      'DELETE FROM sys_user_depart ud USING sys_depart d WHERE d.id = ud.dep_id AND d.tenant_id = $2 AND ud.user_id = ANY($1::text[])',
      [visible, t],
    );
    await q.query('DELETE FROM sys_user_tenant WHERE tenant_id = $2 AND user_id = ANY($1::text[])', [visible, t]);
    await q.query(
      'DELETE FROM sys_user u WHERE u.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = u.id)',
      [visible],
    );
  });
}

/** Role ids a visible user holds in the caller's tenant. */
export async function userRoleIds(db: Db, userId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, USER_LIST, userId, caller);
  const rows = await db.query<{ role_id: string }>(
    'SELECT ur.role_id FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = $1 AND r.tenant_id = $2 ORDER BY r.role_code',
    [userId, caller.tenantId],
  );
  return rows.map((r) => r.role_id);
}

/** Departments of a visible user in the caller's tenant. */
export async function userDepartments(
  db: Db,
  userId: string,
  caller: ListCaller,
): Promise<{ key: string; title: string; orgCode: string }[]> {
  await requireVisible(db, USER_LIST, userId, caller);
  return db.query(
    `SELECT d.id AS key, d.depart_name AS title, d.org_code AS "orgCode" FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
      WHERE ud.user_id = $1 AND d.tenant_id = $2 AND d.del_flag = 0 ORDER BY d.org_code`,
    [userId, caller.tenantId],
  );
}

/** Alarm-push settings of the signed-in user (SPEC §3). */
export async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const r = await db.one<{
    default_monitor_account: string | null;
    only_multi_alarm: boolean;
    alarm_push_mode: string;
  }>('SELECT default_monitor_account, only_multi_alarm, alarm_push_mode FROM sys_user WHERE id = $1', [userId]);
  if (!r) throw new AppError('notFound', 'notFound');
  return {
    defaultMonitorAccount: r.default_monitor_account,
    onlyMultiLevelAlarm: r.only_multi_alarm,
    alarmPushMode: pushModes(r.alarm_push_mode) as UserSettings['alarmPushMode'],
  };
}

export async function saveSettings(db: Db, userId: string, s: UserSettings): Promise<void> {
  await db.query(
    'UPDATE sys_user SET default_monitor_account = $2, only_multi_alarm = $3, alarm_push_mode = $4, update_time = now() WHERE id = $1',
    [
      userId,
      nullIfEmpty(s.defaultMonitorAccount),
      s.onlyMultiLevelAlarm,
      [...new Set(s.alarmPushMode)].sort().join(','),
    ],
  );
}

/** The signed-in user's own profile (SPEC §2 account settings "base setting"). */
export async function readProfile(db: Db, userId: string): Promise<UserProfileRecord> {
  const r = await db.one<UserProfileRecord>(
    `SELECT username, realname, email, phone, sex, to_char(birthday, 'YYYY-MM-DD') AS birthday, avatar FROM sys_user WHERE id = $1`,
    [userId],
  );
  if (!r) throw new AppError('notFound', 'notFound');
  return { ...r, sex: r.sex === null ? null : Number(r.sex) };
}

/**
 * Saves the caller's own profile (SPEC §2 base setting, §5 rules checked by UserProfileSchema):
 * real name, email, mobile, sex, birthday and avatar of `userId` only; nothing else of the
 * account changes.
 */
export async function saveProfile(db: Db, userId: string, username: string, b: UserProfile): Promise<void> {
  await db.query(
    `UPDATE sys_user SET realname = $2, email = $3, phone = $4, sex = $5, birthday = $6::date, avatar = $7, update_by = $8, update_time = now()
      WHERE id = $1`,
    [
      userId,
      b.realname,
      nullIfEmpty(b.email),
      b.phone,
      b.sex ?? null,
      nullIfEmpty(b.birthday),
      nullIfEmpty(b.avatar),
      username,
    ],
  );
}

/** Notification preferences of the signed-in user (SPEC §2 account settings); every kind on until saved. */
export async function readNotification(db: Db, userId: string): Promise<UserNotificationSettings> {
  const r = await db.one<{
    system_message: boolean;
    user_message: boolean;
    todo_task: boolean;
    alarm_message: boolean;
  }>('SELECT system_message, user_message, todo_task, alarm_message FROM sys_user_notification WHERE user_id = $1', [
    userId,
  ]);
  if (!r) return { systemMessage: true, userMessage: true, todoTask: true, alarmMessage: true };
  return {
    systemMessage: r.system_message,
    userMessage: r.user_message,
    todoTask: r.todo_task,
    alarmMessage: r.alarm_message,
  };
}

/** Stores the signed-in user's notification preferences (one row per user, replaced on save). */
export async function saveNotification(db: Db, userId: string, s: UserNotificationSettings): Promise<void> {
  await db.query(
    `INSERT INTO sys_user_notification (user_id, system_message, user_message, todo_task, alarm_message) VALUES ($1,$2,$3,$4,$5)
     ON CONFLICT (user_id) DO UPDATE SET system_message = EXCLUDED.system_message, user_message = EXCLUDED.user_message,
       todo_task = EXCLUDED.todo_task, alarm_message = EXCLUDED.alarm_message, update_time = now()`,
    [userId, s.systemMessage, s.userMessage, s.todoTask, s.alarmMessage],
  );
}
