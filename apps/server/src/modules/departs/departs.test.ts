import type { DepartNode } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { nextOrgCode } from './org-code';

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

  const tree = async (token: string): Promise<DepartNode[]> => (await t.call<DepartNode[]>('GET', '/sys/sysDepart/queryTreeList', { token })).body.result;

  it('shows the tenant tree and creates departments with hierarchical codes', async () => {
    const roots = await tree(f.admin);
    expect(roots.map((r) => r.orgCode)).toEqual(['A01']);
    expect(roots[0]!.children!.map((c) => c.orgCode)).toEqual(['A01A01', 'A01A02']);
    const add = await t.call<{ id: string; orgCode: string }>('POST', '/sys/sysDepart/add', {
      token: f.admin,
      body: { departName: '质检部', parentId: roots[0]!.id, orgCategory: '2', mobile: '010-1234567', fax: '010-7654321', address: 'Beijing', memo: 'QA', departOrder: 3 },
    });
    expect(add.body.result.orgCode).toBe('A01A03');
    const child = await t.call<{ orgCode: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: '一组', parentId: add.body.result.id } });
    expect(child.body.result.orgCode).toBe('A01A03A01');
    const root = await t.call<{ orgCode: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: '分公司', orgCategory: '1' } });
    expect(root.body.result.orgCode).toMatch(/^[A-Z]\d{2}$/);
    expect(['A01', 'B01']).not.toContain(root.body.result.orgCode);
    const search = await t.call<DepartNode[]>('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('质检')}`, { token: f.admin });
    expect(search.body.result.map((d) => d.orgCode)).toEqual(['A01A03']);
    expect((await t.call<DepartNode[]>('GET', '/sys/sysDepart/searchBy?keyWord=%25', { token: f.admin })).body.result).toEqual([]);
    const slash = await t.call('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: 'a/b' } });
    expect(slash.status).toBe(400);
  });

  it('refuses to delete a department with children or users, with clear messages', async () => {
    const parent = (await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: 'P' } })).body.result.id;
    const kid = (await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: 'K', parentId: parent } })).body.result.id;
    const hasKids = await t.call('DELETE', `/sys/sysDepart/delete?id=${parent}`, { token: f.admin, headers: { 'accept-language': 'en-US' } });
    expect(hasKids.body).toMatchObject({ success: false, message: 'The department has sub-departments and cannot be deleted' });
    await f.addUser(f.admin, 'deptuser1', { selecteddeparts: kid });
    const hasUsers = await t.call('DELETE', `/sys/sysDepart/delete?id=${kid}`, { token: f.admin });
    expect(hasUsers.body).toMatchObject({ success: false, message: '该部门下还有用户，不能删除' });
    const users = await t.call<{ records: { username: string }[] }>('GET', `/sys/user/departUserList?depId=${kid}`, { token: f.admin });
    expect(users.body.result.records.map((u) => u.username)).toEqual(['deptuser1']);
    const leaf = (await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: 'L', parentId: parent } })).body.result.id;
    expect((await t.call('DELETE', `/sys/sysDepart/delete?id=${leaf}`, { token: f.admin })).body.success).toBe(true);
  });

  it('edits, grants department permissions and lists department roles', async () => {
    const id = await f.departId('A01A02');
    expect((await t.call('PUT', '/sys/sysDepart/edit', { token: f.admin, body: { id, departName: '运营中心', departOrder: 9 } })).body.success).toBe(true);
    expect((await tree(f.admin)).find((r) => r.orgCode === 'A01')!.children!.find((c) => c.id === id)!.departName).toBe('运营中心');
    const save = await t.call('POST', '/sys/permission/saveDepartPermission', { token: f.admin, body: { departId: id, permissionIds: 'dashboard,btn:user:list' } });
    expect(save.body.success).toBe(true);
    expect((await t.call<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${id}`, { token: f.admin })).body.result).toEqual(['btn:user:list', 'dashboard']);
    const unknown = await t.call('POST', '/sys/permission/saveDepartPermission', { token: f.admin, body: { departId: id, permissionIds: 'nope' } });
    expect(unknown.body.code).toBe(404);
    await f.addUser(f.admin, 'deptrole1', { selecteddeparts: id, selectedroles: await f.roleId(1000, 'operator') });
    const roles = await t.call<{ roleCode: string; users: number }[]>('GET', `/sys/sysDepart/queryDepartRoles?departId=${id}`, { token: f.admin });
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
    expect((await t.db.one<{ depart_name: string }>('SELECT depart_name FROM sys_depart WHERE id = $1', [id]))!.depart_name).toBe('技术部');
  });
});
