import type { AuthContext } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { page, toRecord } from './devices.repo';
import {
  deleteGroupRow,
  groupDevicePage,
  groupNameTaken,
  groupPage,
  insertGroup,
  renameGroup,
  selectGroup,
  setGroupDevices,
  type GroupRow,
} from './groups.repo';

/**
 * Device groups (SPEC §7 groups: list, add, update, del, listGrpDev, updateDevs; name 4-20
 * characters, SPEC §5): names unique per tenant; another tenant's group is "not found".
 */

/** A group as the API answers it (creation time ms epoch). */
export interface Group {
  id: string;
  name: string;
  deviceCount: number;
  createTime: number;
}

const toGroup = (r: GroupRow): Group => ({
  id: r.id,
  name: r.name,
  deviceCount: r.device_count,
  createTime: Number(r.create_ms),
});

/** @throws AppError notFound groupNotFound. */
async function groupOf(db: Db, tenantId: number, id: string): Promise<GroupRow> {
  const row = await selectGroup(db, tenantId, id);
  if (!row) throw new AppError('notFound', 'groupNotFound');
  return row;
}

/** @throws AppError conflict groupNameExists. */
async function nameFree(db: Db, tenantId: number, name: string, exceptId: string | null): Promise<void> {
  if (await groupNameTaken(db, tenantId, name, exceptId)) throw new AppError('conflict', 'groupNameExists');
}

/** A page of the tenant's groups (name filter, creation-time order). */
export async function listGroups(
  db: Db,
  tenantId: number,
  query: { name?: string; order?: string; pageNo: number; pageSize: number },
) {
  const { rows, total } = await groupPage(db, tenantId, query);
  return page(rows.map(toGroup), total, query.pageNo, query.pageSize);
}

/** Adds a group in the caller's department. @throws AppError conflict groupNameExists. */
export async function addGroup(db: Db, auth: AuthContext, name: string): Promise<Group> {
  await nameFree(db, auth.tenantId, name, null);
  const id = await insertGroup(db, auth.tenantId, name, auth.orgCode, auth.username);
  return toGroup(await groupOf(db, auth.tenantId, id));
}

/** Renames a group. @throws AppError notFound groupNotFound; conflict groupNameExists. */
export async function updateGroup(db: Db, auth: AuthContext, id: string, name: string): Promise<Group> {
  await groupOf(db, auth.tenantId, id);
  await nameFree(db, auth.tenantId, name, id);
  await renameGroup(db, auth.tenantId, id, name, auth.username);
  return toGroup(await groupOf(db, auth.tenantId, id));
}

/** Deletes a group (its devices stay, without a group). @throws AppError notFound groupNotFound. */
export async function deleteGroup(db: Db, tenantId: number, id: string): Promise<void> {
  await groupOf(db, tenantId, id);
  await deleteGroupRow(db, tenantId, id);
}

/** A page of a group's devices. @throws AppError notFound groupNotFound. */
export async function listGroupDevices(db: Db, tenantId: number, groupId: string, pageNo: number, pageSize: number) {
  await groupOf(db, tenantId, groupId);
  const { rows, total } = await groupDevicePage(db, tenantId, groupId, pageNo, pageSize, Date.now());
  return page(rows.map(toRecord), total, pageNo, pageSize);
}

/** Makes `deviceIds` the group's devices. @throws AppError notFound groupNotFound. */
export async function updateGroupDevices(
  db: Db,
  tenantId: number,
  groupId: string,
  deviceIds: readonly string[],
): Promise<void> {
  await groupOf(db, tenantId, groupId);
  await db.tx((q) => setGroupDevices(q, tenantId, groupId, deviceIds));
}
