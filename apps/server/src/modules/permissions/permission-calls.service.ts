import type { DataRuleRecord, PermissionNode } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ListCaller } from '../../platform/list/list-spec';
import { rulesOf } from './data-rules.service';
import { deletePermission, node } from './permissions.service';

/** Live menus and buttons matching `where` (parameters `params`), leaf computed from their children. */
async function nodesWhere(db: Db, where: string, params: unknown[]): Promise<PermissionNode[]> {
  const rows = await db.query(
    `SELECT p.*, NOT EXISTS (SELECT 1 FROM sys_permission c WHERE c.parent_id = p.id AND c.del_flag = 0) AS is_leaf
       FROM sys_permission p WHERE p.del_flag = 0 AND ${where} ORDER BY p.sort_no, p.id`,
    params,
  );
  return rows.map(node);
}

/** JeecgBoot's getSystemMenuList: the top-level menus (menuType 0). */
export const systemMenus = (db: Db): Promise<PermissionNode[]> =>
  nodesWhere(db, 'p.menu_type = 0 AND p.parent_id IS NULL', []);

/** Direct children of one parent (getSystemSubmenu, queryListAsync; no parent → roots). */
export const childrenOf = (db: Db, parentId: string | undefined): Promise<PermissionNode[]> =>
  parentId ? nodesWhere(db, 'p.parent_id = $1', [parentId]) : nodesWhere(db, 'p.parent_id IS NULL', []);

/** getSystemSubmenuBatch: the direct children of each parent, keyed by parent id (parents without children are absent). */
export async function childrenByParent(db: Db, parentIds: string[]): Promise<Record<string, PermissionNode[]>> {
  const out: Record<string, PermissionNode[]> = {};
  for (const n of await nodesWhere(db, 'p.parent_id = ANY($1::text[])', [parentIds])) (out[n.parentId!] ??= []).push(n);
  return out;
}

/** Ids of every live menu and button. */
export async function allPermissionIds(db: Db): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM sys_permission WHERE del_flag = 0 ORDER BY sort_no, id')).map(
    (r) => r.id,
  );
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
