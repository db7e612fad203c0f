import type { PageResult, RoleDataRuleChoice, UserRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, tenantHeader, USER_PASSWORD, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';

/** Data rules of department roles (SPEC §6). */
describe('department role data rules', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const addRule = async (
    token: string,
    permissionId: string,
    ruleName: string,
    ruleColumn: string,
    ruleValue: string,
    headers: Record<string, string> = {},
  ): Promise<string> => {
    const res = await t.call<{ id: string }>('POST', '/sys/permission/addPermissionRule', {
      token,
      headers,
      body: { permissionId, ruleName, ruleColumn, ruleConditions: '=', ruleValue },
    });
    expect(res.body.success, res.body.message).toBe(true);
    return res.body.result.id;
  };

  it('restrict the list for members given the role, lapse with the grant, stay within the department and the tenant', async () => {
    const dept = (
      await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: '规则部' } })
    ).body.result.id;
    const scopedRole = (
      await t.call<{ id: string }>('POST', '/sys/role/add', {
        token: f.admin,
        body: { roleName: 'Rules only', roleCode: 'rules_only' },
      })
    ).body.result.id;
    const member = await f.addUser(f.admin, 'drmember', { selecteddeparts: dept, selectedroles: scopedRole });
    await f.addUser(f.admin, 'drmate', { selecteddeparts: dept });
    const token = await t.login('drmember', USER_PASSWORD);
    const usernames = async (): Promise<string[]> => {
      const res = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?pageSize=1000', { token });
      expect(res.body.success, res.body.message).toBe(true);
      return res.body.result.records.map((u) => u.username).sort();
    };

    await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: dept, permissionIds: 'system,system-user,btn:user:list,btn:user:add' },
    });
    const roleId = (
      await t.call<{ id: string }>('POST', '/sys/sysDepartRole/add', {
        token: f.admin,
        body: { departId: dept, roleName: '本部门查看', roleCode: 'own_view' },
      })
    ).body.result.id;
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
        await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
          token: f.admin,
          body: { departId: dept, userId: member, newRoleId: roleId },
        })
      ).body.success,
    ).toBe(true);
    const everyone = await usernames();
    expect(everyone.length).toBeGreaterThan(2);

    const ownDept = await addRule(f.admin, 'btn:user:list', 'Own department', 'orgCode', '#{sys_org_code}');
    const url = `/sys/sysDepartRole/datarule/btn:user:list/${dept}/${roleId}`;
    expect((await t.call<RoleDataRuleChoice>('GET', url, { token: f.admin })).body.result).toEqual({
      datarule: [{ id: ownDept, ruleName: 'Own department' }],
      drChecked: '',
    });
    // Defined but not chosen: nothing changes.
    expect(await usernames()).toEqual(everyone);

    const save = (dataRuleIds: string, permissionId = 'btn:user:list', who = f.admin, lang = 'zh-CN') =>
      t.call('POST', '/sys/sysDepartRole/datarule', {
        token: who,
        headers: { 'accept-language': lang },
        body: { permissionId, roleId, dataRuleIds },
      });
    expect((await save(ownDept)).body.success).toBe(true);
    expect((await t.call<RoleDataRuleChoice>('GET', url, { token: f.admin })).body.result.drChecked).toBe(ownDept);
    expect(await usernames()).toEqual(['drmate', 'drmember']);

    // Rules from a tenant role and from a department role apply together (AND), as among tenant roles.
    const self = await addRule(f.admin, 'btn:user:list', 'Only me', 'username', '#{sys_user_code}');
    expect(
      (
        await t.call('POST', '/sys/role/datarule', {
          token: f.admin,
          body: { roleId: scopedRole, permissionId: 'btn:user:list', dataRuleIds: self },
        })
      ).body.success,
    ).toBe(true);
    expect(await usernames()).toEqual(['drmember']);
    expect(
      (
        await t.call('POST', '/sys/role/datarule', {
          token: f.admin,
          body: { roleId: scopedRole, permissionId: 'btn:user:list', dataRuleIds: '' },
        })
      ).body.success,
    ).toBe(true);
    expect(await usernames()).toEqual(['drmate', 'drmember']);

    // A disabled rule does not apply.
    await t.call('PUT', '/sys/permission/editPermissionRule', {
      token: f.admin,
      body: {
        id: ownDept,
        permissionId: 'btn:user:list',
        ruleName: 'Own department',
        ruleColumn: 'orgCode',
        ruleConditions: '=',
        ruleValue: '#{sys_org_code}',
        status: '0',
      },
    });
    expect(await usernames()).toEqual(everyone);
    await t.call('PUT', '/sys/permission/editPermissionRule', {
      token: f.admin,
      body: {
        id: ownDept,
        permissionId: 'btn:user:list',
        ruleName: 'Own department',
        ruleColumn: 'orgCode',
        ruleConditions: '=',
        ruleValue: '#{sys_org_code}',
        status: '1',
      },
    });
    expect(await usernames()).toEqual(['drmate', 'drmember']);

    // Re-saving the role's permissions keeps the rules of the grants it keeps.
    expect(
      (
        await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
          token: f.admin,
          body: { roleId, permissionIds: 'system,system-user,btn:user:list,btn:user:add' },
        })
      ).body.success,
    ).toBe(true);
    expect((await t.call<RoleDataRuleChoice>('GET', url, { token: f.admin })).body.result.drChecked).toBe(ownDept);
    expect(await usernames()).toEqual(['drmate', 'drmember']);

    // Removing the rule widens the list again.
    expect((await save('')).body.success).toBe(true);
    expect((await t.call<RoleDataRuleChoice>('GET', url, { token: f.admin })).body.result.drChecked).toBe('');
    expect(await usernames()).toEqual(everyone);

    // Only rules of a permission the department holds, granted to the role, of this tenant.
    const roleRule = await addRule(f.admin, 'btn:role:list', 'Code', 'roleCode', 'x');
    expect((await save(roleRule, 'btn:role:list', f.admin, 'en-US')).body).toMatchObject({
      success: false,
      message: 'A department role can only be given permissions its department holds',
    });
    expect((await save(roleRule, 'btn:role:list')).body).toMatchObject({
      success: false,
      message: '部门角色只能授予本部门拥有的权限',
    });
    expect((await save(roleRule)).body.code).toBe(404);
    await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token: f.admin,
      body: { roleId, permissionIds: 'system,system-user,btn:user:list' },
    });
    const ungranted = await save('', 'btn:user:add', f.admin, 'en-US');
    expect(ungranted.body).toMatchObject({
      success: false,
      message: "Save the department role's permissions first, then choose the data rules of this permission",
    });
    const foreignRule = await addRule(
      f.otherAdmin,
      'btn:user:list',
      'Theirs',
      'username',
      'x',
      tenantHeader(DEMO_TENANT_ID),
    );
    expect((await save(foreignRule)).body.code).toBe(404);
    expect((await save(`${ownDept},${foreignRule}`)).body.code).toBe(404);
    expect(await usernames()).toEqual(everyone);

    // Another tenant can neither read nor change the role's rules; a viewer lacks depart:auth.
    expect((await save(ownDept, 'btn:user:list', f.otherAdmin)).body.code).toBe(404);
    expect((await save(foreignRule, 'btn:user:list', f.otherAdmin)).body.code).toBe(404);
    expect((await t.call('GET', url, { token: f.otherAdmin })).body.code).toBe(404);
    expect((await save(ownDept, 'btn:user:list', f.viewer)).body.code).toBe(510);
    expect(
      (
        await t.call('GET', `/sys/sysDepartRole/datarule/btn:user:list/${await f.departId('A01A01')}/${roleId}`, {
          token: f.admin,
        })
      ).body.code,
    ).toBe(404);
    expect(await usernames()).toEqual(everyone);

    // Taking the permission from the department takes the role's grant and its rules with it.
    expect((await save(ownDept)).body.success).toBe(true);
    expect(await usernames()).toEqual(['drmate', 'drmember']);
    await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: dept, permissionIds: 'system,system-user' },
    });
    expect((await t.call('GET', '/sys/user/list', { token })).body.code).toBe(510);
    await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: f.admin,
      body: { departId: dept, permissionIds: 'system,system-user,btn:user:list' },
    });
    await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token: f.admin,
      body: { roleId, permissionIds: 'system,system-user,btn:user:list' },
    });
    expect((await t.call<RoleDataRuleChoice>('GET', url, { token: f.admin })).body.result.drChecked).toBe('');
    expect(await usernames()).toEqual(everyone);

    // Leaving the department ends the rule with the role (the tenant role's own grant keeps the list).
    expect((await save(ownDept)).body.success).toBe(true);
    await t.call('POST', '/sys/permission/saveRolePermission', {
      token: f.admin,
      body: { roleId: scopedRole, permissionIds: 'btn:user:list' },
    });
    expect(await usernames()).toEqual(['drmate', 'drmember']);
    const elsewhere = (
      await t.call<{ id: string }>('POST', '/sys/sysDepart/add', { token: f.admin, body: { departName: '别的部门' } })
    ).body.result.id;
    await t.call('PUT', '/sys/user/edit', {
      token: f.admin,
      body: {
        id: member,
        realname: 'Moved',
        phone: '13800000000',
        selecteddeparts: elsewhere,
        selectedroles: scopedRole,
      },
    });
    expect(await usernames()).toEqual(everyone);
  });
});
