import type { PageResult, QuartzJobRecord } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, exported, upload, type AdminFixtures } from '../../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';

const sheet = (rows: unknown[][]): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'S');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

describe('scheduled jobs: export, import, tenant scope, permissions', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    id = (
      await t.call<{ id: string }>('POST', '/sys/quartzJob/add', {
        token: f.admin,
        body: {
          jobClassName: 'exportFileRetention',
          cronExpression: '0 0 3 * * ? *',
          description: 'nightly retention',
          status: -1,
        },
      })
    ).body.result.id;
  });
  afterAll(() => t.close());

  it('exports through the download center and imports rows (imported stopped; bad rows reported)', async () => {
    const xls = await exported(t, '/sys/quartzJob/exportXls', f.admin, { 'accept-language': 'en-US' });
    const book = XLSX.read(xls.body);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual([
      'Job class',
      'Cron expression',
      'Parameter',
      'Description',
      'Status',
      'Last run',
      'Created',
    ]);
    expect(rows[1]?.slice(0, 2)).toEqual(['exportFileRetention', '0 0 3 * * ? *']);
    const imp = await upload(t, '/sys/quartzJob/importExcel', f.admin, [
      {
        field: 'files[]',
        filename: 'jobs.xlsx',
        content: sheet([
          ['任务类名', 'Cron表达式', '参数', '描述'],
          ['alarmDigestEmail', '0 0 8 * * ? *', '{"lang":"en-US"}', 'imported digest'],
          ['alarmDigestEmail', '0 0 25 * * ? *', '', 'bad hour'],
          ['nope', '0 0 8 * * ? *', '', 'bad class'],
        ]),
      },
    ]);
    expect(imp).toMatchObject({ success: true, code: 201 });
    const list = await t.call<PageResult<QuartzJobRecord>>('GET', '/sys/quartzJob/list?description=*imported*', {
      token: f.admin,
    });
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).toMatchObject({
      jobClassName: 'alarmDigestEmail',
      status: -1,
      nextFireTime: null,
    });
  });

  it('keeps jobs inside their tenant and behind the quartz permissions', async () => {
    expect((await t.call('GET', `/sys/quartzJob/queryById?id=${id}`, { token: f.otherAdmin })).body.code).toBe(404);
    expect((await t.call('GET', `/sys/quartzJob/resume?id=${id}`, { token: f.otherAdmin })).body.code).toBe(404);
    expect((await t.call('GET', `/sys/quartzJob/execute?id=${id}`, { token: f.otherAdmin })).body.code).toBe(404);
    expect((await t.call('DELETE', `/sys/quartzJob/delete?id=${id}`, { token: f.otherAdmin })).body.code).toBe(404);
    const other = await t.call<PageResult<QuartzJobRecord>>('GET', '/sys/quartzJob/list', { token: f.otherAdmin });
    expect(other.body.result.records.map((r) => r.id)).not.toContain(id);
    expect((await t.call('GET', '/sys/quartzJob/list', { token: f.viewer })).body.code).toBe(510);
    expect((await t.call('GET', `/sys/quartzJob/execute?id=${id}`, { token: f.viewer })).body.code).toBe(510);
    expect(
      (await t.call<QuartzJobRecord>('GET', `/sys/quartzJob/queryById?id=${id}`, { token: f.admin })).body.result
        .status,
    ).toBe(-1);
  });
});
