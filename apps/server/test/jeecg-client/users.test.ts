import type { PageResult, UserRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../admin-fixtures';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../test-app';
import { expectReplayed } from './calls';
import { jeecgClient, stringifyNumbers, type JeecgClient } from './client';

/**
 * JeecgBoot's Vue2 console against this server, login and user areas: the requests are
 * built as its manage.js builds them (client.ts) and the checks read what its pages read.
 */
describe('JeecgBoot client: login and users', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let c: JeecgClient;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    c = jeecgClient(t, f.admin);
  });
  afterAll(() => t.close());

  it('signs in with checkKey sent as a number (new Date().getTime()) and the other fields as the login page sends them', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/ztj-iot/sys/login',
      headers: { 'content-type': 'application/json;charset=UTF-8', 'tenant-id': '0' },
      payload: JSON.stringify({
        username: 'admin',
        password: ADMIN_PASSWORD,
        captcha: 'abcd',
        checkKey: Date.now(),
        remember_me: true,
      }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; result: { token: string; userInfo: { username: string } } };
    expect(body.success).toBe(true);
    expect(body.result.token).toEqual(expect.any(String));
    expect(body.result.userInfo.username).toBe('admin');
  });

  it('refuses a wrong form in the envelope (HTTP 200, success false, code 400, field messages) so the page handler runs', async () => {
    const res = await c.post('/sys/user/add', { username: 'x', realname: '', phone: '1', password: 'weak', sex: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 400 });
    expect(res.body.message).toBe('请求参数校验失败');
    expect((res.body.errors ?? []).map((e) => e.field)).toEqual(
      expect.arrayContaining(['username', 'realname', 'phone', 'password']),
    );
    const missing = await c.get('/sys/user/queryUserRole', { userid: 'no-such-user' });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ success: false, code: 404, message: '资源不存在' });
  });

  it('adds and edits a user whose numbers arrive as strings (sex, userIdentity, status) and lists it with dictionary texts', async () => {
    const added = await c.post<{ id: string }>('/sys/user/add', {
      username: 'jeecg01',
      realname: 'Jeecg',
      phone: '13800000001',
      password: 'Jeecg#2026a',
      confirmPassword: 'Jeecg#2026a',
      sex: 2,
      userIdentity: 1,
      selecteddeparts: await f.departId('A01A01'),
      selectedroles: '',
    });
    expect(added.body.success).toBe(true);
    const id = added.body.result.id;
    const edit = await c.put('/sys/user/edit', {
      id,
      realname: 'JeecgTwo',
      phone: '13800000001',
      sex: 1,
      userIdentity: 2,
    });
    expect(edit.body.errors ?? []).toEqual([]);
    expect(edit.body.success).toBe(true);
    const frozen = await c.put('/sys/user/frozenBatch', { ids: id, status: 2 });
    expect(frozen.body.success).toBe(true);
    const list = await c.get<PageResult<UserRecord & Record<string, unknown>>>('/sys/user/list', {
      username: 'jeecg01',
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      field: 'id,,,username,realname,sex_dictText',
    });
    expect(list.body.result.total).toBe(1);
    const row = list.body.result.records[0]!;
    expect(row).toMatchObject({
      sex: 1,
      sex_dictText: '男',
      status: 2,
      status_dictText: '冻结',
      userIdentity: 2,
      userIdentity_dictText: '上级',
      departIds_dictText: '技术部',
      departName: '技术部',
    });
    expect(row.departIds).toBe(await f.departId('A01A01'));
    const en = await jeecgClient(t, f.admin, 0, 'en-US').get<PageResult<Record<string, unknown>>>('/sys/user/list', {
      username: 'jeecg01',
    });
    expect(en.body.result.records[0]).toMatchObject({ sex_dictText: 'Male', status_dictText: 'Frozen' });
  });

  it('manages role and department members the way the role-user and department-user screens do', async () => {
    const u = await f.addUser(f.admin, 'member01');
    const role = await f.roleId(1000, 'operator');
    expect((await c.post('/sys/user/addSysUserRole', { roleId: role, userIdList: [u] })).body.success).toBe(true);
    expect((await c.get<string[]>('/sys/user/queryUserRole', { userid: u })).body.result).toContain(role);
    expect((await c.delete('/sys/user/deleteUserRole', { roleId: role, userId: u })).body.success).toBe(true);
    expect((await c.get<string[]>('/sys/user/queryUserRole', { userid: u })).body.result).not.toContain(role);
    await c.post('/sys/user/addSysUserRole', { roleId: role, userIdList: [u] });
    expect((await c.delete('/sys/user/deleteUserRoleBatch', { roleId: role, userIds: `${u},` })).body.success).toBe(
      true,
    );

    const dep = await f.departId('A01A02');
    expect((await c.post('/sys/user/editSysDepartWithUser', { depId: dep, userIdList: [u] })).body.success).toBe(true);
    const byDep = await c.get<UserRecord[]>('/sys/user/queryUserByDepId', { id: dep });
    expect(byDep.body.result.map((r) => r.username)).toContain('member01');
    expect((await c.delete('/sys/user/deleteUserInDepart', { depId: dep, userId: u })).body.success).toBe(true);
    await c.post('/sys/user/editSysDepartWithUser', { depId: dep, userIdList: [u] });
    expect((await c.delete('/sys/user/deleteUserInDepartBatch', { depId: dep, userIds: u })).body.success).toBe(true);
    expect(
      (await c.get<UserRecord[]>('/sys/user/queryUserByDepId', { id: dep })).body.result.map((r) => r.username),
    ).not.toContain('member01');
    expect(typeof (await c.get<string>('/sys/user/generateUserId')).body.result).toBe('string');
  });

  it('keeps another tenant out of the membership calls (code 404 in the envelope)', async () => {
    const mine = await f.addUser(f.admin, 'member02');
    const other = jeecgClient(t, f.otherAdmin);
    expect(
      (await other.post('/sys/user/addSysUserRole', { roleId: await f.roleId(1001, 'admin'), userIdList: [mine] }))
        .body,
    ).toMatchObject({ success: false, code: 404 });
    expect((await other.get('/sys/user/queryUserByDepId', { id: await f.departId('A01') })).body).toMatchObject({
      success: false,
      code: 404,
    });
    expect(
      (await other.delete('/sys/user/deleteUserInDepart', { depId: await f.departId('A01'), userId: mine })).body,
    ).toMatchObject({ success: false, code: 404 });
    expect(
      (await jeecgClient(t, f.viewer).get('/sys/user/queryUserByDepId', { id: await f.departId('A01') })).body,
    ).toMatchObject({ success: false, code: 510 });
  });

  it('runs the recycle bin as UserRecycleBinModal does (result read as the rows) and looks picker values up by id=<ids>,', async () => {
    const a = await f.addUser(f.admin, 'binuser1');
    const b = await f.addUser(f.admin, 'binuser2');
    const picked = await c.get<PageResult<UserRecord>>('/sys/user/list', { id: `${a},${b},`, pageNo: 1, pageSize: 2 });
    expect(picked.body.result.records.map((r) => r.username).sort()).toEqual(['binuser1', 'binuser2']);
    expect((await c.delete('/sys/user/deleteBatch', { ids: `${a},${b},` })).body.success).toBe(true);
    const bin = await c.get<UserRecord[]>('/sys/user/recycleBin', { username: 'binuser*' });
    expect(bin.body.result.map((r) => r.username).sort()).toEqual(['binuser1', 'binuser2']);
    expect((await c.put('/sys/user/putRecycleBin', { userIds: a })).body.success).toBe(true);
    expect((await c.delete('/sys/user/deleteRecycleBin', { userIds: b })).body.success).toBe(true);
    expect((await c.get<UserRecord[]>('/sys/user/recycleBin', { username: 'binuser*' })).body.result).toEqual([]);
    expect(
      (await c.get<PageResult<UserRecord>>('/sys/user/list', { id: `${a},`, pageNo: 1, pageSize: 1 })).body.result
        .records[0]?.username,
    ).toBe('binuser1');
    expect((await c.delete('/sys/user/delete', { id: a })).body.success).toBe(true);
    expect((await c.get<PageResult<UserRecord>>('/sys/user/list', { id: `${a},` })).body.result.total).toBe(0);
    // another tenant's administrator finds nobody of this tenant through the lookup
    expect(
      (await jeecgClient(t, f.otherAdmin).get<PageResult<UserRecord>>('/sys/user/list', { id: `${f.admin},` })).body
        .result.total,
    ).toBe(0);
  });

  it('replays every call listed as working', () => {
    expectReplayed('users', c);
  });

  it('turns numbers into strings in the signed body (helper check)', () => {
    expect(stringifyNumbers({ a: 1, b: [2, { c: 3 }], d: 'x', e: true })).toEqual({
      a: '1',
      b: ['2', { c: '3' }],
      d: 'x',
      e: true,
    });
  });
});
