import type { DataRuleRecord, PermissionNode } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ListCaller } from '../../platform/list/list-spec';
import { rulesOf } from './data-rules.service';
import * as repo from './permissions.repo';
import { deletePermission, node } from './permissions.service';

/** JeecgBoot's getSystemMenuList: the top-level menus (menuType 0). */
export const systemMenus = async (db: Db): Promise<PermissionNode[]> => (await repo.systemMenuRows(db)).map(node);

/** Direct children of one parent (getSystemSubmenu, queryListAsync; no parent → roots). */
export const childrenOf = async (db: Db, parentId: string | undefined): Promise<PermissionNode[]> =>
  (await repo.childRows(db, parentId)).map(node);

/** getSystemSubmenuBatch: the direct children of each parent, keyed by parent id (parents without children are absent). */
export async function childrenByParent(db: Db, parentIds: string[]): Promise<Record<string, PermissionNode[]>> {
  const out: Record<string, PermissionNode[]> = {};
  for (const n of (await repo.childRowsOfAny(db, parentIds)).map(node)) (out[n.parentId!] ??= []).push(n);
  return out;
}

/** Ids of every live menu and button. */
export async function allPermissionIds(db: Db): Promise<string[]> {
  return repo.livePermissionIds(db);
}

/** deleteBatch: each id with its subtree; ids already gone (a parent took them along) are skipped, as JeecgBoot does. */
export async function deletePermissions(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) throw new AppError('badRequest', 'selectRecord');
  for (const id of ids) {
    try {
      await deletePermission(db, id);
    } catch (e) {
      if (!(e instanceof AppError && e.messageKey === 'notFound')) throw e;
    }
  }
}

/** queryPermissionRule: the permission's data rules whose name, column and value contain the given texts. */
export async function queryRules(
  db: Db,
  q: { permissionId: string; ruleName?: string; ruleColumn?: string; ruleValue?: string },
  caller: ListCaller,
): Promise<DataRuleRecord[]> {
  const has = (v: string, part: string | undefined): boolean => !part || v.toLowerCase().includes(part.toLowerCase());
  return (await rulesOf(db, q.permissionId, caller)).filter(
    (r) => has(r.ruleName, q.ruleName) && has(r.ruleColumn, q.ruleColumn) && has(r.ruleValue, q.ruleValue),
  );
}
