import type {
  PageResult,
  UserInfo,
  UserNotificationSettings,
  UserProfileRecord,
  UserRecord,
  UserSettings,
} from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFixtures,
  download,
  exported,
  tenantHeader,
  upload,
  USER_PASSWORD,
  type AdminFixtures,
} from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { expectRefused } from '../../../test/refusal';

const sheet = (rows: unknown[][], bookType: 'xls' | 'xlsx' = 'xlsx'): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'S');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
};

describe('user administration', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const list = (q: string, token = f.admin) => t.call<PageResult<UserRecord>>('GET', `/sys/user/list?${q}`, { token });

  it('adds a user with roles and departments of the tenant and lists it', async () => {
    const id = await f.addUser(f.admin, 'alice01', {
      email: 'alice@example.com',
      sex: 2,
      selecteddeparts: await f.departId('A01A01'),
      alarmPushMode: [1, 4],
    });
    const res = await list('username=alice01');
    expect(res.body.result).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    expect(res.body.result.records[0]).toMatchObject({
      id,
      realname: 'Ralice01',
      sex: 2,
      orgCode: 'A01A01',
      orgCodeTxt: '技术部',
      alarmPushMode: [1, 4],
      status: 1,
    });
    const dup = await t.call('POST', '/sys/user/add', {
      token: f.admin,
      body: { username: 'ALICE01', realname: 'dup', phone: '13800000000', password: USER_PASSWORD },
    });
    expect(dup.body).toMatchObject({ success: false, message: '用户名已存在' });
    const check = await t.call('GET', '/sys/user/checkOnlyUser?username=alice01', {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(check.body).toMatchObject({ success: false, message: 'User name already exists' });
    expect((await t.call('GET', '/sys/user/checkOnlyUser?username=freename', { token: f.admin })).body.success).toBe(
      true,
    );
  });

  it('validates SPEC §5 rules with translated field messages', async () => {
    const res = await t.call('POST', '/sys/user/add', {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
      body: { username: 'ab', realname: 'x/y', phone: '12345', email: 'nope', password: 'weak' },
    });
    expectRefused(res, 400);
    const fields = Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(fields.username).toBe('The user name is 6 to 18 letters, digits or underscores');
    expect(fields.phone).toBe('Please enter the correct mobile number!');
    expect(fields.email).toBe('Please enter a valid email address');
    expect(fields.password).toMatch(/8 characters/);
    expect(fields.realname).toBeDefined();
  });

  it('edits, freezes (revoking sessions) and unfreezes', async () => {
    const id = await f.addUser(f.admin, 'bob0001');
    const token = await t.login('bob0001', USER_PASSWORD);
    const edit = await t.call('PUT', '/sys/user/edit', {
      token: f.admin,
      body: { id, realname: 'Bobby', phone: '13900000000', selectedroles: await f.roleId(1000, 'operator') },
    });
    expect(edit.body.success).toBe(true);
    expect(
      (await t.call<string[]>('GET', `/sys/user/queryUserRole?userid=${id}`, { token: f.admin })).body.result,
    ).toEqual([await f.roleId(1000, 'operator')]);
    expect(
      (await t.call('PUT', '/sys/user/frozenBatch', { token: f.admin, body: { ids: id, status: 2 } })).body.success,
    ).toBe(true);
    expect((await t.call('GET', '/sys/user/settings', { token })).status).toBe(401);
    expect((await list('status=2')).body.result.records.map((r) => r.username)).toContain('bob0001');
    await t.call('PUT', '/sys/user/frozenBatch', { token: f.admin, body: { ids: id, status: 1 } });
    expect(
      (await t.call('POST', '/sys/login', { body: { username: 'bob0001', password: USER_PASSWORD } })).body.success,
    ).toBe(true);
    const self = await t.call('PUT', '/sys/user/frozenBatch', {
      token: f.admin,
      body: { ids: (await t.db.one<{ id: string }>("SELECT id FROM sys_user WHERE username='admin'"))!.id, status: 2 },
    });
    expect(self.body.success).toBe(false);
  });

  it('resets a password and saves the alarm-push settings', async () => {
    await f.addUser(f.admin, 'carol01');
    const res = await t.call('PUT', '/sys/user/changePassword', {
      token: f.admin,
      body: { username: 'carol01', password: 'New#Pass2026', confirmpassword: 'New#Pass2026' },
    });
    expect(res.body.success).toBe(true);
    const token = await t.login('carol01', 'New#Pass2026');
    const settings: UserSettings = {
      defaultMonitorAccount: 'carol01',
      onlyMultiLevelAlarm: true,
      alarmPushMode: [2, 4],
    };
    expect((await t.call('PUT', '/sys/user/settings', { token, body: settings })).body.success).toBe(true);
    expect((await t.call<UserSettings>('GET', '/sys/user/settings', { token })).body.result).toEqual(settings);
  });

  it('lets a user without any admin permission edit only their own profile (account base setting)', async () => {
    const self = await f.addUser(f.admin, 'self0001', { email: 'self@example.com' });
    const other = await f.addUser(f.admin, 'other001');
    const token = await t.login('self0001', USER_PASSWORD);
    expect(
      (await t.call('PUT', '/sys/user/edit', { token, body: { id: self, realname: 'Nope', phone: '13800000000' } }))
        .body.code,
    ).toBe(510);
    const profile = {
      realname: '自助修改',
      email: 'new@example.com',
      phone: '13912345678',
      sex: 2,
      birthday: '1991-02-03',
      avatar: 'avatar/me.png',
    };
    const res = await t.call<UserInfo>('PUT', '/sys/user/login/setting/userEdit', {
      token,
      // Keys outside the profile are dropped: account name, status, roles, departments, tenant, another id.
      body: {
        ...profile,
        id: other,
        username: 'hijack1',
        status: 2,
        userIdentity: 2,
        selectedroles: await f.roleId(1000, 'admin'),
        selecteddeparts: await f.departId('A01A01'),
        loginTenantId: 1001,
      },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result).toMatchObject({
      id: self,
      username: 'self0001',
      realname: '自助修改',
      email: 'new@example.com',
      phone: '13912345678',
      sex: 2,
      avatar: 'avatar/me.png',
      status: 1,
      userIdentity: 1,
    });
    expect(
      (await t.call<UserProfileRecord>('GET', '/sys/user/login/setting/getUserData', { token })).body.result,
    ).toEqual({ username: 'self0001', ...profile });
    const row = await t.db.one('SELECT username, status, user_identity, org_code FROM sys_user WHERE id = $1', [self]);
    expect(row).toEqual({ username: 'self0001', status: 1, user_identity: 1, org_code: null });
    expect(
      (await t.call<string[]>('GET', `/sys/user/queryUserRole?userid=${self}`, { token: f.admin })).body.result,
    ).toEqual([]);
    expect((await t.call('GET', `/sys/user/userDepartList?userId=${self}`, { token: f.admin })).body.result).toEqual(
      [],
    );
    expect(await t.db.one('SELECT realname FROM sys_user WHERE id = $1', [other])).toEqual({ realname: 'Rother001' });
    expect((await t.call('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);

    const bad = await t.call('PUT', '/sys/user/login/setting/userEdit', {
      token,
      headers: { 'accept-language': 'en-US' },
      body: { ...profile, email: 'not-an-email', phone: '123' },
    });
    expectRefused(bad, 400);
    const fields = Object.fromEntries((bad.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(fields).toMatchObject({
      email: 'Please enter a valid email address',
      phone: 'Please enter the correct mobile number!',
    });
    const badZh = await t.call('PUT', '/sys/user/login/setting/userEdit', {
      token,
      body: { ...profile, realname: 'a/b' },
    });
    expectRefused(badZh, 400);
    expect(badZh.body.errors?.map((e) => e.field)).toEqual(['realname']);
    expect(
      (await t.call<UserProfileRecord>('GET', '/sys/user/login/setting/getUserData', { token })).body.result.email,
    ).toBe('new@example.com');
    expect((await t.call('PUT', '/sys/user/login/setting/userEdit', { body: profile })).status).toBe(401);
    // Clearing the optional fields.
    const cleared = await t.call<UserInfo>('PUT', '/sys/user/login/setting/userEdit', {
      token,
      body: { realname: 'Self', phone: '13912345678', email: '', birthday: '', avatar: null, sex: null },
    });
    expect(cleared.body.result).toMatchObject({ email: null, avatar: null, sex: null });
  });

  it('stores notification preferences per user through session routes (account settings)', async () => {
    await f.addUser(f.admin, 'notify01');
    await f.addUser(f.admin, 'notify02');
    const one = await t.login('notify01', USER_PASSWORD);
    const two = await t.login('notify02', USER_PASSWORD);
    const read = async (token: string): Promise<UserNotificationSettings> =>
      (await t.call<UserNotificationSettings>('GET', '/sys/user/settings/notification', { token })).body.result;
    const all = { systemMessage: true, userMessage: true, todoTask: true, alarmMessage: true };
    expect(await read(one)).toEqual(all);
    const mine = { systemMessage: false, userMessage: true, todoTask: false, alarmMessage: true };
    expect((await t.call('PUT', '/sys/user/settings/notification', { token: one, body: mine })).body.success).toBe(
      true,
    );
    expect(await read(one)).toEqual(mine);
    expect(await read(await t.login('notify01', USER_PASSWORD))).toEqual(mine);
    expect(await read(two)).toEqual(all);
    const again = { ...mine, alarmMessage: false };
    await t.call('PUT', '/sys/user/settings/notification', { token: one, body: again });
    expect(await read(one)).toEqual(again);
    expectRefused(
      await t.call('PUT', '/sys/user/settings/notification', { token: one, body: { systemMessage: 'no' } }),
      400,
    );
    expect((await t.call('GET', '/sys/user/settings/notification')).status).toBe(401);
  });

  it('moves users to the recycle bin, restores and deletes them for ever', async () => {
    const a = await f.addUser(f.admin, 'recycle1');
    const b = await f.addUser(f.admin, 'recycle2');
    expect((await t.call('DELETE', `/sys/user/deleteBatch?ids=${a},${b}`, { token: f.admin })).body.success).toBe(true);
    expect((await list('username=recycle*')).body.result.total).toBe(0);
    const bin = await t.call<UserRecord[]>('GET', '/sys/user/recycleBin?username=recycle*', { token: f.admin });
    expect(bin.body.result.map((r) => r.username).sort()).toEqual(['recycle1', 'recycle2']);
    await t.call('PUT', '/sys/user/putRecycleBin', { token: f.admin, body: { userIds: a } });
    expect((await list('username=recycle1')).body.result.total).toBe(1);
    expect((await t.call('DELETE', `/sys/user/deleteRecycleBin?userIds=${b}`, { token: f.admin })).body.success).toBe(
      true,
    );
    expect(await t.db.one('SELECT 1 FROM sys_user WHERE id = $1', [b])).toBeUndefined();
    const notInBin = await t.call('DELETE', `/sys/user/deleteRecycleBin?userIds=${a}`, { token: f.admin });
    expect(notInBin.body.code).toBe(404);
  });

  it('refuses every system call to a viewer with code 510 and changes nothing', async () => {
    const id = await f.addUser(f.admin, 'victim1');
    const calls: [string, string, unknown?][] = [
      ['GET', '/sys/user/list'],
      [
        'POST',
        '/sys/user/add',
        { username: 'sneaky1', realname: 'Sneaky', phone: '13800000000', password: USER_PASSWORD },
      ],
      ['PUT', '/sys/user/edit', { id, realname: 'Hacked', phone: '13800000000' }],
      ['DELETE', `/sys/user/delete?id=${id}`],
      ['PUT', '/sys/user/frozenBatch', { ids: id, status: 2 }],
      [
        'PUT',
        '/sys/user/changePassword',
        { username: 'victim1', password: 'Hack#2026aa', confirmpassword: 'Hack#2026aa' },
      ],
      ['GET', '/sys/user/exportXls'],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: f.viewer, body });
      expect(res.body, `${method} ${url}`).toMatchObject({ success: false, code: 510 });
    }
    const imp = await upload(t, '/sys/user/importExcel', f.viewer, [
      { field: 'files[]', filename: 'u.xlsx', content: sheet([['username'], ['sneaky2']]) },
    ]);
    expect(imp.code).toBe(510);
    const row = await t.db.one<{ realname: string; status: number; del_flag: number }>(
      'SELECT realname, status, del_flag FROM sys_user WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ realname: 'Rvictim1', status: 1, del_flag: 0 });
    expect(await t.db.one("SELECT 1 FROM sys_user WHERE username LIKE 'sneaky%'")).toBeUndefined();
  });

  it('keeps tenants apart: by id, list, export and import', async () => {
    const id = await f.addUser(f.admin, 'platform1');
    const other = f.otherAdmin;
    const seen = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?pageSize=100', { token: other });
    expect(seen.body.result.records.map((r) => r.username)).not.toContain('platform1');
    expect((await t.call('GET', `/sys/user/list?username=platform1`, { token: other })).body.result).toMatchObject({
      total: 0,
    });
    for (const [method, url, body] of [
      ['PUT', '/sys/user/edit', { id, realname: 'Hacked', phone: '13800000000' }],
      ['DELETE', `/sys/user/delete?id=${id}`],
      ['PUT', '/sys/user/frozenBatch', { ids: id, status: 2 }],
      ['GET', `/sys/user/queryUserRole?userid=${id}`],
      [
        'PUT',
        '/sys/user/changePassword',
        { username: 'platform1', password: 'Hack#2026aa', confirmpassword: 'Hack#2026aa' },
      ],
    ] as [string, string, unknown?][]) {
      expect((await t.call(method, url, { token: other, body })).body, url).toMatchObject({
        success: false,
        code: 404,
      });
    }
    expect(
      (await t.call<UserRecord[]>('GET', `/sys/user/queryByIds?userIds=${id}`, { token: other })).body.result,
    ).toEqual([]);
    const xls = await exported(t, `/sys/user/exportXls?selections=${id}`, other);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(xls.body).Sheets[XLSX.read(xls.body).SheetNames[0]!]!, {
      header: 1,
    });
    expect(rows).toHaveLength(1);
    // Roles of another tenant cannot be given.
    const foreignRole = await t.call('POST', '/sys/user/add', {
      token: other,
      body: {
        username: 'crossrole',
        realname: 'Cross',
        phone: '13800000000',
        password: USER_PASSWORD,
        selectedroles: await f.roleId(1000, 'admin'),
      },
    });
    expect(foreignRole.body.code).toBe(404);
    const imp = await upload(t, '/sys/user/importExcel', other, [
      {
        field: 'files[]',
        filename: 'u.xlsx',
        content: sheet([
          ['username', 'realname', 'phone'],
          ['demo0001', 'Demo', '13800000000'],
        ]),
      },
    ]);
    expect(imp.success).toBe(true);
    const tenants = await t.db.query<{ tenant_id: number }>(
      "SELECT ut.tenant_id FROM sys_user_tenant ut JOIN sys_user u ON u.id = ut.user_id WHERE u.username = 'demo0001'",
    );
    expect(tenants).toEqual([{ tenant_id: DEMO_TENANT_ID }]);
    expect(await t.db.one<{ realname: string }>('SELECT realname FROM sys_user WHERE id = $1', [id])).toEqual({
      realname: 'Rplatform1',
    });
    const mine = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?username=demo0001', {
      token: f.admin,
      headers: tenantHeader(DEMO_TENANT_ID),
    });
    expect(mine.body.result.total).toBe(1);
  });

  it('exports .xls with translated headers and imports with partial failure (201 + error file)', async () => {
    await f.addUser(f.admin, 'export01');
    const en = await exported(t, '/sys/user/exportXls?username=export01', f.admin, { 'accept-language': 'en-US' });
    expect(en.status).toBe(200);
    expect(en.type).toContain('application/vnd.ms-excel');
    expect(en.disposition).toContain('users.xls');
    const book = XLSX.read(en.body);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]!.slice(0, 3)).toEqual(['Account', 'Name', 'Sex']);
    expect(rows[1]![0]).toBe('export01');
    const zh = await exported(t, '/sys/user/exportXls?username=export01', f.admin);
    const zrows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(zh.body).Sheets[XLSX.read(zh.body).SheetNames[0]!]!, {
      header: 1,
    });
    expect(zrows[0]![0]).toBe('用户账号');

    const content = sheet(
      [
        ['用户账号', '用户姓名', '手机号码', 'Email'],
        ['import01', 'Imported', '13800000001', 'i1@example.com'],
        ['export01', 'Duplicate', '13800000002', ''],
        ['import03', 'Bad phone', '123', ''],
      ],
      'xls',
    );
    const res = await upload<{ msg: string; fileUrl: string; fileName: string }>(t, '/sys/user/importExcel', f.admin, [
      { field: 'files[]', filename: 'users.xls', content },
    ]);
    expect(res).toMatchObject({ success: true, code: 201 });
    expect(res.result.fileUrl).toMatch(/^\/sys\/common\/static\/import\/[0-9a-f]{32}\.xls$/);
    const errors = await download(t, res.result.fileUrl, f.admin);
    expect(errors.status).toBe(200);
    const erows = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(errors.body).Sheets[XLSX.read(errors.body).SheetNames[0]!]!,
      { header: 1 },
    );
    expect(erows).toHaveLength(3);
    expect(erows[1]![1]).toBe('export01');
    expect(erows[1]![5]).toBe('用户名已存在');
    expect(erows[2]![5]).toMatch(/phone/);
    expect((await list('username=import01')).body.result.total).toBe(1);
    const ok = await upload(t, '/sys/user/importExcel', f.admin, [
      {
        field: 'files[]',
        filename: 'u.xlsx',
        content: sheet([
          ['username', 'realname', 'phone'],
          ['import04', 'Four', '13800000004'],
        ]),
      },
    ]);
    expect(ok).toMatchObject({ success: true, code: 200 });
    const bad = await upload(t, '/sys/user/importExcel', f.admin, [
      {
        field: 'files[]',
        filename: 'u.xlsx',
        content: sheet([
          ['username', 'DROP TABLE'],
          ['x', 'y'],
        ]),
      },
    ]);
    expect(bad).toMatchObject({ success: false, code: 400, message: '未知的查询字段：DROP TABLE' });
    const txt = await upload(t, '/sys/user/importExcel', f.admin, [
      { field: 'files[]', filename: 'u.txt', content: Buffer.from('x') },
    ]);
    expect(txt.success).toBe(false);
  });

  it('re-imports its own export in both languages: existing rows are duplicates, missing ones come back as they were', async () => {
    const tech = await f.departId('A01A01');
    const keep = await f.addUser(f.admin, 'roundtrip1', {
      sex: 2,
      birthday: '1990-05-06',
      email: 'rt1@example.com',
      telephone: '010-12345678',
      workNo: 'W1',
      selecteddeparts: tech,
    });
    let gone = await f.addUser(f.admin, 'roundtrip2', {
      sex: 1,
      userIdentity: 2,
      email: 'rt2@example.com',
      selecteddeparts: tech,
    });
    await t.call('PUT', '/sys/user/frozenBatch', { token: f.admin, body: { ids: gone, status: 2 } });
    const before = (await list('username=roundtrip2')).body.result.records[0]!;
    for (const lang of ['zh-CN', 'en-US']) {
      const file = await exported(t, '/sys/user/exportXls?username=roundtrip*&column=username&order=asc', f.admin, {
        'accept-language': lang,
      });
      const rows = XLSX.utils.sheet_to_json<string[]>(
        XLSX.read(file.body).Sheets[XLSX.read(file.body).SheetNames[0]!]!,
        { header: 1 },
      );
      // Dictionary values are shown as texts of the caller's language.
      expect(rows[1]![2]).toBe(lang === 'en-US' ? 'Female' : '女');
      expect(rows[2]).toEqual(
        expect.arrayContaining([
          lang === 'en-US' ? 'Frozen' : '冻结',
          lang === 'en-US' ? 'Upper level' : '上级',
          'A01A01',
        ]),
      );
      // roundtrip2 leaves for ever; roundtrip1 stays.
      await t.call('DELETE', `/sys/user/delete?id=${gone}`, { token: f.admin });
      expect(
        (await t.call('DELETE', `/sys/user/deleteRecycleBin?userIds=${gone}`, { token: f.admin })).body.success,
      ).toBe(true);
      const res = await upload<{ success: number; failed: number; fileUrl: string }>(
        t,
        '/sys/user/importExcel',
        f.admin,
        [{ field: 'files[]', filename: 'users.xls', content: file.body }],
        {},
        { 'accept-language': lang },
      );
      expect(res, lang).toMatchObject({ success: true, code: 201, result: { success: 1, failed: 1 } });
      const errors = await download(t, res.result.fileUrl, f.admin);
      const erows = XLSX.utils.sheet_to_json<string[]>(
        XLSX.read(errors.body).Sheets[XLSX.read(errors.body).SheetNames[0]!]!,
        { header: 1 },
      );
      expect(erows[1]![1]).toBe('roundtrip1');
      expect(erows[1]!.at(-1)).toBe(lang === 'en-US' ? 'User name already exists' : '用户名已存在');
      const back = (await list('username=roundtrip2')).body.result.records[0]!;
      const { id: _id, createTime: _c, updateTime: _u, createBy: _b, ...same } = before;
      expect(back).toMatchObject({ ...same, createBy: 'admin' });
      gone = back.id;
    }
    expect((await list('username=roundtrip1')).body.result.records[0]!.id).toBe(keep);
    const unknownDept = await upload(t, '/sys/user/importExcel', f.admin, [
      {
        field: 'files[]',
        filename: 'u.xlsx',
        content: sheet([
          ['用户账号', '用户姓名', '手机号码', '部门编码', '状态'],
          ['roundtrip3', 'Three', '13800000003', 'Z99', '正常'],
        ]),
      },
    ]);
    expect(unknownDept).toMatchObject({ success: true, code: 201, result: { success: 0, failed: 1 } });
    const bad = await upload(t, '/sys/user/importExcel', f.admin, [
      {
        field: 'files[]',
        filename: 'u.xlsx',
        content: sheet([
          ['用户账号', '用户姓名', '手机号码', '状态'],
          ['roundtrip4', 'Four', '13800000004', '半冻结'],
        ]),
      },
    ]);
    expect(bad).toMatchObject({ success: true, code: 201, result: { success: 0, failed: 1 } });
  });

  it('writes one operation log per successful change', async () => {
    await f.addUser(f.admin, 'logged01');
    const logs = await t.call<PageResult<{ requestUrl: string; operateType: number; username: string }>>(
      'GET',
      '/sys/log/list?logType=2&requestUrl=*user/add*&pageSize=100',
      { token: f.admin },
    );
    expect(logs.body.result.records.length).toBeGreaterThan(0);
    expect(logs.body.result.records[0]).toMatchObject({
      requestUrl: '/sys/user/add',
      operateType: 2,
      username: 'admin',
    });
    const stored = await t.db.one<{ request_param: string }>(
      "SELECT request_param FROM sys_log WHERE request_url = '/sys/user/add' ORDER BY id DESC LIMIT 1",
    );
    expect(stored!.request_param).toContain('"password":"***"');
    const other = await t.call<PageResult<unknown>>('GET', '/sys/log/list?logType=2&requestUrl=*user/add*', {
      token: f.otherAdmin,
    });
    const demoRows = await t.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM sys_log WHERE log_type = 2 AND tenant_id = $1 AND request_url LIKE '%user/add%'",
      [DEMO_TENANT_ID],
    );
    expect(other.body.result.total).toBe(demoRows!.n);
    expect(other.body.result.total).toBeLessThan(logs.body.result.total);
  });
});
