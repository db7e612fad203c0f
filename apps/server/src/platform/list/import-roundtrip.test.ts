import type { PageResult, PositionRecord } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, download, exported, upload, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mapHeaders } from './xls';
import { AppError } from '../http/app-error';
import { optionValue } from './list-spec';

describe('import header and dictionary mapping', () => {
  const columns = { code: { 'zh-CN': '编码', 'en-US': 'Code' } };

  it('skips audit and read-only columns of an export, refuses anything else', () => {
    expect(
      mapHeaders(columns, ['编码', '创建时间', 'Created by', 'Updated', '更新人', 'Extra'], {
        extra: { 'zh-CN': '额外', 'en-US': 'Extra' },
      }),
    ).toEqual(['code', null, null, null, null, null]);
    expect(() => mapHeaders(columns, ['code', 'DROP TABLE'])).toThrow(AppError);
  });

  it('reads dictionary texts of either language back to values', () => {
    const options = { '1': { 'zh-CN': '正常', 'en-US': 'Normal' }, '2': { 'zh-CN': '冻结', 'en-US': 'Frozen' } };
    expect(['冻结', 'frozen', 'Frozen', '2'].map((c) => optionValue(options, c))).toEqual(['2', '2', '2', '2']);
    expect(optionValue(options, '半冻结')).toBe('半冻结');
  });
});

describe('positions: the server re-imports its own export (SPEC §7 exportXls → importExcel)', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  it('reports existing codes as duplicates and creates the missing ones, in both languages', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const keep = await t.call<{ id: string }>('POST', '/sys/position/add', {
        token: f.admin,
        body: { code: `keep-${lang}`, name: '保留', postRank: '1' },
      });
      const gone = await t.call<{ id: string }>('POST', '/sys/position/add', {
        token: f.admin,
        body: { code: `gone-${lang}`, name: '往返', postRank: '2' },
      });
      expect(keep.body.success && gone.body.success).toBe(true);
      const file = await exported(
        t,
        `/sys/position/exportXls?selections=${keep.body.result.id},${gone.body.result.id}`,
        f.admin,
        { 'accept-language': lang },
      );
      expect(file.status).toBe(200);
      expect(
        (await t.call('DELETE', `/sys/position/delete?id=${gone.body.result.id}`, { token: f.admin })).body.success,
      ).toBe(true);
      const res = await upload<{ success: number; failed: number; fileUrl: string }>(
        t,
        '/sys/position/importExcel',
        f.admin,
        [{ field: 'files[]', filename: 'positions.xls', content: file.body }],
        {},
        { 'accept-language': lang },
      );
      expect(res, lang).toMatchObject({ success: true, code: 201, result: { success: 1, failed: 1 } });
      const errors = await download(t, res.result.fileUrl, f.admin);
      const erows = XLSX.utils.sheet_to_json<string[]>(
        XLSX.read(errors.body).Sheets[XLSX.read(errors.body).SheetNames[0]!]!,
        { header: 1 },
      );
      expect(erows[1]!.at(-1)).toBe(lang === 'en-US' ? 'Position code already exists' : '职务编码已存在');
      const back = await t.call<PageResult<PositionRecord>>('GET', `/sys/position/list?code=gone-${lang}`, {
        token: f.admin,
      });
      expect(back.body.result.records).toEqual([expect.objectContaining({ name: '往返', postRank: '2' })]);
    }
  });
});
