import type { CategoryNode, PageResult, PositionRecord, TenantRecord, UploadResult, UserRecord } from '@ztj/contracts';
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
import { expectRefused } from '../../../test/refusal';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('tenants, positions, dictionaries, categories, upload and the list contract over HTTP', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  it('answers list errors with code 400 naming the field, and supports super query and sort', async () => {
    const en = { 'accept-language': 'en-US' };
    const unknown = await t.call('GET', '/sys/user/list?passwordHash=x', { token: f.admin, headers: en });
    expect(unknown).toMatchObject({
      status: 200,
      body: { success: false, code: 400, message: 'Unknown query field: passwordHash' },
    });
    const sort = await t.call('GET', '/sys/user/list?column=password_hash', { token: f.admin, headers: en });
    expect(sort.body.message).toBe('Cannot sort by field: password_hash');
    const inj = await t.call('GET', `/sys/user/list?username=${encodeURIComponent("admin' OR '1'='1")}`, {
      token: f.admin,
    });
    expect(inj.body.result).toMatchObject({ total: 0 });
    const sq = encodeURIComponent(
      JSON.stringify([
        { field: 'username', rule: 'eq', val: 'admin' },
        { field: 'username', rule: 'eq', val: 'viewer1' },
      ]),
    );
    const or = await t.call<PageResult<UserRecord>>(
      'GET',
      `/sys/user/list?superQueryParams=${sq}&superQueryMatchType=or&column=username&order=asc`,
      { token: f.admin },
    );
    expect(or.body.result.records.map((r) => r.username)).toEqual(['admin', 'viewer1']);
    const and = await t.call<PageResult<UserRecord>>(
      'GET',
      `/sys/user/list?superQueryParams=${sq}&superQueryMatchType=and`,
      { token: f.admin },
    );
    expect(and.body.result.total).toBe(0);
    const page = await t.call<PageResult<UserRecord>>(
      'GET',
      '/sys/user/list?pageSize=1&pageNo=2&column=username&order=asc',
      { token: f.admin },
    );
    expect(page.body.result).toMatchObject({ size: 1, current: 2, total: 2, pages: 2 });
    expect(page.body.result.records[0]!.username).toBe('viewer1');
  });

  it('manages tenants from the platform tenant; an ended tenant is refused at sign-in', async () => {
    const first = { adminUsername: 'newadmin1', adminRealname: '新管理员', adminPassword: USER_PASSWORD };
    const add = await t.call<{ id: number }>('POST', '/sys/tenant/add', {
      token: f.admin,
      body: { name: '新租户', status: 1, beginDate: '2026-01-01', ...first },
    });
    expect(add.body.success).toBe(true);
    const id = add.body.result.id;
    const list = await t.call<PageResult<TenantRecord>>('GET', '/sys/tenant/list?column=id&order=asc', {
      token: f.admin,
    });
    expect(list.body.result.records.map((r) => r.id)).toEqual([1000, 1001, id]);
    expect(
      (
        await t.call<PageResult<TenantRecord>>('GET', '/sys/tenant/list', { token: f.otherAdmin })
      ).body.result.records.map((r) => r.id),
    ).toEqual([1001]);
    expect(
      (
        await t.call('POST', '/sys/tenant/add', {
          token: f.otherAdmin,
          body: { name: 'Rogue tenant', ...first, adminUsername: 'rogue01' },
        })
      ).body.code,
    ).toBe(510);
    expect((await t.call('GET', `/sys/tenant/queryById?id=1000`, { token: f.otherAdmin })).body.code).toBe(404);
    // Deliberate change: the creator no longer joins the new tenant; the
    // call creates the tenant's own first administrator, the only user of its list.
    const own = await t.login('newadmin1', USER_PASSWORD);
    const inNew = await t.call<PageResult<UserRecord>>('GET', '/sys/user/list', { token: own });
    expect(inNew.body.result.records.map((u) => u.username)).toEqual(['newadmin1']);
    expect((await t.call('GET', '/sys/user/list', { token: f.admin, headers: tenantHeader(id) })).status).toBe(403);
    await f.addUser(own, 'newtenant1');
    // Deleting waits until the tenant's own administrator is its only user.
    expect((await t.call('DELETE', `/sys/tenant/delete?id=${id}`, { token: f.admin })).body).toMatchObject({
      success: false,
      message: '该租户下还有用户，不能删除',
    });
    const ended = await t.call('PUT', '/sys/tenant/edit', {
      token: f.admin,
      body: { id, name: '新租户', status: 1, endDate: '2020-01-01T00:00:00Z' },
    });
    expect(ended.body.success).toBe(true);
    const login = await t.call('POST', '/sys/login', {
      body: { username: 'newtenant1', password: USER_PASSWORD },
      headers: { 'accept-language': 'en-US' },
    });
    expect(login.body).toMatchObject({
      success: false,
      message: 'Tenant use period ended, contact the platform administrator to renew',
    });
    expect(
      (
        await t.call('PUT', '/sys/tenant/edit', {
          token: f.admin,
          body: { id, name: '新租户', status: 1, endDate: null },
        })
      ).body.success,
    ).toBe(true);
    const admin2 = await t.login('newadmin1', USER_PASSWORD);
    const gone = (await t.call<PageResult<UserRecord>>('GET', '/sys/user/list?username=newtenant1', { token: admin2 }))
      .body.result.records[0]!.id;
    expect((await t.call('DELETE', `/sys/user/delete?id=${gone}`, { token: admin2 })).body.success).toBe(true);
    expect((await t.call('DELETE', `/sys/user/deleteRecycleBin?userIds=${gone}`, { token: admin2 })).body.success).toBe(
      true,
    );
    // devices and their groups keep the tenant: a translated refusal, not a database error
    await t.db.query(`INSERT INTO device_group (tenant_id, name) VALUES ($1, 'Fleet one')`, [id]);
    expect(
      await t.call('DELETE', `/sys/tenant/delete?id=${id}`, {
        token: f.admin,
        headers: { 'accept-language': 'en-US' },
      }),
    ).toMatchObject({
      status: 200,
      body: { success: false, message: 'The tenant still has devices and cannot be deleted' },
    });
    await t.db.query('DELETE FROM device_group WHERE tenant_id = $1', [id]);
    expect((await t.call('DELETE', `/sys/tenant/delete?id=${id}`, { token: f.admin })).body.success).toBe(true);
    expect(await t.db.one("SELECT 1 FROM sys_user WHERE username = 'newadmin1'")).toBeUndefined();
    expect((await t.call('GET', '/sys/user/list', { token: admin2 })).status).toBe(401);
  });

  it('requires the first administrator of a new tenant with SPEC §5 rules, as field errors', async () => {
    const en = { 'accept-language': 'en-US' };
    const missing = await t.call('POST', '/sys/tenant/add', {
      token: f.admin,
      headers: en,
      body: { name: 'No admin' },
    });
    expectRefused(missing, 400);
    expect((missing.body.errors ?? []).map((e) => e.field).sort()).toEqual([
      'adminPassword',
      'adminRealname',
      'adminUsername',
    ]);
    const weak = await t.call('POST', '/sys/tenant/add', {
      token: f.admin,
      headers: en,
      body: { name: 'Weak admin', adminUsername: 'weakadm1', adminRealname: 'Weak', adminPassword: 'password' },
    });
    expect(weak.body.errors).toEqual([{ field: 'adminPassword', message: expect.stringMatching(/8 characters/) }]);
    const taken = await t.call('POST', '/sys/tenant/add', {
      token: f.admin,
      headers: en,
      body: { name: 'Taken admin', adminUsername: 'viewer1', adminRealname: 'Taken', adminPassword: USER_PASSWORD },
    });
    expect(taken.body).toMatchObject({
      success: false,
      message: 'This user name cannot be used, choose another',
      errors: [{ field: 'adminUsername', message: 'This user name cannot be used, choose another' }],
    });
    const names = await t.call<PageResult<TenantRecord>>('GET', '/sys/tenant/list?pageSize=100', { token: f.admin });
    expect(names.body.result.records.map((r) => r.name)).not.toContain('Taken admin');
  });

  it('manages positions per tenant with export, and isolates them', async () => {
    const add = await t.call<{ id: string }>('POST', '/sys/position/add', {
      token: f.admin,
      body: { code: 'MGR', name: '经理', postRank: '3' },
    });
    expect(add.body.success).toBe(true);
    expect(
      (await t.call('POST', '/sys/position/add', { token: f.admin, body: { code: 'MGR', name: 'dup' } })).body.message,
    ).toBe('职务编码已存在');
    expect(
      (await t.call('POST', '/sys/position/add', { token: f.otherAdmin, body: { code: 'MGR', name: '经理' } })).body
        .success,
    ).toBe(true);
    const mine = await t.call<PageResult<PositionRecord>>('GET', '/sys/position/list?postRank=3,4', { token: f.admin });
    expect(mine.body.result.records.map((p) => p.name)).toEqual(['经理']);
    expect(
      (
        await t.call('PUT', '/sys/position/edit', {
          token: f.otherAdmin,
          body: { id: add.body.result.id, code: 'X', name: 'X' },
        })
      ).body.code,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/sys/position/delete?id=${add.body.result.id}`, { token: f.otherAdmin })).body.code,
    ).toBe(404);
    const xls = await exported(t, `/sys/position/exportXls?selections=${add.body.result.id}`, f.otherAdmin);
    expect(xls.status).toBe(200);
    expect((await t.call('GET', '/sys/position/list', { token: f.viewer })).body.code).toBe(510);
    expect(
      (await t.call('DELETE', `/sys/position/deleteBatch?ids=${add.body.result.id}`, { token: f.admin })).body.success,
    ).toBe(true);
  });

  it('manages dictionaries and items from the platform tenant and refreshes the cache', async () => {
    const d = await t.call<{ id: string }>('POST', '/sys/dict/add', {
      token: f.admin,
      body: { dictCode: 'fruit', dictName: '水果', dictNameEn: 'Fruit' },
    });
    expect(d.body.success).toBe(true);
    expect(
      (await t.call('POST', '/sys/dict/add', { token: f.admin, body: { dictCode: 'fruit', dictName: 'x' } })).body
        .message,
    ).toBe('字典编码已存在');
    expectRefused(
      await t.call('POST', '/sys/dict/add', { token: f.admin, body: { dictCode: '', dictName: 'x' } }),
      400,
    );
    const item = await t.call<{ id: string }>('POST', '/sys/dictItem/add', {
      token: f.admin,
      body: { dictId: d.body.result.id, itemValue: '1', itemText: '苹果', itemTextEn: 'Apple' },
    });
    expect(item.body.success).toBe(true);
    expect(
      (await t.call<{ value: string; textEn: string }[]>('GET', '/sys/dict/getDictItems/fruit', { token: f.admin }))
        .body.result,
    ).toEqual([expect.objectContaining({ value: '1', textEn: 'Apple' })]);
    const items = await t.call<PageResult<{ itemText: string }>>(
      'GET',
      `/sys/dictItem/list?dictId=${d.body.result.id}`,
      { token: f.admin },
    );
    expect(items.body.result.records.map((i) => i.itemText)).toEqual(['苹果']);
    expect(
      (
        await t.call('PUT', '/sys/dictItem/edit', {
          token: f.otherAdmin,
          body: { id: item.body.result.id, itemValue: '1', itemText: 'x' },
        })
      ).body.code,
    ).toBe(510);
    expect(
      (await t.call<{ dictionaries: number }>('GET', '/sys/dict/refleshCache', { token: f.admin })).body.result
        .dictionaries,
    ).toBeGreaterThan(5);
    expect((await t.call('GET', '/sys/dict/refleshCache', { token: f.viewer })).body.code).toBe(510);
    expect((await t.call('DELETE', `/sys/dict/delete?id=${d.body.result.id}`, { token: f.admin })).body.success).toBe(
      true,
    );
  });

  it('builds the category tree; loadTreeData takes only allow-listed params', async () => {
    const root = await t.call<{ id: string; code: string }>('POST', '/sys/category/add', {
      token: f.admin,
      body: { name: '冷链' },
    });
    const kid = await t.call<{ id: string; code: string }>('POST', '/sys/category/add', {
      token: f.admin,
      body: { name: '冷藏', pid: root.body.result.id },
    });
    expect(kid.body.result.code).toBe(`${root.body.result.code}A01`);
    const byPid = await t.call<CategoryNode[]>('GET', `/sys/category/loadTreeData?pid=${root.body.result.id}`, {
      token: f.viewer,
    });
    expect(byPid.body.result).toEqual([expect.objectContaining({ name: '冷藏', leaf: '1', isLeaf: true })]);
    const byCode = await t.call<CategoryNode[]>(
      'GET',
      `/sys/category/loadTreeData?pcode=${root.body.result.code}&condition=${encodeURIComponent('{"name":"藏"}')}`,
      { token: f.admin },
    );
    expect(byCode.body.result).toHaveLength(1);
    const table = await t.call('GET', '/sys/category/loadTreeData?pid=0&tableName=sys_user&text=password_hash', {
      token: f.admin,
    });
    expectRefused(table, 400);
    const cond = await t.call(
      'GET',
      `/sys/category/loadTreeData?condition=${encodeURIComponent('{"password_hash":"x"}')}`,
      { token: f.admin },
    );
    expect(cond.body.message).toBe('未知的查询字段：password_hash');
    expect(
      (
        await t.call<string[]>('GET', `/sys/category/loadDictItem?ids=${kid.body.result.id},${root.body.result.id}`, {
          token: f.admin,
        })
      ).body.result,
    ).toEqual(['冷藏', '冷链']);
    expect((await t.call('POST', '/sys/category/add', { token: f.otherAdmin, body: { name: 'x' } })).body.code).toBe(
      510,
    );
  });

  it('uploads avatars as images only and serves them back', async () => {
    const bad = await upload(
      t,
      '/sys/common/upload',
      f.viewer,
      [{ field: 'file', filename: 'a.txt', content: Buffer.from('hi'), type: 'text/plain' }],
      { biz: 'avatar' },
    );
    expect(bad).toMatchObject({ success: false, message: '请上传图片' });
    const svg = await upload(
      t,
      '/sys/common/upload',
      f.viewer,
      [{ field: 'file', filename: 'a.svg', content: Buffer.from('<svg/>'), type: 'image/svg+xml' }],
      { biz: 'avatar' },
    );
    expect(svg.success).toBe(false);
    const ok = await upload<UploadResult>(
      t,
      '/sys/common/upload',
      f.viewer,
      [{ field: 'file', filename: 'me.png', content: PNG, type: 'image/png' }],
      { biz: 'avatar' },
    );
    expect(ok).toMatchObject({ success: true, result: { fileName: 'me.png', fileSize: PNG.length } });
    expect(ok.message).toBe(ok.result.filePath);
    // Deliberate change: stored files are served to signed-in members of the
    // owning tenant only (anonymous → 401); security/sessions-files.test.ts covers the rest.
    expect((await download(t, `/sys/common/static/${ok.result.filePath}`)).status).toBe(401);
    const got = await download(t, `/sys/common/static/${ok.result.filePath}`, f.viewer);
    expect(got).toMatchObject({ status: 200, type: 'image/png' });
    expect(got.body.equals(PNG)).toBe(true);
    expect((await download(t, '/sys/common/static/../../etc/passwd', f.viewer)).status).toBe(404);
    expect((await download(t, '/sys/common/static/avatar/%2e%2e%2f%2e%2e%2fadmin-password.txt', f.viewer)).status).toBe(
      404,
    );
    const anon = await t.fastify.inject({ method: 'POST', url: '/ztj-iot/sys/common/upload' });
    expect(anon.statusCode).toBe(401);
  });
});
