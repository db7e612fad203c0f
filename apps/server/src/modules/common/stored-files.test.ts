import fs from 'node:fs';
import type { PageResult, StoredFileRecord, UploadResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, download, upload, type AdminFixtures } from '../../../test/admin-fixtures';
import { expectRefused } from '../../../test/refusal';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { resolveStored } from '../../platform/list/files';

describe('file storage list', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  /** Uploads through the §7 upload call (multipart file + biz); returns the stored file's id and path. */
  const put = async (
    filename: string,
    content: Buffer,
    fields: Record<string, string> = {},
    token = f.admin,
  ): Promise<UploadResult & { id: string }> => {
    const res = await upload<UploadResult & { id: string }>(
      t,
      '/sys/common/upload',
      token,
      [{ field: 'file', filename, content, type: 'text/plain' }],
      fields,
    );
    if (!res.success) throw new Error(`upload ${filename}: ${res.message}`);
    return res.result;
  };
  const list = async (token = f.admin, query = ''): Promise<PageResult<StoredFileRecord>> =>
    (await t.call<PageResult<StoredFileRecord>>('GET', `/sys/files/list?pageSize=50${query}`, { token })).body.result;
  const onDisk = (rel: string): boolean => fs.existsSync(resolveStored(t.config.dataDir, rel)!);

  it('lists uploaded files with name, type, size, folder and uploader, newest first', async () => {
    const report = await put('周报 report.txt', Buffer.from('weekly report\n'));
    const sheet = await put('readings.csv', Buffer.from('a,b\n1,2\n'), { biz: 'import' });
    expect(report.filePath).toMatch(/^temp\//); // default folder temp
    const rows = (await list()).records;
    expect(rows.map((r) => r.id)).toEqual([sheet.id, report.id]);
    expect(rows[1]).toMatchObject({
      id: report.id,
      fileName: '周报 report.txt',
      filePath: report.filePath,
      biz: 'temp',
      fileType: 'txt',
      fileSize: 14,
      contentType: 'text/plain',
      createBy: 'admin',
    });
    expect(rows[0]).toMatchObject({ fileName: 'readings.csv', biz: 'import', fileType: 'csv', fileSize: 8 });
    expect(rows[0]!.createTime).not.toBeNull();
    expect((await list(f.admin, '&biz=import')).records.map((r) => r.id)).toEqual([sheet.id]);
  });

  it('downloads the bytes under the original name', async () => {
    const content = Buffer.from('%PDF-1.4 fake bytes \u00ff');
    const stored = await put('Delivery note.pdf', content);
    const file = await download(t, `/sys/files/download?id=${stored.id}`, f.admin);
    expect(file.status).toBe(200);
    expect(file.body.equals(content)).toBe(true);
    expect(file.disposition).toContain('attachment');
    expect(decodeURIComponent(file.disposition)).toContain('Delivery note.pdf');
  });

  it('deletes the record and the file, one at a time and in batches', async () => {
    const a = await put('a.txt', Buffer.from('a'));
    const b = await put('b.txt', Buffer.from('b'));
    const c = await put('c.txt', Buffer.from('c'));
    expect(onDisk(a.filePath)).toBe(true);
    expect((await t.call('DELETE', `/sys/files/delete?id=${a.id}`, { token: f.admin })).body.success).toBe(true);
    expect(onDisk(a.filePath)).toBe(false);
    expect((await list()).records.map((r) => r.id)).not.toContain(a.id);
    expect((await download(t, `/sys/files/download?id=${a.id}`, f.admin)).status).toBe(404);
    expect((await download(t, `/sys/common/static/${a.filePath}`, f.admin)).status).toBe(404);

    expect(
      (await t.call('DELETE', `/sys/files/deleteBatch?ids=${b.id},${c.id}`, { token: f.admin })).body.success,
    ).toBe(true);
    expect([onDisk(b.filePath), onDisk(c.filePath)]).toEqual([false, false]);
    expect(await t.db.query('SELECT 1 FROM sys_file WHERE id = ANY($1::text[])', [[a.id, b.id, c.id]])).toEqual([]);
  });

  it('denies a user without the file permissions and answers another tenant "not found"', async () => {
    const kept = await put('kept.txt', Buffer.from('kept'));
    for (const [m, u] of [
      ['GET', '/sys/files/list'],
      ['DELETE', `/sys/files/delete?id=${kept.id}`],
      ['DELETE', `/sys/files/deleteBatch?ids=${kept.id}`],
    ] as const) {
      expect((await t.call(m, u, { token: f.viewer })).body.code, u).toBe(510);
    }
    const denied = await download(t, `/sys/files/download?id=${kept.id}`, f.viewer);
    expect((JSON.parse(denied.body.toString('utf8')) as { code: number }).code).toBe(510);

    const theirs = await put('theirs.txt', Buffer.from('theirs'), {}, f.otherAdmin);
    expect((await list(f.otherAdmin)).records.map((r) => r.id)).toEqual([theirs.id]);
    expect((await list()).records.map((r) => r.id)).not.toContain(theirs.id);
    expect((await download(t, `/sys/files/download?id=${kept.id}`, f.otherAdmin)).status).toBe(404);
    expectRefused(await t.call('DELETE', `/sys/files/delete?id=${kept.id}`, { token: f.otherAdmin }), 404);
    expectRefused(
      await t.call('DELETE', `/sys/files/deleteBatch?ids=${kept.id},${theirs.id}`, { token: f.otherAdmin }),
      404,
    );
    // all or none: the other tenant's own file stays too
    expect([onDisk(kept.filePath), onDisk(theirs.filePath)]).toEqual([true, true]);
    expect((await list()).records.map((r) => r.id)).toContain(kept.id);
  });
});
