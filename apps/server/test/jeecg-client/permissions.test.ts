import type { PermissionNode } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../admin-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { expectReplayed } from './calls';
import { jeecgClient, type JeecgClient } from './client';

type Rule = { id: string; ruleName: string; ruleColumn: string; ruleValue: string };

/**
 * JeecgBoot's menu screens (PermissionList, NewPermissionList, PermissionModal,
 * PermissionDataRuleList/Modal) and role authorisation (RoleModal's tree, saveRolePermission)
 * against this server.
 */
describe('JeecgBoot client: permissions', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let c: JeecgClient;
  let menuId: string;
  let pageId: string;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    c = jeecgClient(t, f.admin);
  });
  afterAll(() => t.close());

  it('adds menus from PermissionModal without nameEn (menuType, sortNo as strings) and edits them', async () => {
    const top = await c.post<{ id: string }>('/sys/permission/add', {
      menuType: 0,
      name: 'Jeecg测试',
      url: '/jeecgtest',
      component: 'layouts/RouteView',
      componentName: '',
      icon: 'setting',
      sortNo: 9.5,
      route: true,
      hidden: false,
      keepAlive: false,
      alwaysShow: false,
      internalOrExternal: false,
      status: '1',
      permsType: '1',
    });
    expect(top.body.errors ?? []).toEqual([]);
    menuId = top.body.result.id;
    const page = await c.post<{ id: string }>('/sys/permission/add', {
      menuType: 1,
      parentId: menuId,
      name: '子页',
      url: '/jeecgtest/page',
      component: 'system/X',
      sortNo: 1,
      route: true,
      status: '1',
    });
    pageId = page.body.result.id;
    // PermissionModal's perms validator: duplicate/check on sys_permission.perms
    expect(
      (
        await c.get('/sys/duplicate/check', {
          tableName: 'sys_permission',
          fieldName: 'perms',
          fieldVal: 'jeecgtest:btn',
        })
      ).body.success,
    ).toBe(true);
    await c.post('/sys/permission/add', {
      menuType: 2,
      parentId: pageId,
      name: '按钮',
      perms: 'jeecgtest:btn',
      permsType: '1',
      sortNo: 1,
      status: '1',
    });
    expect(
      (
        await c.get('/sys/duplicate/check', {
          tableName: 'sys_permission',
          fieldName: 'perms',
          fieldVal: 'jeecgtest:btn',
        })
      ).body,
    ).toMatchObject({ success: false, message: '授权标识已存在' });
    expect(
      (
        await c.put('/sys/permission/edit', {
          id: pageId,
          menuType: 1,
          parentId: menuId,
          name: '子页面',
          url: '/jeecgtest/page',
          component: 'system/X',
          sortNo: 2,
          route: true,
          status: '1',
        })
      ).body.success,
    ).toBe(true);
    const list = await c.get<PermissionNode[]>('/sys/permission/list');
    const mine = list.body.result.find((n) => n.id === menuId)!;
    expect(mine).toMatchObject({
      name: 'Jeecg测试',
      nameEn: 'Jeecg测试',
      leaf: false,
      children: [expect.objectContaining({ name: '子页面' })],
    });
  });

  it('loads the menu table lazily as NewPermissionList does: top menus, submenus, batches, async nodes', async () => {
    const tops = await c.get<PermissionNode[]>('/sys/permission/getSystemMenuList');
    const mine = tops.body.result.find((n) => n.id === menuId)!;
    expect(mine).toMatchObject({ menuType: 0, leaf: false });
    expect(mine).not.toHaveProperty('children');
    expect(tops.body.result.every((n) => n.menuType === 0 && n.parentId === null)).toBe(true);
    const sub = await c.get<PermissionNode[]>('/sys/permission/getSystemSubmenu', { parentId: menuId });
    expect(sub.body.result).toEqual([expect.objectContaining({ id: pageId, leaf: false })]);
    const batch = await c.get<Record<string, PermissionNode[]>>('/sys/permission/getSystemSubmenuBatch', {
      parentIds: `${menuId},${pageId}`,
    });
    expect(batch.body.result[menuId]!.map((n) => n.id)).toEqual([pageId]);
    expect(batch.body.result[pageId]![0]).toMatchObject({ menuType: 2, perms: 'jeecgtest:btn', leaf: true });
    const asyncNodes = await c.get<PermissionNode[]>('/sys/permission/queryListAsync', { pid: menuId });
    expect(asyncNodes.body.result[0]).toMatchObject({ key: pageId, title: '子页面' });
    expect(
      (await c.get<PermissionNode[]>('/sys/permission/queryListAsync')).body.result.some((n) => n.id === menuId),
    ).toBe(true);
  });

  it('authorises a role as RoleModal does: the tree with all ids, loadAllRoleIds, query and save', async () => {
    const tree = await c.get<{ treeList: PermissionNode[]; ids: string[] }>('/sys/role/queryTreeList');
    expect(tree.body.result.ids).toContain(pageId);
    expect((await c.get<{ ids: string[] }>('/sys/permission/queryTreeList')).body.result.ids).toEqual(
      tree.body.result.ids,
    );
    const all = await c.get<string[]>('/sys/permission/loadAllRoleIds');
    expect(new Set(all.body.result)).toEqual(new Set(tree.body.result.ids));
    const role = await f.roleId(1000, 'operator');
    const before = (await c.get<string[]>('/sys/permission/queryRolePermission', { roleId: role })).body.result;
    const saved = await c.post('/sys/permission/saveRolePermission', {
      roleId: role,
      permissionIds: [...before, menuId, pageId].join(','),
      lastpermissionIds: before.join(','),
    });
    expect(saved.body.success).toBe(true);
    expect((await c.get<string[]>('/sys/permission/queryRolePermission', { roleId: role })).body.result).toEqual(
      expect.arrayContaining([menuId, pageId]),
    );
    const perms = await c.get<{ menu: unknown[]; auth: unknown[] }>('/sys/permission/getUserPermissionByToken');
    expect(Array.isArray(perms.body.result.menu)).toBe(true);
  });

  it('manages data rules as PermissionDataRuleList does, searching them with queryPermissionRule', async () => {
    const add = await c.post<{ id: string }>('/sys/permission/addPermissionRule', {
      permissionId: pageId,
      ruleName: '本人',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(add.body.success).toBe(true);
    await c.post('/sys/permission/addPermissionRule', {
      permissionId: pageId,
      ruleName: '部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
      status: '1',
    });
    const sql = await c.post('/sys/permission/addPermissionRule', {
      permissionId: pageId,
      ruleName: 'sql',
      ruleColumn: 'x',
      ruleConditions: 'USE_SQL_RULES',
      ruleValue: '1=1',
      status: '1',
    });
    expect(sql.body).toMatchObject({ success: false, code: 400 });
    expect(
      (await c.get<Rule[]>('/sys/permission/getPermRuleListByPermId', { permissionId: pageId })).body.result,
    ).toHaveLength(2);
    const found = await c.get<Rule[]>('/sys/permission/queryPermissionRule', {
      permissionId: pageId,
      ruleName: '部',
      ruleValue: '',
    });
    expect(found.body.result.map((r) => r.ruleName)).toEqual(['部门']);
    expect(
      (
        await c.put('/sys/permission/editPermissionRule', {
          id: add.body.result.id,
          permissionId: pageId,
          ruleName: '本人2',
          ruleColumn: 'createBy',
          ruleConditions: '=',
          ruleValue: '#{sys_user_code}',
          status: '1',
        })
      ).body.success,
    ).toBe(true);
    expect((await c.delete('/sys/permission/deletePermissionRule', { id: add.body.result.id })).body.success).toBe(
      true,
    );
  });

  it('deletes one menu and several at once (a child already gone with its parent is skipped); other tenants and viewers are refused', async () => {
    const a = (
      await c.post<{ id: string }>('/sys/permission/add', {
        menuType: 0,
        name: 'A',
        url: '/a1',
        component: 'layouts/RouteView',
        sortNo: 1,
      })
    ).body.result.id;
    const b = (
      await c.post<{ id: string }>('/sys/permission/add', {
        menuType: 1,
        parentId: a,
        name: 'B',
        url: '/a1/b',
        component: 'x/Y',
        sortNo: 1,
      })
    ).body.result.id;
    const d = (
      await c.post<{ id: string }>('/sys/permission/add', {
        menuType: 0,
        name: 'D',
        url: '/d1',
        component: 'layouts/RouteView',
        sortNo: 1,
      })
    ).body.result.id;
    expect((await jeecgClient(t, f.otherAdmin).delete('/sys/permission/deleteBatch', { ids: a })).body.success).toBe(
      false,
    );
    expect((await jeecgClient(t, f.viewer).get('/sys/permission/getSystemMenuList')).body).toMatchObject({
      success: false,
      code: 510,
    });
    expect((await c.delete('/sys/permission/deleteBatch', { ids: `${a},${b},` })).body.success).toBe(true);
    expect((await c.delete('/sys/permission/delete', { id: d })).body.success).toBe(true);
    expect((await c.get<string[]>('/sys/permission/loadAllRoleIds')).body.result).not.toEqual(
      expect.arrayContaining([a]),
    );
  });

  it('replays every call listed as working, each in the OpenAPI document', async () => {
    const doc = (await t.fastify.inject({ method: 'GET', url: '/ztj-iot/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of [
      'permission/getSystemMenuList',
      'permission/getSystemSubmenu',
      'permission/getSystemSubmenuBatch',
      'permission/deleteBatch',
      'permission/queryPermissionRule',
      'permission/queryListAsync',
      'permission/loadAllRoleIds',
      'role/queryTreeList',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/ztj-iot/sys/${p}`);
    }
    expectReplayed('permissions', c);
  });
});
