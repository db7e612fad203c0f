import { PermissionCallRoutes, PermissionRoutes, splitIds, type PermissionNode } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { callerOf } from '../../platform/list/list-spec';
import { requirePlatform } from '../../platform/tenancy/platform-scope';
import * as rules from './data-rules.service';
import * as calls from './permission-calls.service';
import * as perms from './permissions.service';

/** Menus, buttons and data rules (SPEC §7 "permission"). */
export function permissionRoutes(app: FastifyInstance, db: Db): void {
  const R = PermissionRoutes;
  registerRoute(app, db, R.list, () => perms.permissionTree(db));
  const treeWithIds = async (): Promise<{ treeList: PermissionNode[]; ids: string[] }> => {
    const treeList = await perms.permissionTree(db);
    const ids: string[] = [];
    const walk = (nodes: typeof treeList): void => nodes.forEach((n) => (ids.push(n.id), walk(n.children ?? [])));
    walk(treeList);
    return { treeList, ids };
  };
  registerRoute(app, db, R.queryTreeList, treeWithIds);
  registerRoute(app, db, R.add, async ({ auth, body }) => {
    requirePlatform(auth);
    return { id: await perms.createPermission(db, body, auth.username) };
  });
  registerRoute(app, db, R.edit, async ({ auth, body }) => {
    requirePlatform(auth);
    await perms.editPermission(db, body, auth.username);
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    requirePlatform(auth);
    await perms.deletePermission(db, query.id);
    return null;
  });
  registerRoute(app, db, R.ruleList, ({ auth, query }) => rules.rulesOf(db, query.permissionId, callerOf(auth)));
  registerRoute(app, db, R.ruleAdd, async ({ auth, body }) => ({ id: await rules.addRule(db, body, callerOf(auth)) }));
  registerRoute(app, db, R.ruleEdit, async ({ auth, body }) => {
    await rules.editRule(db, body, callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.ruleDelete, async ({ auth, query }) => {
    await rules.deleteRule(db, query.id, callerOf(auth));
    return null;
  });

  const C = PermissionCallRoutes;
  registerRoute(app, db, C.roleQueryTreeList, treeWithIds);
  registerRoute(app, db, C.getSystemMenuList, () => calls.systemMenus(db));
  registerRoute(app, db, C.getSystemSubmenu, ({ query }) => calls.childrenOf(db, query.parentId));
  registerRoute(app, db, C.getSystemSubmenuBatch, ({ query }) => calls.childrenByParent(db, splitIds(query.parentIds)));
  registerRoute(app, db, C.queryListAsync, ({ query }) => calls.childrenOf(db, query.pid || undefined));
  registerRoute(app, db, C.loadAllRoleIds, () => calls.allPermissionIds(db));
  registerRoute(app, db, C.queryPermissionRule, ({ auth, query }) => calls.queryRules(db, query, callerOf(auth)));
  registerRoute(app, db, C.deleteBatch, async ({ auth, query }) => {
    requirePlatform(auth);
    await calls.deletePermissions(db, splitIds(query.ids));
    return null;
  });
}
