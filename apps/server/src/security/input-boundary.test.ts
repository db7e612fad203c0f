import type { DepartNode, DeviceDetail } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { download, multipart, upload } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_TENANT_ID } from '../platform/tenancy/tenant-ids';
import { addDevice, uid } from '../modules/telemetry/ingest.fixtures';
import { setImportLimits } from '../platform/list/import-limits';
import { spreadsheetEvents } from '../platform/list/sheet-pool';
import { expectRefused, expectRefusedRaw } from '../../test/refusal';

/** one input boundary for strings, multipart and imports. */

let t: TestApp;
let admin: string;
const demo = { 'tenant-id': String(DEMO_TENANT_ID) };
const en = { 'accept-language': 'en-US' };
const INVALID_EN = 'Contains characters that are not allowed (control characters or invalid Unicode)';
const INVALID_ZH = '包含不允许的字符（控制字符或无效的 Unicode 字符）';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

/** An .xlsx with `rows` (first row = headers). */
function sheet(rows: (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'S');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const userRows = (n: number, prefix: string): string[][] => [
  ['username', 'realname', 'phone'],
  ...Array.from({ length: n }, (_, i) => [`${prefix}${String(i).padStart(5, '0')}`, `R${i}`, '13800000000']),
];

describe('invalid text is refused with a field error before any database call', () => {
  it('NUL byte in a JSON body field, a query field and a path parameter → 400 naming the field', async () => {
    const body = await t.call('POST', '/sys/role/add', {
      token: admin,
      headers: en,
      body: { roleName: 'a\u0000b', roleCode: 'nulrole' },
    });
    expectRefused(body, 400);
    expect(body.body).toMatchObject({
      success: false,
      code: 400,
      message: 'Request validation failed',
      errors: [{ field: 'roleName', message: INVALID_EN }],
    });
    expect(await t.db.one('SELECT 1 FROM sys_role WHERE role_code = $1', ['nulrole'])).toBeUndefined();

    const query = await t.call('GET', '/sys/user/list?username=a%00b', { token: admin });
    expectRefused(query, 400);
    expect(query.body).toMatchObject({
      code: 400,
      message: '请求参数校验失败',
      errors: [{ field: 'username', message: INVALID_ZH }],
    });

    const param = await t.call('GET', '/sys/dict/getDictItems/a%00b', { token: admin, headers: en });
    expectRefused(param, 400);
    expect(param.body.errors).toEqual([{ field: 'code', message: INVALID_EN }]);
  });

  it('refuses lone surrogates, other control characters and NUL in keys or nested values; keeps tab, CR, LF', async () => {
    const surrogate = await t.call('POST', '/sys/position/add', {
      token: admin,
      body: { code: 'p1', name: 'x\ud800', postRank: '1' },
    });
    expect(surrogate.body.errors).toEqual([{ field: 'name', message: INVALID_ZH }]);
    const bell = await t.call('POST', '/sys/position/add', {
      token: admin,
      body: { code: 'p\u0007', name: 'x', postRank: '1' },
    });
    expect(bell.body.errors).toEqual([{ field: 'code', message: INVALID_ZH }]);
    const key = await t.call('PUT', '/sys/user/settings', { token: admin, body: { ['a\u0000']: 1 } });
    expectRefused(key, 400);
    expect(key.body.errors).toEqual([{ field: 'body', message: INVALID_ZH }]);
    const nested = await t.call('PUT', '/wlx/group/updateDevs', {
      token: admin,
      headers: demo,
      body: { groupId: 'g', deviceIds: ['ok', 'b\u0000'] },
    });
    expect(nested.body.errors).toEqual([{ field: 'deviceIds.1', message: INVALID_ZH }]);
    const text = await t.call<{ id: string }>('POST', '/sys/sysDepart/add', {
      token: admin,
      body: { departName: 'Tab\tline', memo: 'line one\r\nline two' },
    });
    expect(text.body.success).toBe(true);
  });
});

describe('empty-string ids are treated as absent', () => {
  it('sysDepart/add parentId "" → a top-level department', async () => {
    const res = await t.call<{ id: string }>('POST', '/sys/sysDepart/add', {
      token: admin,
      body: { departName: 'EmptyParent', parentId: '' },
    });
    expect(res.body.success).toBe(true);
    const tree = await t.call<DepartNode[]>('GET', '/sys/sysDepart/queryTreeList', { token: admin });
    expect(tree.body.result.find((n) => n.id === res.body.result.id)).toMatchObject({ parentId: null });
  });

  it('permission/add and /edit parentId "" → a top-level menu', async () => {
    const base = {
      name: '空父级',
      nameEn: 'Empty parent',
      menuType: 0,
      url: '/empty-parent',
      component: 'layouts/RouteView',
    };
    const add = await t.call<unknown>('POST', '/sys/permission/add', { token: admin, body: { ...base, parentId: '' } });
    expect(add.body).toMatchObject({ success: true });
    const row = await t.db.one<{ id: string; parent_id: string | null }>(
      'SELECT id, parent_id FROM sys_permission WHERE url = $1',
      ['/empty-parent'],
    );
    expect(row).toMatchObject({ parent_id: null });
    const edit = await t.call('PUT', '/sys/permission/edit', {
      token: admin,
      body: { ...base, id: row!.id, nameEn: 'Still no parent', parentId: '' },
    });
    expect(edit.body).toMatchObject({ success: true });
    expect(await t.db.one('SELECT parent_id FROM sys_permission WHERE id = $1', [row!.id])).toEqual({
      parent_id: null,
    });
  });

  it('modifyDevInfo groupId "" → the device leaves its group', async () => {
    const id = uid('EMPTYGRP');
    await addDevice(t, { id });
    const g = await t.call<{ id: string }>('POST', '/wlx/group/add', {
      token: admin,
      headers: demo,
      body: { name: 'Group of one' },
    });
    expect(
      (
        await t.call('PUT', '/wlx/device/modifyDevInfo', {
          token: admin,
          headers: demo,
          body: { id, groupId: g.body.result.id },
        })
      ).body.success,
    ).toBe(true);
    const res = await t.call('PUT', '/wlx/device/modifyDevInfo', {
      token: admin,
      headers: demo,
      body: { id, groupId: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const detail = await t.call<DeviceDetail>('GET', `/wlx/device/viewById?id=${id}`, { token: admin, headers: demo });
    expect(detail.body.result.groupId).toBeNull();
  });
});

describe('multipart failures answer 400 with a translated message', () => {
  const truncated = (): { payload: Buffer; headers: Record<string, string> } => {
    const m = multipart([{ field: 'files[]', filename: 'u.xlsx', content: sheet(userRows(3, 'trunc')) }]);
    return { payload: m.payload.subarray(0, m.payload.length - 40), headers: m.headers };
  };

  for (const url of [
    '/sys/common/upload',
    '/sys/user/importExcel',
    '/sys/role/importExcel',
    '/sys/position/importExcel',
  ]) {
    it(`truncated body on ${url} → 400 uploadMalformed`, async () => {
      const m = truncated();
      const res = await t.fastify.inject({
        method: 'POST',
        url: `/ztj-iot${url}`,
        payload: m.payload,
        headers: { ...m.headers, 'x-access-token': admin, ...en },
      });
      expectRefusedRaw(res, 400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: 'The upload is incomplete or malformed' });
    });
  }

  it('too many files, a missing boundary and a NUL in a file name → 400', async () => {
    const many = multipart(
      Array.from({ length: 11 }, (_, i) => ({ field: 'files[]', filename: `f${i}.xlsx`, content: Buffer.from('x') })),
    );
    const tooMany = await t.fastify.inject({
      method: 'POST',
      url: '/ztj-iot/sys/user/importExcel',
      payload: many.payload,
      headers: { ...many.headers, 'x-access-token': admin },
    });
    expectRefusedRaw(tooMany, 400);
    expect(tooMany.json().message).toBe('一次上传的文件或字段过多');
    const noBoundary = await t.fastify.inject({
      method: 'POST',
      url: '/ztj-iot/sys/common/upload',
      payload: many.payload,
      headers: { 'content-type': 'multipart/form-data', 'x-access-token': admin },
    });
    expectRefusedRaw(noBoundary, 400);
    const nul = await upload(t, '/sys/common/upload', admin, [
      { field: 'file', filename: 'a\u0000.txt', content: Buffer.from('x') },
    ]);
    expect(nul).toMatchObject({ code: 400, errors: [{ field: 'file', message: INVALID_ZH }] });
  });
});

describe('imports are bounded (rows, bytes, time)', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('a file over the row bound → a clear 400, nothing stored', async () => {
    restore = setImportLimits({ maxRows: 3 });
    const res = await upload(
      t,
      '/sys/user/importExcel',
      admin,
      [{ field: 'files[]', filename: 'u.xlsx', content: sheet(userRows(4, 'bound')) }],
      {},
      en,
    );
    expect(res).toMatchObject({
      success: false,
      code: 400,
      message: 'At most 3 rows per file can be imported; this file has 4',
    });
    expect(await t.db.one("SELECT 1 FROM sys_user WHERE username LIKE 'bound%'")).toBeUndefined();
  });

  it('a file over the byte bound → 400 before it is parsed', async () => {
    restore = setImportLimits({ maxFileBytes: 1024 * 1024 });
    const started: unknown[] = [];
    const onStart = (e: unknown): number => started.push(e);
    spreadsheetEvents.on('parse-start', onStart);
    try {
      const res = await upload(
        t,
        '/sys/role/importExcel',
        admin,
        [{ field: 'files[]', filename: 'r.xlsx', content: Buffer.alloc(1024 * 1024 + 1, 1) }],
        {},
        en,
      );
      expect(res).toMatchObject({ code: 400, message: 'An import file must not exceed 1 MB' });
      expect(started).toEqual([]);
    } finally {
      spreadsheetEvents.off('parse-start', onStart);
    }
  });

  it('20,000 users: answered with the row bound while other requests keep answering', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sys_user');
    const file = sheet(userRows(20_000, 'big'));
    let healthDuringImport = false;
    let importDone = false;
    spreadsheetEvents.once('parse-start', () => {
      void t.call('GET', '/health').then((h) => {
        healthDuringImport = h.status === 200 && !importDone;
      });
    });
    const res = await upload(
      t,
      '/sys/user/importExcel',
      admin,
      [{ field: 'files[]', filename: 'big.xlsx', content: file }],
      {},
      en,
    );
    importDone = true;
    expect(res).toMatchObject({
      success: false,
      code: 400,
      message: 'At most 5000 rows per file can be imported; this file has 20000',
    });
    expect(healthDuringImport).toBe(true);
    expect(await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sys_user')).toEqual(before);
  });

  it('past the import time the remaining rows go to the error file with their reason (code 201)', async () => {
    // users cost a password hash each (tens of ms): 300 rows cannot fit in 2 s
    restore = setImportLimits({ importTimeMs: 2_000 });
    const res = await upload<{ success: number; failed: number; fileUrl: string }>(
      t,
      '/sys/user/importExcel',
      admin,
      [{ field: 'files[]', filename: 'slow.xlsx', content: sheet(userRows(300, 'slow')) }],
      {},
      en,
    );
    expect(res).toMatchObject({ success: true, code: 201 });
    expect(res.result.failed).toBeGreaterThan(0);
    expect(res.result.success + res.result.failed).toBe(300);
    const errors = await download(t, res.result.fileUrl, admin);
    const book = XLSX.read(errors.body);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows.at(-1)!.at(-1)).toBe('Not imported: the import passed 2 seconds; import the error file to continue');
    expect(await t.db.one("SELECT count(*)::int AS n FROM sys_user WHERE username LIKE 'slow%'")).toEqual({
      n: res.result.success,
    });
  });
});
