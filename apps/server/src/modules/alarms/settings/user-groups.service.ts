import type { Language, UserGroupAddSchema, UserGroupRecord } from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { usersNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure, nameTaken } from '../../../platform/http/field-errors';
import { USER_GROUP_SELECT, userGroupRecordOf } from './user-groups.list';

/**
 * Recipient groups (settings → user groups): console users of the tenant and
 * outside contacts, each with a push mode bitmask (SPEC §4: 1 SMS, 2 WeChat, 4 email). The
 * contract refuses a contact without phone, email or openid (validation.recipientNoContact); here
 * a `userId` must be a user of the caller's tenant (userNotInTenant).
 */

type GroupBody = z.output<typeof UserGroupAddSchema>;

/**
 * One group of the tenant with its members.
 * @throws AppError notFound userGroupNotFound.
 */
export async function viewUserGroup(q: Queryable, tenantId: number, id: string): Promise<UserGroupRecord> {
  const [row] = await q.query(
    `SELECT ${USER_GROUP_SELECT} FROM alarm_user_group g WHERE g.tenant_id = $1 AND g.id = $2`,
    [tenantId, id],
  );
  if (!row) throw new AppError('notFound', 'userGroupNotFound');
  return userGroupRecordOf(row);
}

async function checkBody(
  q: Queryable,
  tenantId: number,
  lang: Language,
  body: GroupBody,
  exceptId: string | null,
): Promise<void> {
  const taken = await q.query(
    'SELECT 1 FROM alarm_user_group WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, body.name, exceptId],
  );
  if (taken.length) throw nameTaken(lang, 'userGroupNameExists');
  const userIds = body.members.map((m) => m.userId).filter((id): id is string => !!id);
  const [bad] = await usersNotInTenant(q, tenantId, userIds);
  if (bad !== undefined) {
    const index = body.members.findIndex((m) => m.userId === bad);
    throw fieldFailure(lang, `members.${index}.userId`, 'userNotInTenant');
  }
}

/** Writes the members of a group (users keep only their id and push mode; contacts are read from the user). */
async function writeMembers(q: Queryable, groupId: string, members: GroupBody['members']): Promise<void> {
  await q.query('DELETE FROM alarm_user_group_member WHERE group_id = $1', [groupId]);
  const seenUsers = new Set<string>();
  for (const m of members) {
    if (m.userId) {
      if (seenUsers.has(m.userId)) continue;
      seenUsers.add(m.userId);
      await q.query('INSERT INTO alarm_user_group_member (group_id, user_id, push_mode) VALUES ($1,$2,$3)', [
        groupId,
        m.userId,
        m.pushMode,
      ]);
    } else {
      await q.query(
        'INSERT INTO alarm_user_group_member (group_id, name, phone, email, wechat_open_id, push_mode) VALUES ($1,$2,$3,$4,$5,$6)',
        [groupId, m.name, m.phone, m.email, m.wechatOpenId, m.pushMode],
      );
    }
  }
}

/**
 * Adds a recipient group.
 * @throws AppError conflict userGroupNameExists; badRequest userNotInTenant on `members.<i>.userId`.
 */
export async function addUserGroup(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: GroupBody,
): Promise<UserGroupRecord> {
  await checkBody(db, auth.tenantId, lang, body, null);
  const id = await db.tx(async (q) => {
    const [row] = await q.query<{ id: string }>(
      'INSERT INTO alarm_user_group (tenant_id, name, description, create_by) VALUES ($1,$2,$3,$4) RETURNING id',
      [auth.tenantId, body.name, body.description, auth.username],
    );
    await writeMembers(q, row!.id, body.members);
    return row!.id;
  });
  return viewUserGroup(db, auth.tenantId, id);
}

/**
 * Replaces a recipient group (name, description, members).
 * @throws AppError notFound userGroupNotFound; conflict userGroupNameExists; badRequest userNotInTenant.
 */
export async function updateUserGroup(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: GroupBody & { id: string },
): Promise<UserGroupRecord> {
  await viewUserGroup(db, auth.tenantId, body.id);
  await checkBody(db, auth.tenantId, lang, body, body.id);
  await db.tx(async (q) => {
    await q.query(
      'UPDATE alarm_user_group SET name = $3, description = $4, update_by = $5, update_time = now() WHERE tenant_id = $1 AND id = $2',
      [auth.tenantId, body.id, body.name, body.description, auth.username],
    );
    await writeMembers(q, body.id, body.members);
  });
  return viewUserGroup(db, auth.tenantId, body.id);
}

/**
 * Deletes recipient groups with their members, and takes them out of the `notify` of the tenant's
 * rule templates and scenes (so those stay valid to edit), in one transaction.
 * @throws AppError notFound when any id is not a group of the tenant (nothing is deleted).
 */
export async function deleteUserGroups(db: Db, auth: AuthContext, ids: string): Promise<void> {
  const list = splitIds(ids);
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM alarm_user_group WHERE tenant_id = $1 AND id = ANY($2::text[])',
    [auth.tenantId, list],
  );
  if (list.length === 0 || rows.length !== list.length) throw new AppError('notFound', 'userGroupNotFound');
  await db.tx(async (q) => {
    await q.query('DELETE FROM alarm_user_group WHERE tenant_id = $1 AND id = ANY($2::text[])', [auth.tenantId, list]);
    await forgetGroups(q, auth.tenantId, list);
  });
}

type Notify = { groupIds?: string[]; escalateGroupIds?: string[] } | null | undefined;

/** `notify` without the groups of `gone`, or null when it names none of them. */
function withoutGroups(notify: Notify, gone: ReadonlySet<string>): Notify {
  if (!notify || ![...(notify.groupIds ?? []), ...(notify.escalateGroupIds ?? [])].some((id) => gone.has(id)))
    return null;
  return {
    ...notify,
    groupIds: (notify.groupIds ?? []).filter((id) => !gone.has(id)),
    escalateGroupIds: (notify.escalateGroupIds ?? []).filter((id) => !gone.has(id)),
  };
}

/** Removes deleted recipient groups from the tenant's template `content.notify` and scene `actions.push.notify`. */
async function forgetGroups(q: Queryable, tenantId: number, ids: readonly string[]): Promise<void> {
  const gone = new Set(ids);
  const templates = await q.query<{ id: string; content: { notify?: Notify } }>(
    'SELECT id, content FROM alarm_rule_template WHERE tenant_id = $1',
    [tenantId],
  );
  for (const t of templates) {
    const notify = withoutGroups(t.content.notify, gone);
    if (notify)
      await q.query('UPDATE alarm_rule_template SET content = $2::jsonb WHERE id = $1', [
        t.id,
        JSON.stringify({ ...t.content, notify }),
      ]);
  }
  const scenes = await q.query<{ id: string; actions: { push?: { notify?: Notify } | null } }>(
    'SELECT id, actions FROM alarm_scene WHERE tenant_id = $1',
    [tenantId],
  );
  for (const s of scenes) {
    const notify = s.actions.push ? withoutGroups(s.actions.push.notify, gone) : null;
    if (notify)
      await q.query('UPDATE alarm_scene SET actions = $2::jsonb WHERE id = $1', [
        s.id,
        JSON.stringify({ ...s.actions, push: { ...s.actions.push, notify } }),
      ]);
  }
}
