import type { DepartNode, DepartRoleRecord, MenuItem, PageResult, UserPermissionResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, USER_PASSWORD, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { nextOrgCode } from './org-code';
import { expectRefused } from '../../../test/refusal';

describe('org codes', () => {
  it('are generated level by level', () => {
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('', ['A01', 'B01'])).toBe('B02');
    expect(nextOrgCode('A01', ['A01A01', 'A01A02', 'A01A01A01'])).toBe('A01A03');
    expect(nextOrgCode('A01', ['A01A99'])).toBe('A01B01');
  });
});

describe('departments', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const tree = async (token: string): Promise<DepartNode[]> =>
    (await t.call<DepartNode[]>('GET', '/sys/sysDepart/queryTreeList', { token })).body.result;

  it('shows the tenant tree and creates departments with hierarchical codes', async () => {
    const roots = await tree(f.admin);
    expect(roots.map((r) => r.orgCode)).toEqual(['A01']);
    expect(roots[0]!.children!.map((c) => c.orgCode)).toEqual(['A01A01', 'A01A02']);
    const add = await t.call<{ id: string; orgCode: string }>('POST', '/sys/sysDepart/add', {
      token: f.admin,
      body: {
        departName: '质检部',
        parentId: roots[0]!.id,
        orgCategory: '2',
        mobile: '010-1234567',
        fax: '010-7654321',
        address: 'Beijing',
        memo: 'QA',
        departOrder: 3,
      },
    });
    expect(add.body.result.orgCode).toBe('A01A03');
    const child = await t.call<{ orgCode: string }>('POST', '/sys/sysDepart/add', {
      token: f.admin,
      body: { departName: '一组', parentId: add.body.result.id },
    });
    expect(child.body.result.orgCode).toBe('A01A03A01');
    const root = await t.call<{ orgCode: string }>('POST', '/sys/sysDepart/add', {
      token: f.admin,
      body: { departName: '分公司', orgCategory: '1' },
    });
    expect(root.body.result.orgCode).toMatch(/^[A-Z]\d{2}$/);
    expect(['A01', 'B01']).not.toContain(root.body.result.orgCode);
    const search = await t.call<DepartNode[]>('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('质检')}`, {
      token: f.admin,
    });
    expect(search.body.result.map((d) => d.orgCode)).toEqual(['A01A03']);
    expect(
      (await t.call<DepartNode[]>('GET', '/sys/sysDepart/searchBy?keyWord=%25', { token: f.admin })).body.result,
    ).toEqual([]);
    const slash = await t.call('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: 'a/b' } });
    expectRefused(slash, 400);
  });

  it('refuses to delete a department with children or users, with clear messages', async () => {
    const parent = (
      await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: 'P' } })
    ).body.result.id;
    const kid = (
      await t.call<{ id: string }>('POST', '/sys/sysDepart/add', {
        token: f.admin,
        body: { departName: 'K', parentId: parent },
      })
    ).body.result.id;
    const hasKids = await t.call('DELETE', `/sys/sysDepart/delete?id=${parent}`, {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(hasKids.body).toMatchObject({
      success: false,
      message: 'The department has sub-departments and cannot be deleted',
    });
    await f.addUser(f.admin, 'deptuser1', { selecteddeparts: kid });
    const hasUsers = await t.call('DELETE', `/sys/sysDepart/delete?id=${kid}`, { token: f.admin });
    expect(hasUsers.body).toMatchObject({ success: false, message: '该部门下还有用户，不能删除' });
    const users = await t.call<{ records: { username: string }[] }>('GET', `/sys/user/departUserList?depId=${kid}`, {
      token: f.admin,
    });
    expect(users.body.result.records.map((u) => u.username)).toEqual(['deptuser1']);
    const leaf = (
      await t.call<{ id: string }>('POST', '/sys/sysDepart/add', {
        token: f.admin,
        body: { departName: 'L', parentId: parent },
      })
    ).body.result.id;
    expect((await t.call('DELETE', `/sys/sysDepart/delete?id=${leaf}`, { token: f.admin })).body.success).toBe(true);
  });

  it('grants permissions through department roles, bounded by the department permissions (SPEC §6)', async () => {
    const dept = (
      await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: '审计部' } })
    ).body.result.id;
    const elsewhere = (
      await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: '别处' } })
    ).body.result.id;
    const member = await f.addUser(f.admin, 'dmember1', {
      selecteddeparts: dept,
      selectedroles: await f.roleId(1000, 'viewer'),
    });
    const outsider = await f.addUser(f.admin, 'doutside', { selecteddeparts: elsewhere });
    const token = await t.login('dmember1', USER_PASSWORD);
    const menuIds = async (): Promise<string[]> => {
      const res = await t.call<UserPermissionResult>('GET', '/sys/permission/getUserPermissionByToken', { token });
      const ids: string[] = [];
      const walk = (items: MenuItem[]): void => items.forEach((m) => (ids.push(m.id), walk(m.children ?? [])));
      walk(res.body.result.menu);
      return [...ids, ...res.body.result.auth.map((a) => `auth:${a.action}`)];
    };
    expect((await t.call('GET', '/sys/user/list', { token })).body.code).toBe(510);
    expect(await menuIds()).not.toContain('system-user');

    const add = await t.call<{ id: string }>('POST', '/sys/sysDepartRole/add', {
      token: f.admin,
      body: { departId: dept, roleName: '审计员', roleCode: 'auditor' },
    });
    expect(add.body.success).toBe(true);
    const roleId = add.body.result.id;
    const dup = await t.call('POST', '/sys/sysDepartRole/add', {
      token: f.admin,
      body: { departId: dept, roleName: 'dup', roleCode: 'AUDITOR' },
    });
    expect(dup.body).toMatchObject({ success: false, message: '角色编码已存在' });
    const listed = await t.call<PageResult<DepartRoleRecord>>('GET', `/sys/sysDepartRole/list?deptId=${dept}`, {
      token: f.admin,
    });
    expect(listed.body.result.records).toEqual([
      expect.objectContaining({ id: roleId, departId: dept, roleCode: 'auditor' }),
    ]);

    // A department role holds only what its department holds.
    const outside = await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
      body: { roleId, permissionIds: 'system,system-user,btn:user:list' },
    });
    expect(outside.body).toMatchObject({
      success: false,
      message: 'A department role can only be given permissions its department holds',
    });
    await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: dept, permissionIds: 'system,system-user,btn:user:list,btn:user:add' },
    });
    expect(
      (
        await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
          token: f.admin,
          body: { roleId, permissionIds: 'system,system-user,btn:user:list' },
        })
      ).body.success,
    ).toBe(true);
    expect(
      (
        await t.call<string[]>('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`, {
          token: f.admin,
        })
      ).body.result,
    ).toEqual(['btn:user:list', 'system', 'system-user']);
    // Department permissions alone grant nothing: the member needs the department role.
    expect((await t.call('GET', '/sys/user/list', { token })).body.code).toBe(510);

    const notMember = await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token: f.admin,
      body: { departId: dept, userId: outsider, newRoleId: roleId },
    });
    expect(notMember.body).toMatchObject({ success: false, message: '只能给本部门的用户分配部门角色' });
    expect(
      (
        await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
          token: f.admin,
          body: { departId: dept, userId: member, newRoleId: roleId },
        })
      ).body.success,
    ).toBe(true);
    expect(
      (
        await t.call<{ droleId: string }[]>(
          'GET',
          `/sys/sysDepartRole/getDeptRoleByUserId?userId=${member}&departId=${dept}`,
          { token: f.admin },
        )
      ).body.result,
    ).toEqual([{ droleId: roleId, userId: member, departId: dept }]);

    // Gained only through the department path: menu, auth list and the server's 510 check.
    expect((await t.call('GET', '/sys/user/list', { token })).body.success).toBe(true);
    expect(await menuIds()).toEqual(expect.arrayContaining(['system', 'system-user', 'auth:user:list']));
    expect(await menuIds()).not.toContain('auth:user:add');
    expect(
      (
        await t.call('POST', '/sys/user/add', {
          token,
          body: { username: 'viadept1', realname: 'Via', phone: '13800000000', password: USER_PASSWORD },
        })
      ).body.code,
    ).toBe(510);

    // Another tenant neither sees nor changes the department role.
    // (another tenant's department id is now "not found" instead of an empty page)
    expect(
      (
        await t.call<PageResult<DepartRoleRecord>>('GET', `/sys/sysDepartRole/list?deptId=${dept}`, {
          token: f.otherAdmin,
        })
      ).body,
    ).toMatchObject({ success: false, code: 404 });
    expect(
      (
        await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
          token: f.otherAdmin,
          body: { roleId, permissionIds: '' },
        })
      ).body.code,
    ).toBe(404);
    expect((await t.call('DELETE', `/sys/sysDepartRole/delete?id=${roleId}`, { token: f.otherAdmin })).body.code).toBe(
      404,
    );
    expect(
      (
        await t.call('POST', '/sys/sysDepartRole/add', {
          token: f.viewer,
          body: { departId: dept, roleName: 'xx', roleCode: 'xx' },
        })
      ).body.code,
    ).toBe(510);

    // Taking the permission from the department takes it from its roles and the member.
    await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: dept, permissionIds: 'system' },
    });
    expect(
      (
        await t.call<string[]>('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`, {
          token: f.admin,
        })
      ).body.result,
    ).toEqual(['system']);
    expect((await t.call('GET', '/sys/user/list', { token })).body.code).toBe(510);
    expect(await menuIds()).not.toContain('system-user');
    expect(await menuIds()).not.toContain('auth:user:list');

    // Leaving the department ends it too.
    await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: dept, permissionIds: 'system,system-user,btn:user:list' },
    });
    await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token: f.admin,
      body: { roleId, permissionIds: 'system-user,btn:user:list' },
    });
    expect((await t.call('GET', '/sys/user/list', { token })).body.success).toBe(true);
    await t.call('PUT', '/sys/user/edit', {
      token: f.admin,
      body: { id: member, realname: 'Moved', phone: '13800000000', selecteddeparts: elsewhere },
    });
    expect((await t.call('GET', '/sys/user/list', { token })).body.code).toBe(510);
    await t.call('PUT', '/sys/user/edit', {
      token: f.admin,
      body: { id: member, realname: 'Back', phone: '13800000000', selecteddeparts: dept },
    });
    expect((await t.call('GET', '/sys/user/list', { token })).body.success).toBe(true);
    expect((await t.call('DELETE', `/sys/sysDepartRole/delete?id=${roleId}`, { token: f.admin })).body.success).toBe(
      true,
    );
    expect((await t.call('GET', '/sys/user/list', { token })).body.code).toBe(510);
  });

  it('edits, grants department permissions and lists department roles', async () => {
    const id = await f.departId('A01A02');
    expect(
      (
        await t.call('PUT', '/sys/sysDepart/edit', {
          token: f.admin,
          body: { id, departName: '运营中心', departOrder: 9 },
        })
      ).body.success,
    ).toBe(true);
    expect((await tree(f.admin)).find((r) => r.orgCode === 'A01')!.children!.find((c) => c.id === id)!.departName).toBe(
      '运营中心',
    );
    const save = await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: id, permissionIds: 'dashboard,btn:user:list' },
    });
    expect(save.body.success).toBe(true);
    expect(
      (await t.call<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${id}`, { token: f.admin })).body
        .result,
    ).toEqual(['btn:user:list', 'dashboard']);
    const unknown = await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: id, permissionIds: 'nope' },
    });
    expect(unknown.body.code).toBe(404);
    await f.addUser(f.admin, 'deptrole1', { selecteddeparts: id, selectedroles: await f.roleId(1000, 'operator') });
    const roles = await t.call<{ roleCode: string; users: number }[]>(
      'GET',
      `/sys/sysDepart/queryDepartRoles?departId=${id}`,
      { token: f.admin },
    );
    expect(roles.body.result).toEqual([expect.objectContaining({ roleCode: 'operator', users: 1 })]);
  });

  it('denies a viewer (510) and keeps other tenants out (404)', async () => {
    const id = await f.departId('A01A01');
    for (const [m, u, b] of [
      ['GET', '/sys/sysDepart/queryTreeList'],
      ['POST', '/sys/sysDepart/add', { departName: 'X' }],
      ['PUT', '/sys/sysDepart/edit', { id, departName: 'X' }],
      ['DELETE', `/sys/sysDepart/delete?id=${id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.call(m, u, { token: f.viewer, body: b })).body.code, u).toBe(510);
    }
    const other = await tree(f.otherAdmin);
    expect(other.map((r) => r.orgCode)).toEqual(['B01']);
    for (const [m, u, b] of [
      ['PUT', '/sys/sysDepart/edit', { id, departName: 'Hacked' }],
      ['DELETE', `/sys/sysDepart/delete?id=${id}`],
      ['POST', '/sys/sysDepart/add', { departName: 'Intruder', parentId: id }],
      ['GET', `/sys/permission/queryDepartPermission?departId=${id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.call(m, u, { token: f.otherAdmin, body: b })).body.code, u).toBe(404);
    }
    expect(
      (await t.db.one<{ depart_name: string }>('SELECT depart_name FROM sys_depart WHERE id = $1', [id]))!.depart_name,
    ).toBe('技术部');
  });
});
