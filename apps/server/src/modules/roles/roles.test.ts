import type { PageResult, PermissionNode, RoleRecord, UserRecord } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFixtures,
  download,
  exported,
  upload,
  USER_PASSWORD,
  type AdminFixtures,
} from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const sheet = (rows: unknown[][]): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'S');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

describe('roles, permissions and data rules', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  it('creates, edits, lists and deletes roles; codes are unique and without Chinese', async () => {
    const add = await t.call<{ id: string }>('POST', '/sys/role/add', {
      token: f.admin,
      body: { roleName: '审计员', roleCode: 'auditor', description: 'Audit' },
    });
    expect(add.body.success).toBe(true);
    const dup = await t.call('POST', '/sys/role/add', {
      token: f.admin,
      body: { roleName: 'dup', roleCode: 'AUDITOR' },
    });
    expect(dup.body).toMatchObject({ success: false, message: '角色编码已存在' });
    const zh = await t.call('POST', '/sys/role/add', {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
      body: { roleName: '中文', roleCode: '中文编码' },
    });
    expect(zh.body.errors).toEqual(
      expect.arrayContaining([{ field: 'roleCode', message: 'Must not contain Chinese characters' }]),
    );
    expect(
      (
        await t.call('PUT', '/sys/role/edit', {
          token: f.admin,
          body: { id: add.body.result.id, roleName: '审计', roleCode: 'auditor' },
        })
      ).body.success,
    ).toBe(true);
    const list = await t.call<PageResult<RoleRecord>>('GET', '/sys/role/list?column=roleCode&order=asc', {
      token: f.admin,
    });
    expect(list.body.result.records.map((r) => r.roleCode)).toEqual(['admin', 'auditor', 'operator', 'viewer']);
    expect((await t.call<RoleRecord[]>('GET', '/sys/role/queryall', { token: f.admin })).body.result).toHaveLength(4);
    expect((await t.call('DELETE', `/sys/role/delete?id=${add.body.result.id}`, { token: f.admin })).body.success).toBe(
      true,
    );
  });

  it('grants permissions to a role, and the grant opens the routes (510 before)', async () => {
    const roleId = (
      await t.call<{ id: string }>('POST', '/sys/role/add', {
        token: f.admin,
        body: { roleName: 'Lister', roleCode: 'lister' },
      })
    ).body.result.id;
    await f.addUser(f.admin, 'lister01', { selectedroles: roleId });
    const token = await t.login('lister01', USER_PASSWORD);
    expect((await t.call('GET', '/sys/user/list', { token })).body.code).toBe(510);
    const save = await t.call('POST', '/sys/permission/saveRolePermission', {
      token: f.admin,
      body: { roleId, permissionIds: 'system,system-user,btn:user:list' },
    });
    expect(save.body.success).toBe(true);
    expect(
      (await t.call<string[]>('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`, { token: f.admin })).body
        .result,
    ).toEqual(['btn:user:list', 'system', 'system-user']);
    expect((await t.call('GET', '/sys/user/list', { token })).body.success).toBe(true);
    expect(
      (
        await t.call('POST', '/sys/user/add', {
          token,
          body: { username: 'nolister', realname: 'No', phone: '13800000000', password: USER_PASSWORD },
        })
      ).body.code,
    ).toBe(510);
    const users = await t.call<PageResult<UserRecord>>('GET', `/sys/user/userRoleList?roleId=${roleId}`, {
      token: f.admin,
    });
    expect(users.body.result.records.map((u) => u.username)).toEqual(['lister01']);
  });

  it('applies data rules of the list permission to the roles that carry them', async () => {
    const roleId = (
      await t.call<{ id: string }>('POST', '/sys/role/add', {
        token: f.admin,
        body: { roleName: 'Scoped', roleCode: 'scoped' },
      })
    ).body.result.id;
    await t.call('POST', '/sys/permission/saveRolePermission', {
      token: f.admin,
      body: { roleId, permissionIds: 'btn:user:list' },
    });
    const tech = await f.departId('A01A01');
    await f.addUser(f.admin, 'scoped01', { selectedroles: roleId, selecteddeparts: tech });
    await f.addUser(f.admin, 'techmate', { selecteddeparts: tech });
    const bad = await t.call('POST', '/sys/permission/addPermissionRule', {
      token: f.admin,
      body: {
        permissionId: 'btn:user:list',
        ruleName: 'x',
        ruleColumn: 'passwordHash',
        ruleConditions: '=',
        ruleValue: '1',
      },
    });
    expect(bad.body).toMatchObject({ code: 400, message: '未知的查询字段：passwordHash' });
    const rule = await t.call<{ id: string }>('POST', '/sys/permission/addPermissionRule', {
      token: f.admin,
      body: {
        permissionId: 'btn:user:list',
        ruleName: 'Own department',
        ruleColumn: 'orgCode',
        ruleConditions: '=',
        ruleValue: '#{sys_org_code}',
      },
    });
    expect(rule.body.success).toBe(true);
    const token = await t.login('scoped01', USER_PASSWORD);
    const before = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?pageSize=100', { token });
    expect(before.body.result.total).toBeGreaterThan(2);
    expect(
      (
        await t.call('POST', '/sys/role/datarule', {
          token: f.admin,
          body: { roleId, permissionId: 'btn:user:list', dataRuleIds: rule.body.result.id },
        })
      ).body.success,
    ).toBe(true);
    const q = await t.call<{ datarule: unknown[]; drChecked: string }>(
      'GET',
      `/sys/role/datarule/btn:user:list/${roleId}`,
      { token: f.admin },
    );
    expect(q.body.result).toMatchObject({
      datarule: [{ id: rule.body.result.id, ruleName: 'Own department' }],
      drChecked: rule.body.result.id,
    });
    const after = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?pageSize=100', { token });
    expect(after.body.result.records.map((u) => u.username).sort()).toEqual(['scoped01', 'techmate']);
    const scopedExport = await exported(t, '/sys/user/exportXls', token);
    expect(scopedExport.status).toBe(200);
    // The administrator's roles carry no rule: unrestricted.
    expect(
      (await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?pageSize=100', { token: f.admin })).body.result
        .total,
    ).toBe(before.body.result.total);
    // Another tenant neither sees nor links this tenant's rule.
    expect(
      (
        await t.call<unknown[]>('GET', '/sys/permission/getPermRuleListByPermId?permissionId=btn:user:list', {
          token: f.otherAdmin,
        })
      ).body.result,
    ).toEqual([]);
    expect(
      (
        await t.call('DELETE', `/sys/permission/deletePermissionRule?id=${rule.body.result.id}`, {
          token: f.otherAdmin,
        })
      ).body.code,
    ).toBe(404);
  });

  it('exports and imports roles; other tenants cannot touch them', async () => {
    const xls = await exported(t, '/sys/role/exportXls', f.admin, { 'accept-language': 'en-US' });
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(xls.body).Sheets[XLSX.read(xls.body).SheetNames[0]!]!, {
      header: 1,
    });
    expect(rows[0]).toEqual(['Role name', 'Role code', 'Description', 'Created']);
    const imp = await upload(t, '/sys/role/importExcel', f.admin, [
      {
        field: 'files[]',
        filename: 'r.xlsx',
        content: sheet([
          ['角色名称', '角色编码'],
          ['导入角色', 'imported'],
          ['坏', '编码'],
        ]),
      },
    ]);
    expect(imp).toMatchObject({ success: true, code: 201 });
    const adminRole = await f.roleId(1000, 'admin');
    expect(
      (
        await t.call('PUT', '/sys/role/edit', {
          token: f.otherAdmin,
          body: { id: adminRole, roleName: 'xx', roleCode: 'xx' },
        })
      ).body.code,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/sys/permission/saveRolePermission', {
          token: f.otherAdmin,
          body: { roleId: adminRole, permissionIds: '' },
        })
      ).body.code,
    ).toBe(404);
    expect((await t.call('DELETE', `/sys/role/deleteBatch?ids=${adminRole}`, { token: f.otherAdmin })).body.code).toBe(
      404,
    );
    const other = await t.call<PageResult<RoleRecord>>('GET', '/sys/role/list', { token: f.otherAdmin });
    expect(other.body.result.records.map((r) => r.id)).not.toContain(adminRole);
    expect((await t.call('GET', '/sys/role/list', { token: f.viewer })).body.code).toBe(510);
  });

  it('re-imports its own export in both languages: existing codes are duplicates, a deleted role comes back', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const id = (
        await t.call<{ id: string }>('POST', '/sys/role/add', {
          token: f.admin,
          body: { roleName: `往返${lang}`, roleCode: `rt_${lang}`, description: 'Round trip' },
        })
      ).body.result.id;
      const file = await exported(t, '/sys/role/exportXls?column=roleCode&order=asc', f.admin, {
        'accept-language': lang,
      });
      const total = (await t.call<RoleRecord[]>('GET', '/sys/role/queryall', { token: f.admin })).body.result.length;
      expect((await t.call('DELETE', `/sys/role/delete?id=${id}`, { token: f.admin })).body.success).toBe(true);
      const res = await upload<{ success: number; failed: number; fileUrl: string }>(
        t,
        '/sys/role/importExcel',
        f.admin,
        [{ field: 'files[]', filename: 'roles.xls', content: file.body }],
        {},
        { 'accept-language': lang },
      );
      expect(res, lang).toMatchObject({ success: true, code: 201, result: { success: 1, failed: total - 1 } });
      const errors = await download(t, res.result.fileUrl, f.admin);
      const erows = XLSX.utils.sheet_to_json<string[]>(
        XLSX.read(errors.body).Sheets[XLSX.read(errors.body).SheetNames[0]!]!,
        { header: 1 },
      );
      expect(erows.slice(1).map((r) => r.at(-1))).toEqual(
        Array(total - 1).fill(lang === 'en-US' ? 'Role code already exists' : '角色编码已存在'),
      );
      const back = await t.call<PageResult<RoleRecord>>('GET', `/sys/role/list?roleCode=rt_${lang}`, {
        token: f.admin,
      });
      expect(back.body.result.records).toEqual([
        expect.objectContaining({ roleName: `往返${lang}`, description: 'Round trip' }),
      ]);
    }
  });

  it('manages the permission tree from the platform tenant only', async () => {
    const tree = await t.call<PermissionNode[]>('GET', '/sys/permission/list', { token: f.admin });
    const system = tree.body.result.find((n) => n.id === 'system')!;
    expect(system.children!.find((c) => c.id === 'system-user')!.children!.map((b) => b.perms)).toContain('user:list');
    const add = await t.call<{ id: string }>('POST', '/sys/permission/add', {
      token: f.admin,
      body: {
        parentId: 'system-user',
        name: '审批',
        nameEn: 'Approve',
        menuType: 2,
        perms: 'user:approve',
        route: true,
      },
    });
    expect(add.body.success).toBe(true);
    const row = await t.db.one<{ is_route: boolean; menu_type: number }>(
      'SELECT is_route, menu_type FROM sys_permission WHERE id = $1',
      [add.body.result.id],
    );
    expect(row).toEqual({ is_route: false, menu_type: 2 });
    const ids = (await t.call<{ ids: string[] }>('GET', '/sys/permission/queryTreeList', { token: f.admin })).body
      .result.ids;
    expect(ids).toContain(add.body.result.id);
    const foreign = await t.call('PUT', '/sys/permission/edit', {
      token: f.otherAdmin,
      body: { id: add.body.result.id, name: 'x', nameEn: 'x', menuType: 2 },
    });
    expect(foreign.body).toMatchObject({ code: 510, message: '只有平台租户可以修改此数据' });
    expect(
      (await t.call('DELETE', `/sys/permission/delete?id=${add.body.result.id}`, { token: f.admin })).body.success,
    ).toBe(true);
  });
});
