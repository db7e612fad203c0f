import type { PageResult, RoleRecord, UserRecord } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, exported, USER_PASSWORD, type AdminFixtures } from '../../test/admin-fixtures';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../platform/tenancy/tenant-ids';

/*
 * the tenant boundary of user, role and department operations (policy in
 * apps/server/src/modules/users/account-scope.ts). "Tenant A" is the platform tenant (1000), where
 * the platform administrator `admin` acts; "tenant B" is the demo tenant (1001), administered by
 * `otheradmin` (fixtures). The seed makes `admin` a member of B too, which is exactly the exposure
 * of the issue: B's administrator sees `admin` in its user list.
 */

type Call = [method: string, url: string, body?: unknown];

/** Everything an operation of the sweep could change, as comparable rows. */
async function snapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const q = (sql: string): Promise<unknown[]> => t.db.query(sql);
  return {
    users: await q(
      `SELECT id, username, realname, phone, email, status, del_flag, password_hash, org_code, user_identity FROM sys_user ORDER BY id`,
    ),
    tenants: await q('SELECT user_id, tenant_id FROM sys_user_tenant ORDER BY 1, 2'),
    userRoles: await q('SELECT user_id, role_id FROM sys_user_role ORDER BY 1, 2'),
    userDeparts: await q('SELECT user_id, dep_id FROM sys_user_depart ORDER BY 1, 2'),
    roles: await q('SELECT id, tenant_id, role_name, role_code, description FROM sys_role ORDER BY id'),
    rolePerms: await q('SELECT role_id, count(*)::int AS n FROM sys_role_permission GROUP BY role_id ORDER BY 1'),
    roleRules: await q('SELECT role_id, rule_id FROM sys_role_data_rule ORDER BY 1, 2'),
    departs: await q('SELECT id, tenant_id, parent_id, depart_name, del_flag FROM sys_depart ORDER BY id'),
    departPerms: await q(
      'SELECT depart_id, count(*)::int AS n FROM sys_depart_permission GROUP BY depart_id ORDER BY 1',
    ),
    departRoles: await q('SELECT id, depart_id, role_name, role_code FROM sys_depart_role ORDER BY id'),
    departRolePerms: await q('SELECT role_id, permission_id FROM sys_depart_role_permission ORDER BY 1, 2'),
    departRoleUsers: await q('SELECT user_id, role_id FROM sys_depart_role_user ORDER BY 1, 2'),
    departRoleRules: await q('SELECT role_id, permission_id, rule_id FROM sys_depart_role_data_rule ORDER BY 1, 2, 3'),
  };
}

const sheetRows = (body: Buffer): unknown[][] => {
  const book = XLSX.read(body);
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
};

describe('tenant boundary of user, role and department operations', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let adminId: string;
  const adminRow = (): Promise<
    { realname: string; status: number; del_flag: number; phone: string | null } | undefined
  > => t.db.one('SELECT realname, status, del_flag, phone FROM sys_user WHERE username = $1', ['admin']);

  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    adminId = (await t.db.one<{ id: string }>("SELECT id FROM sys_user WHERE username = 'admin'"))!.id;
  });
  afterAll(() => t.close());

  it("refuses the four takeover calls from another tenant's administrator; admin is unchanged and signs in as before", async () => {
    const seen = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?username=admin', { token: f.otherAdmin });
    expect(seen.body.result.total).toBe(1); // a member of tenant B by the seed: visible, but not B's to change
    const before = await adminRow();
    const takeover: Call[] = [
      [
        'PUT',
        '/sys/user/changePassword',
        { username: 'admin', password: 'Taken#Over2026', confirmpassword: 'Taken#Over2026' },
      ],
      ['PUT', '/sys/user/frozenBatch', { ids: adminId, status: 2 }],
      ['DELETE', `/sys/user/delete?id=${adminId}`],
      ['PUT', '/sys/user/edit', { id: adminId, realname: 'Pwned', phone: '13900000000', email: 'evil@example.com' }],
    ];
    for (const [method, url, body] of takeover) {
      const res = await t.call(method, url, { token: f.otherAdmin, body, headers: { 'accept-language': 'en-US' } });
      expect(res.body, `${method} ${url}`).toMatchObject({
        success: false,
        code: 510,
        message: expect.stringMatching(/only the platform tenant can change it/),
      });
    }
    expect(await adminRow()).toEqual(before);
    expect(before).toMatchObject({ status: 1, del_flag: 0 });
    expect(before!.realname).not.toBe('Pwned');
    expect(
      (await t.call('POST', '/sys/login', { body: { username: 'admin', password: 'Taken#Over2026' } })).body.success,
    ).toBe(false);
    const again = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('GET', '/sys/user/list', { token: again })).body.success).toBe(true);
    expect((await t.call('GET', '/sys/user/list', { token: f.admin })).status).toBe(200); // the old session was not revoked
  });

  it('lets a tenant administrator change only the memberships of a shared account inside their own tenant', async () => {
    // The platform itself may change its account (from the platform tenant).
    const profile = { realname: '系统管理员', phone: '13811112222', userIdentity: 2 };
    expect(
      (await t.call('PUT', '/sys/user/edit', { token: f.admin, body: { id: adminId, ...profile } })).body.success,
    ).toBe(true);
    const viewerB = await f.roleId(DEMO_TENANT_ID, 'viewer');
    const adminB = await f.roleId(DEMO_TENANT_ID, 'admin');
    const rolesOf = async (): Promise<string[]> =>
      (
        await t.db.query<{ role_id: string }>('SELECT role_id FROM sys_user_role WHERE user_id = $1 ORDER BY role_id', [
          adminId,
        ])
      ).map((r) => r.role_id);
    const before = await rolesOf();
    // Same profile, other roles of tenant B: allowed, and only B's rows change.
    const edit = await t.call('PUT', '/sys/user/edit', {
      token: f.otherAdmin,
      body: { id: adminId, ...profile, selectedroles: `${adminB},${viewerB}` },
    });
    expect(edit.body.success).toBe(true);
    expect(await rolesOf()).toEqual([...before, viewerB].sort());
    // Roles of the platform tenant cannot be given from B.
    const foreign = await t.call('PUT', '/sys/user/edit', {
      token: f.otherAdmin,
      body: { id: adminId, ...profile, selectedroles: await f.roleId(PLATFORM_TENANT_ID, 'viewer') },
    });
    expect(foreign.body.code).toBe(404);
    // Any account-level field changed with the roles: refused as a whole.
    const mixed = await t.call('PUT', '/sys/user/edit', {
      token: f.otherAdmin,
      body: { id: adminId, ...profile, userIdentity: 1, selectedroles: adminB },
    });
    expect(mixed.body.code).toBe(510);
    expect(await rolesOf()).toEqual([...before, viewerB].sort());
    expect(
      (
        await t.call('PUT', '/sys/user/edit', {
          token: f.otherAdmin,
          body: { id: adminId, ...profile, selectedroles: adminB },
        })
      ).body.success,
    ).toBe(true);
    expect(await rolesOf()).toEqual(before);
  });

  it('does not make the creator of a tenant a member: the new tenant lists only its own administrator', async () => {
    const add = await t.call<{ id: number }>('POST', '/sys/tenant/add', {
      token: f.admin,
      body: { name: '边界租户', adminUsername: 'boundary1', adminRealname: '边界管理员', adminPassword: USER_PASSWORD },
    });
    expect(add.body.success).toBe(true);
    const tenantId = add.body.result.id;
    expect(
      await t.db.query('SELECT 1 FROM sys_user_tenant WHERE user_id = $1 AND tenant_id = $2', [adminId, tenantId]),
    ).toEqual([]);
    const logged = await t.db.one<{ request_param: string }>(
      "SELECT request_param FROM sys_log WHERE request_url = '/sys/tenant/add' ORDER BY id DESC LIMIT 1",
    );
    expect(logged!.request_param).toContain('"adminPassword":"***"');
    expect(logged!.request_param).not.toContain(USER_PASSWORD);
    const own = await t.login('boundary1', USER_PASSWORD);
    const users = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?pageSize=100', { token: own });
    expect(users.body.result.records.map((u) => u.username)).toEqual(['boundary1']);
    expect(
      (await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?username=admin', { token: own })).body.result.total,
    ).toBe(0);
    // Its administrator holds the tenant's admin role in its root department.
    const roles = await t.call<RoleRecord[]>('GET', '/sys/role/queryall', { token: own });
    const mine = await t.call<string[]>('GET', `/sys/user/queryUserRole?userid=${users.body.result.records[0]!.id}`, {
      token: own,
    });
    expect(mine.body.result).toEqual(roles.body.result.filter((r) => r.roleCode === 'admin').map((r) => r.id));
    // The platform administrator is simply not there for it.
    const before = await adminRow();
    for (const [method, url, body] of [
      [
        'PUT',
        '/sys/user/changePassword',
        { username: 'admin', password: 'Taken#Over2026', confirmpassword: 'Taken#Over2026' },
      ],
      ['PUT', '/sys/user/frozenBatch', { ids: adminId, status: 2 }],
      ['DELETE', `/sys/user/delete?id=${adminId}`],
      ['PUT', '/sys/user/edit', { id: adminId, realname: 'Pwned', phone: '13900000000' }],
    ] as Call[]) {
      expect((await t.call(method, url, { token: own, body })).body, url).toMatchObject({ success: false, code: 404 });
    }
    expect(await adminRow()).toEqual(before);
    expect(await t.login('admin', ADMIN_PASSWORD)).toBeTruthy();
  });

  it("answers checkOnlyUser within the caller's tenant: another tenant's names are not revealed", async () => {
    await f.addUser(f.admin, 'secret01');
    await f.addUser(f.otherAdmin, 'bmember1');
    const en = { 'accept-language': 'en-US' };
    const check = (username: string, token = f.otherAdmin) =>
      t.call('GET', `/sys/user/checkOnlyUser?username=${username}`, { token, headers: en });
    const strip = ({ timestamp: _t, ...rest }: { timestamp: number }): unknown => rest;
    // A platform name looks exactly like a never-used one from tenant B.
    expect(strip((await check('secret01')).body)).toEqual(strip((await check('neverused1')).body));
    expect((await check('secret01')).body.success).toBe(true);
    expect((await check('SECRET01')).body.success).toBe(true);
    // Names of the caller's own tenant are still reported.
    expect((await check('bmember1')).body).toMatchObject({ success: false, message: 'User name already exists' });
    expect((await check('secret01', f.admin)).body).toMatchObject({
      success: false,
      message: 'User name already exists',
    });
    // Creating it from B still fails (names are global) with the generic answer of a reserved name.
    const add = (username: string) =>
      t.call('POST', '/sys/user/add', {
        token: f.otherAdmin,
        headers: en,
        body: { username, realname: 'Probe', phone: '13800000000', password: USER_PASSWORD },
      });
    const taken = await add('secret01');
    const reserved = await add('root');
    expect(taken.body).toMatchObject({
      success: false,
      code: 409,
      message: 'This user name cannot be used, choose another',
      errors: [{ field: 'username', message: 'This user name cannot be used, choose another' }],
    });
    expect(strip(taken.body)).toEqual(strip(reserved.body));
    expect(
      await t.db.query(
        "SELECT 1 FROM sys_user_tenant ut JOIN sys_user u ON u.id = ut.user_id WHERE u.username = 'secret01' AND ut.tenant_id = $1",
        [DEMO_TENANT_ID],
      ),
    ).toEqual([]);
  });

  it("refuses every user, role, department and department-role route called from tenant B with tenant A's ids, and changes nothing", async () => {
    // Tenant A's objects: a user only there, one in its recycle bin, a role, a department, a department role.
    const victim = await f.addUser(f.admin, 'victim01');
    const binned = await f.addUser(f.admin, 'binned01');
    expect((await t.call('DELETE', `/sys/user/delete?id=${binned}`, { token: f.admin })).body.success).toBe(true);
    const role = await f.roleId(PLATFORM_TENANT_ID, 'operator');
    const dep = await f.departId('A01A01');
    const perm = (await t.db.one<{ id: string }>("SELECT id FROM sys_permission WHERE perms = 'user:list'"))!.id;
    expect(
      (
        await t.call('POST', '/sys/permission/saveDepartPermission', {
          token: f.admin,
          body: { departId: dep, permissionIds: perm },
        })
      ).body.success,
    ).toBe(true);
    const dr = await t.call<{ id: string }>('POST', '/sys/sysDepartRole/add', {
      token: f.admin,
      body: { departId: dep, roleName: '平台部门角色', roleCode: 'pdr' },
    });
    const drId = dr.body.result.id;
    expect(
      (
        await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
          token: f.admin,
          body: { roleId: drId, permissionIds: perm },
        })
      ).body.success,
    ).toBe(true);
    const myDep = await f.departId('B01A01');
    const myRole = await f.roleId(DEMO_TENANT_ID, 'viewer');
    const before = await snapshot(t);

    const refused: Call[] = [
      // users
      ['PUT', '/sys/user/edit', { id: victim, realname: 'Hacked', phone: '13800000000' }],
      ['PUT', '/sys/user/edit', { id: victim, realname: 'Rvictim01', phone: '13800000000', selectedroles: myRole }],
      ['PUT', '/sys/user/edit', { id: adminId, realname: 'Hacked', phone: '13800000000' }],
      ['DELETE', `/sys/user/delete?id=${victim}`],
      ['DELETE', `/sys/user/delete?id=${adminId}`],
      ['DELETE', `/sys/user/deleteBatch?ids=${victim},${adminId}`],
      ['PUT', '/sys/user/frozenBatch', { ids: victim, status: 2 }],
      ['PUT', '/sys/user/frozenBatch', { ids: adminId, status: 2 }],
      [
        'PUT',
        '/sys/user/changePassword',
        { username: 'victim01', password: 'Hack#2026aa', confirmpassword: 'Hack#2026aa' },
      ],
      [
        'PUT',
        '/sys/user/changePassword',
        { username: 'admin', password: 'Hack#2026aa', confirmpassword: 'Hack#2026aa' },
      ],
      ['GET', `/sys/user/queryUserRole?userid=${victim}`],
      ['GET', `/sys/user/userDepartList?userId=${victim}`],
      ['PUT', '/sys/user/putRecycleBin', { userIds: binned }],
      ['DELETE', `/sys/user/deleteRecycleBin?userIds=${binned}`],
      ['GET', `/sys/user/departUserList?depId=${dep}`],
      ['GET', `/sys/user/userRoleList?roleId=${role}`],
      [
        'POST',
        '/sys/user/add',
        {
          username: 'crossrole2',
          realname: 'Cross',
          phone: '13800000000',
          password: USER_PASSWORD,
          selectedroles: role,
        },
      ],
      [
        'POST',
        '/sys/user/add',
        {
          username: 'crossdep2',
          realname: 'Cross',
          phone: '13800000000',
          password: USER_PASSWORD,
          selecteddeparts: dep,
        },
      ],
      // roles
      ['PUT', '/sys/role/edit', { id: role, roleName: 'Hacked', roleCode: 'hacked' }],
      ['DELETE', `/sys/role/delete?id=${role}`],
      ['DELETE', `/sys/role/deleteBatch?ids=${role}`],
      ['GET', `/sys/permission/queryRolePermission?roleId=${role}`],
      ['POST', '/sys/permission/saveRolePermission', { roleId: role, permissionIds: '' }],
      ['GET', `/sys/role/datarule/${perm}/${role}`],
      ['POST', '/sys/role/datarule', { roleId: role, permissionId: perm, dataRuleIds: '' }],
      // departments
      ['PUT', '/sys/sysDepart/edit', { id: dep, departName: 'Hacked' }],
      ['DELETE', `/sys/sysDepart/delete?id=${dep}`],
      ['DELETE', `/sys/sysDepart/deleteBatch?ids=${dep}`],
      ['POST', '/sys/sysDepart/add', { departName: 'Inside A', parentId: dep }],
      ['GET', `/sys/permission/queryDepartPermission?departId=${dep}`],
      ['POST', '/sys/permission/saveDepartPermission', { departId: dep, permissionIds: '' }],
      ['GET', `/sys/sysDepart/queryDepartRoles?departId=${dep}`],
      // department roles
      ['GET', `/sys/sysDepartRole/list?deptId=${dep}`],
      ['GET', `/sys/sysDepartRole/list?departId=${dep}`],
      ['POST', '/sys/sysDepartRole/add', { departId: dep, roleName: 'Hacked', roleCode: 'hacked' }],
      ['PUT', '/sys/sysDepartRole/edit', { id: drId, roleName: 'Hacked', roleCode: 'hacked' }],
      ['DELETE', `/sys/sysDepartRole/delete?id=${drId}`],
      ['DELETE', `/sys/sysDepartRole/deleteBatch?ids=${drId}`],
      ['GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${drId}`],
      ['POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: drId, permissionIds: '' }],
      ['GET', `/sys/sysDepartRole/datarule/${perm}/${dep}/${drId}`],
      ['POST', '/sys/sysDepartRole/datarule', { roleId: drId, permissionId: perm, dataRuleIds: '' }],
      // department data rules and the department-role calls of JeecgBoot's console
      ['GET', `/sys/sysDepartPermission/datarule/${perm}/${dep}`],
      ['POST', '/sys/sysDepartPermission/datarule', { departId: dep, permissionId: perm, dataRuleIds: '' }],
      ['GET', `/sys/sysDepartRole/getDeptRoleList?departId=${dep}`],
      ['GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${dep}`],
      ['GET', `/sys/sysDepart/queryDepartTreeSync?pid=${dep}`],
      ['GET', `/sys/sysDepart/queryParentName?departId=${dep}`],
      ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: victim, newRoleId: drId, oldRoleId: '' }],
      ['GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${victim}&departId=${dep}`],
      ['GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${victim}&departId=${myDep}`],
      ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { departId: dep, userId: victim, newRoleId: drId }],
      ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { departId: myDep, userId: victim, newRoleId: '' }],
    ];
    for (const [method, url, body] of refused) {
      const res = await t.call(method, url, { token: f.otherAdmin, body });
      expect(res.body.success, `${method} ${url} ${JSON.stringify(body ?? '')}`).toBe(false);
      expect([404, 510], `${method} ${url} → ${res.body.code} ${res.body.message}`).toContain(res.body.code);
    }
    // Lookups by id answer nothing of tenant A.
    expect(
      (await t.call<UserRecord[]>('GET', `/sys/user/queryByIds?userIds=${victim},${binned}`, { token: f.otherAdmin }))
        .body.result,
    ).toEqual([]);
    expect(sheetRows((await exported(t, `/sys/user/exportXls?selections=${victim}`, f.otherAdmin)).body)).toHaveLength(
      1,
    );
    expect(sheetRows((await exported(t, `/sys/role/exportXls?selections=${role}`, f.otherAdmin)).body)).toHaveLength(1);
    expect(await snapshot(t)).toEqual(before);
    expect(await t.login('victim01', USER_PASSWORD)).toBeTruthy();
  });
});
