import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { ExportFile, PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userOf } from '../../modules/alarms/runtime/alarm.fixtures';
import { PLATFORM_TENANT_ID } from '../tenancy/tenant-ids';
import { defineExporter } from './export-registry';
import { exportAndWait } from './exports.fixtures';
import { expectRefused } from '../../../test/refusal';

/**
 * Download center: exports are jobs; the file is the requester's only; no data
 * fails with SPEC §8 "file download failed"; a failing build is retried; files expire.
 */
let t: TestApp;
let admin: string;
let other: { userId: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  other = await userOf(t, PLATFORM_TENANT_ID, 'dlother1', 'admin');
});
afterAll(() => t?.close());

const sheetRows = (body: Buffer): unknown[][] => {
  const wb = XLSX.read(body);
  return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
};

describe('download center', () => {
  it('an export answers at once, generates in the background and is listed, viewed and downloaded by its requester only', async () => {
    const started = await t.call<{ id: string; status: string; fileName: string }>(
      'GET',
      '/sys/user/exportXls?username=admin',
      { token: admin, headers: { 'accept-language': 'en-US' } },
    );
    expect(started.body.result).toMatchObject({ status: 'generating', fileName: 'users.xls' });
    const done = await exportAndWait(t, admin, '/sys/user/exportXls?username=admin', { 'accept-language': 'en-US' });
    expect(done.file).toMatchObject({
      status: 'success',
      progress: 100,
      fileType: 'list',
      fileName: 'users.xls',
      result: null,
    });
    expect(done.file.description).toBe('Users (filters: username=admin)');
    expect(done.file.size).toBe(done.body!.length);
    expect(done.headers['content-disposition']).toContain('users.xls');
    expect(sheetRows(done.body!).flat()).toContain('admin');
    expect(done.file.expiresAt - done.file.createTime).toBe(7 * 86_400_000);

    const mine = await t.call<PageResult<ExportFile>>('GET', '/sys/downloadCenter/list?status=success', {
      token: admin,
    });
    expect(mine.body.result.records.map((f) => f.id)).toContain(done.file.id);
    expect(mine.body.result.records[0]!.createTime).toBeGreaterThanOrEqual(mine.body.result.records.at(-1)!.createTime);

    // another user of the same tenant: not listed, not viewable, not downloadable, not deletable
    const theirs = await t.call<PageResult<ExportFile>>('GET', '/sys/downloadCenter/list', { token: other.token });
    expect(theirs.body.result.records.map((f) => f.id)).not.toContain(done.file.id);
    expectRefused(await t.call('GET', `/sys/downloadCenter/queryById?id=${done.file.id}`, { token: other.token }), 404);
    const dl = await t.fastify.inject({
      method: 'GET',
      url: `/ztj-iot/sys/downloadCenter/download?id=${done.file.id}`,
      headers: { 'x-access-token': other.token },
    });
    expect(dl.statusCode).toBe(404);
    expectRefused(
      await t.call('DELETE', `/sys/downloadCenter/delete?ids=${done.file.id}`, { token: other.token }),
      404,
    );
    const unauth = await t.fastify.inject({
      method: 'GET',
      url: `/ztj-iot/sys/downloadCenter/download?id=${done.file.id}`,
    });
    expect(unauth.statusCode).toBe(401);
  });

  it('an export with no data fails with "file download failed" in the requester language, not an empty file', async () => {
    const zh = await exportAndWait(t, admin, '/sys/user/exportXls?username=nobody-at-all');
    expect(zh.file).toMatchObject({ status: 'failure', result: '文件下载失败' });
    expect(zh.body).toBeNull();
    const en = await exportAndWait(t, admin, '/sys/role/exportXls?roleCode=none-such', { 'accept-language': 'en-US' });
    expect(en.file).toMatchObject({ status: 'failure', result: 'File download failed' });
    expect(
      (
        await t.fastify.inject({
          method: 'GET',
          url: `/ztj-iot/sys/downloadCenter/download?id=${en.file.id}`,
          headers: { 'x-access-token': admin },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('retries a build that fails, with its progress reported', async () => {
    let calls = 0;
    const flaky = defineExporter({
      key: 'test:flaky',
      fileType: 'list',
      fileName: () => 'flaky.xls',
      description: () => 'flaky',
      async build({ progress }) {
        calls++;
        if (calls === 1) throw new Error('transient');
        await progress(40);
        return Buffer.from('ok');
      },
    });
    const who = (await t.db.query<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'admin'`))[0]!;
    const started = await t.exports.request(
      {
        userId: who.id,
        username: 'admin',
        realname: 'admin',
        tenantId: PLATFORM_TENANT_ID,
        sessionTenantId: PLATFORM_TENANT_ID,
        orgCode: null,
        tokenHash: 'x',
      },
      flaky,
      {},
      'zh-CN',
    );
    const file = await (async () => {
      for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
        const v = await t.call<ExportFile>('GET', `/sys/downloadCenter/queryById?id=${started.id}`, { token: admin });
        if (v.body.result.status !== 'generating') return v.body.result;
      }
      throw new Error('still generating');
    })();
    expect(file).toMatchObject({ status: 'success', size: 2 });
    expect(calls).toBe(2);
  });

  it('refuses an exporter of a listed but unavailable file type (SPEC §9 V4) with a clear message, recording nothing', async () => {
    const meter = defineExporter({
      key: 'test:meter',
      fileType: 'c',
      fileName: () => 'v4.pdf',
      description: () => 'v4',
      build: async () => Buffer.from('x'),
    });
    const who = (await t.db.query<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'admin'`))[0]!;
    const auth = {
      userId: who.id,
      username: 'admin',
      realname: 'admin',
      tenantId: PLATFORM_TENANT_ID,
      sessionTenantId: PLATFORM_TENANT_ID,
      orgCode: null,
      tokenHash: 'x',
    };
    await expect(t.exports.request(auth, meter, {}, 'en-US')).rejects.toMatchObject({
      messageKey: 'exportTypeUnavailable',
      params: { type: 'V4 report' },
    });
    await expect(t.exports.request(auth, meter, {}, 'zh-CN')).rejects.toMatchObject({ params: { type: 'V4报告' } });
    expect(await t.db.query(`SELECT id FROM export_file WHERE exporter = 'test:meter'`)).toHaveLength(0);
  });

  it('deletes the requester’s files, and expired files with their stored bytes', async () => {
    const a = await exportAndWait(t, admin, '/sys/user/exportXls?username=admin');
    const b = await exportAndWait(t, admin, '/sys/role/exportXls');
    const stored = (id: string) =>
      t.db.query<{ path: string }>('SELECT path FROM export_file WHERE id = $1', [id]).then((r) => r[0]?.path);
    const fileA = path.join(t.config.dataDir, 'exports', (await stored(a.file.id))!);
    expect(fs.existsSync(fileA)).toBe(true);
    expect((await t.call('DELETE', `/sys/downloadCenter/delete?ids=${a.file.id}`, { token: admin })).body.success).toBe(
      true,
    );
    expect(fs.existsSync(fileA)).toBe(false);
    expectRefused(await t.call('GET', `/sys/downloadCenter/queryById?id=${a.file.id}`, { token: admin }), 404);

    const fileB = path.join(t.config.dataDir, 'exports', (await stored(b.file.id))!);
    await t.db.query('UPDATE export_file SET expires_at = $2 WHERE id = $1', [b.file.id, Date.now() - 1]);
    // an expired file is no longer served, even before the retention run
    expect(
      (
        await t.fastify.inject({
          method: 'GET',
          url: `/ztj-iot/sys/downloadCenter/download?id=${b.file.id}`,
          headers: { 'x-access-token': admin },
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.exports.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(fileB)).toBe(false);
    expect(await stored(b.file.id)).toBeUndefined();
  });
});
