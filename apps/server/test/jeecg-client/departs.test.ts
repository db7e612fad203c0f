import type { DepartNode, PageResult, PermissionNode, RoleDataRuleChoice, UserRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, exported, type AdminFixtures } from '../admin-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { expectReplayed } from './calls';
import { jeecgClient, type JeecgClient } from './client';
import { rowsOf, sheet } from './sheet';

type DeptRole = { id: string; roleName: string; departId: string };

/**
 * JeecgBoot's department screens (DepartList, DepartListSync, DeptBaseInfo, DeptUserInfo,
 * DepartAuthModal, DepartDataruleModal, DeptRoleInfo, DeptRoleAuthModal, DeptRoleDataruleModal,
 * DeptRoleUserModal) against this server.
 */
describe('JeecgBoot client: departments and department roles', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let c: JeecgClient;
  let memberClient: JeecgClient;
  let dept: string;
  let child: string;
  let member: string;
  let roleA: string;
  let roleB: string;
  let ruleOwn: string;
  let ruleMe: string;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    c = jeecgClient(t, f.admin);
  });
  afterAll(() => t.close());

  it('builds the tree as DeptBaseInfo and DepartListSync do: add with string numbers, lazy children, parent, search, edit', async () => {
    const added = await c.post<{ id: string; orgCode: string }>('/sys/sysDepart/add', {
      departName: '客户端部',
      orgCategory: '1',
      departOrder: 2,
      mobile: '',
      parentId: '',
    });
    expect(added.body.success).toBe(true);
    dept = added.body.result.id;
    child = (
      await c.post<{ id: string }>('/sys/sysDepart/add', {
        departName: '客户端子部',
        orgCategory: '2',
        departOrder: 0,
        parentId: dept,
      })
    ).body.result.id;
    const roots = await c.get<DepartNode[]>('/sys/sysDepart/queryDepartTreeSync');
    expect(roots.body.result.find((d) => d.id === dept)).toMatchObject({ departName: '客户端部', isLeaf: false });
    expect(roots.body.result.every((d) => d.parentId === null)).toBe(true);
    const kids = await c.get<DepartNode[]>('/sys/sysDepart/queryDepartTreeSync', { pid: dept });
    expect(kids.body.result).toEqual([expect.objectContaining({ id: child, isLeaf: true })]);
    expect(
      (await c.get<DepartNode | null>('/sys/sysDepart/queryParentName', { departId: child })).body.result?.departName,
    ).toBe('客户端部');
    expect(
      (await c.get<DepartNode | null>('/sys/sysDepart/queryParentName', { departId: dept })).body.result,
    ).toBeNull();
    expect((await c.get<DepartNode[]>('/sys/sysDepart/searchBy', { keyWord: '客户端' })).body.result).toHaveLength(2);
    expect((await c.get<DepartNode[]>('/sys/sysDepart/queryTreeList')).body.result.length).toBeGreaterThan(0);
    expect((await c.get<unknown[]>('/sys/sysDepart/queryIdTree')).body.success).toBe(true);
    expect(
      (await c.put('/sys/sysDepart/edit', { id: child, departName: '客户端二部', orgCategory: '2', departOrder: 1 }))
        .body.success,
    ).toBe(true);
    expect(
      (await jeecgClient(t, f.otherAdmin).get('/sys/sysDepart/queryDepartTreeSync', { pid: dept })).body,
    ).toMatchObject({ success: false, code: 404 });
  });

  it('lists members as DeptUserInfo does and "my departments" for a member', async () => {
    member = await f.addUser(f.admin, 'deptclient01');
    expect((await c.post('/sys/user/editSysDepartWithUser', { depId: dept, userIdList: [member] })).body.success).toBe(
      true,
    );
    const users = await c.get<UserRecord[]>('/sys/user/queryUserByDepId', { id: dept });
    expect(users.body.result.map((u) => u.username)).toContain('deptclient01');
    memberClient = jeecgClient(t, await t.login('deptclient01', 'Fixture#2026a'));
    const mine = await memberClient.get<DepartNode[]>('/sys/sysDepart/queryMyDeptTreeList');
    expect(mine.body.result).toEqual([
      expect.objectContaining({ id: dept, children: [expect.objectContaining({ id: child })] }),
    ]);
  });

  it('authorises the department and chooses the data rules it offers (DepartAuthModal, DepartDataruleModal)', async () => {
    expect(
      (
        await c.post('/sys/permission/saveDepartPermission', {
          departId: dept,
          permissionIds: 'system,system-user,btn:user:list,btn:user:add',
          lastpermissionIds: '',
        })
      ).body.success,
    ).toBe(true);
    expect((await c.get<string[]>('/sys/permission/queryDepartPermission', { departId: dept })).body.result).toContain(
      'btn:user:list',
    );
    const addRule = async (ruleName: string, ruleColumn: string, ruleValue: string): Promise<string> =>
      (
        await c.post<{ id: string }>('/sys/permission/addPermissionRule', {
          permissionId: 'btn:user:list',
          ruleName,
          ruleColumn,
          ruleConditions: '=',
          ruleValue,
          status: '1',
        })
      ).body.result.id;
    ruleOwn = await addRule('本部门', 'orgCode', '#{sys_org_code}');
    ruleMe = await addRule('本人', 'username', '#{sys_user_code}');
    const url = `/sys/sysDepartPermission/datarule/btn:user:list/${dept}`;
    expect((await c.get<RoleDataRuleChoice>(url)).body.result).toEqual({
      datarule: [
        { id: ruleOwn, ruleName: '本部门' },
        { id: ruleMe, ruleName: '本人' },
      ],
      drChecked: '',
    });
    expect(
      (
        await c.post('/sys/sysDepartPermission/datarule', {
          permissionId: 'btn:user:list',
          departId: dept,
          dataRuleIds: ruleOwn,
        })
      ).body.success,
    ).toBe(true);
    expect((await c.get<RoleDataRuleChoice>(url)).body.result.drChecked).toBe(ruleOwn);
    expect((await c.get(`/sys/sysDepartPermission/datarule/btn:role:list/${dept}`)).body).toMatchObject({
      success: false,
    });
    expect(
      (
        await jeecgClient(t, f.otherAdmin).post('/sys/sysDepartPermission/datarule', {
          permissionId: 'btn:user:list',
          departId: dept,
          dataRuleIds: '',
        })
      ).body.success,
    ).toBe(false);
  });

  it('runs the department-role dialogs: roles, permission tree of the department, grants, rules within the offer, members without departId', async () => {
    roleA = (
      await c.post<{ id: string }>('/sys/sysDepartRole/add', {
        departId: dept,
        roleName: '部门查看',
        roleCode: 'dc_view',
      })
    ).body.result.id;
    roleB = (
      await c.post<{ id: string }>('/sys/sysDepartRole/add', {
        departId: dept,
        roleName: '部门新增',
        roleCode: 'dc_add',
      })
    ).body.result.id;
    expect(
      (await c.put('/sys/sysDepartRole/edit', { id: roleB, roleName: '部门新增2', roleCode: 'dc_add' })).body.success,
    ).toBe(true);
    const list = await c.get<PageResult<DeptRole>>('/sys/sysDepartRole/list', {
      deptId: dept,
      pageNo: 1,
      pageSize: 10,
    });
    expect(list.body.result.total).toBe(2);
    const tree = await c.get<{ treeList: PermissionNode[]; ids: string[] }>(
      '/sys/sysDepartPermission/queryTreeListForDeptRole',
      { departId: dept },
    );
    expect(tree.body.result.ids.sort()).toEqual(['btn:user:add', 'btn:user:list', 'system', 'system-user']);
    expect(tree.body.result.treeList).toEqual([
      expect.objectContaining({ id: 'system', children: [expect.objectContaining({ id: 'system-user' })] }),
    ]);
    expect(
      (
        await c.post('/sys/sysDepartPermission/saveDeptRolePermission', {
          roleId: roleA,
          permissionIds: 'system,system-user,btn:user:list',
          lastpermissionIds: '',
        })
      ).body.success,
    ).toBe(true);
    expect(
      (await c.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId: roleA })).body.result,
    ).toContain('btn:user:list');
    const ruleUrl = `/sys/sysDepartRole/datarule/btn:user:list/${dept}/${roleA}`;
    expect((await c.get<RoleDataRuleChoice>(ruleUrl)).body.result.datarule).toEqual([
      { id: ruleOwn, ruleName: '本部门' },
    ]);
    expect(
      (
        await c.post('/sys/sysDepartRole/datarule', {
          permissionId: 'btn:user:list',
          roleId: roleA,
          dataRuleIds: ruleMe,
        })
      ).body,
    ).toMatchObject({ success: false, code: 404 });
    expect(
      (
        await c.post('/sys/sysDepartRole/datarule', {
          permissionId: 'btn:user:list',
          roleId: roleA,
          dataRuleIds: ruleOwn,
        })
      ).body.success,
    ).toBe(true);
    expect((await c.get<RoleDataRuleChoice>(ruleUrl)).body.result.drChecked).toBe(ruleOwn);
    // offering other rules drops the role's choice outside the new offer
    await c.post('/sys/sysDepartPermission/datarule', {
      permissionId: 'btn:user:list',
      departId: dept,
      dataRuleIds: ruleMe,
    });
    expect((await c.get<RoleDataRuleChoice>(ruleUrl)).body.result).toEqual({
      datarule: [{ id: ruleMe, ruleName: '本人' }],
      drChecked: '',
    });

    const choices = await c.get<DeptRole[]>('/sys/sysDepartRole/getDeptRoleList', { departId: dept, userId: member });
    expect(choices.body.result.map((r) => r.roleName).sort()).toEqual(['部门新增2', '部门查看']);
    expect(
      (
        await c.post('/sys/sysDepartRole/deptRoleUserAdd', {
          userId: member,
          newRoleId: `${roleA},${roleB}`,
          oldRoleId: '',
        })
      ).body.success,
    ).toBe(true);
    const held = await c.get<{ droleId: string }[]>('/sys/sysDepartRole/getDeptRoleByUserId', {
      userId: member,
      departId: dept,
    });
    expect(held.body.result.map((r) => r.droleId).sort()).toEqual([roleA, roleB].sort());
    expect(
      (
        await c.post('/sys/sysDepartRole/deptRoleUserAdd', {
          userId: member,
          newRoleId: roleA,
          oldRoleId: `${roleA},${roleB}`,
        })
      ).body.success,
    ).toBe(true);
    expect(
      (
        await c.get<{ droleId: string }[]>('/sys/sysDepartRole/getDeptRoleByUserId', { userId: member, departId: dept })
      ).body.result.map((r) => r.droleId),
    ).toEqual([roleA]);
    expect(
      (
        await jeecgClient(t, f.otherAdmin).post('/sys/sysDepartRole/deptRoleUserAdd', {
          userId: member,
          newRoleId: roleA,
          oldRoleId: '',
        })
      ).body,
    ).toMatchObject({ success: false, code: 404 });
    const tmp = (
      await c.post<{ id: string }>('/sys/sysDepartRole/add', { departId: dept, roleName: '临时', roleCode: 'dc_tmp' })
    ).body.result.id;
    expect((await c.delete('/sys/sysDepartRole/delete', { id: tmp })).body.success).toBe(true);
    const tmp2 = (
      await c.post<{ id: string }>('/sys/sysDepartRole/add', { departId: dept, roleName: '临时2', roleCode: 'dc_tmp2' })
    ).body.result.id;
    expect((await c.delete('/sys/sysDepartRole/deleteBatch', { ids: `${tmp2},` })).body.success).toBe(true);
  });

  it('exports the departments through the download center and imports them under a parent org code', async () => {
    expect((await c.get('/sys/sysDepart/exportXls', { selections: `${dept},${child}` })).body.success).toBe(true);
    const file = await exported(t, `/sys/sysDepart/exportXls?selections=${dept},${child}`, f.admin);
    const rows = rowsOf(file.body);
    expect(rows[0]).toEqual(expect.arrayContaining(['部门名称', '部门编码', '上级部门编码', '机构类别']));
    const deptCode = (await t.db.one<{ org_code: string }>('SELECT org_code FROM sys_depart WHERE id = $1', [dept]))!
      .org_code;
    expect(rows.find((r) => r.includes('客户端二部'))).toEqual(expect.arrayContaining([deptCode, '部门']));
    const imported = await c.upload('/sys/sysDepart/importExcel', [
      {
        filename: 'd.xlsx',
        content: sheet([
          ['部门名称', '上级部门编码', '机构类别'],
          ['导入部', deptCode, '岗位'],
          ['孤儿部', 'ZZZ99', '部门'],
        ]),
      },
    ]);
    expect(imported.body.code).toBe(201);
    const kids = await c.get<DepartNode[]>('/sys/sysDepart/queryDepartTreeSync', { pid: dept });
    expect(kids.body.result.find((d) => d.departName === '导入部')).toMatchObject({ orgCategory: '3' });
    expect((await jeecgClient(t, f.viewer).get('/sys/sysDepart/exportXls')).body).toMatchObject({
      success: false,
      code: 510,
    });
  });

  it('deletes departments and members as the client does; replays every call listed as working', async () => {
    const gone = (await c.post<{ id: string }>('/sys/sysDepart/add', { departName: '待删部', parentId: '' })).body
      .result.id;
    const gone2 = (await c.post<{ id: string }>('/sys/sysDepart/add', { departName: '待删部2', parentId: '' })).body
      .result.id;
    expect((await c.delete('/sys/sysDepart/delete', { id: gone })).body.success).toBe(true);
    expect((await c.delete('/sys/sysDepart/deleteBatch', { ids: `${gone2},` })).body.success).toBe(true);
    expect((await c.delete('/sys/user/deleteUserInDepartBatch', { depId: dept, userIds: member })).body.success).toBe(
      true,
    );
    const doc = (await t.fastify.inject({ method: 'GET', url: '/ztj-iot/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of [
      'sysDepart/queryDepartTreeSync',
      'sysDepart/queryMyDeptTreeList',
      'sysDepart/exportXls',
      'sysDepart/importExcel',
      'sysDepart/queryParentName',
      'sysDepartPermission/datarule/{permissionId}/{departId}',
      'sysDepartRole/getDeptRoleList',
      'sysDepartPermission/queryTreeListForDeptRole',
      'sysDepartRole/datarule/{permissionId}/{departId}/{roleId}',
      'sysDepartRole/datarule',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/ztj-iot/sys/${p}`);
    }
    expectReplayed('departs', c, memberClient);
  });
});
