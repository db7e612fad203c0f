import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exportAndWait } from '../../platform/exports/exports.fixtures';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { device } from '../alarms/settings/settings.fixtures';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { canonicalValues } from './report-data';
import { bindColdChainLimits, insertReadings, processedAlarm, waybillWith, workedExample } from './reports.fixtures';
import { expectRefused } from '../../../test/refusal';

/**
 * Device reports read back: PDF text (pdf-parse) and xlsx cells (ExcelJS) in both
 * languages carry the MKT, the extremes, an excursion, the limits' template, the alarm and its
 * processing, and the SHA-256 of the readings; bad input and other tenants' devices are refused.
 */
let app: TestApp;
let admin: { userId: string; token: string };
let other: { userId: string; token: string };
let dev: string;
let dev2: string;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0); // 08:00 Asia/Shanghai
const MIN = 60_000;
const EN = { 'accept-language': 'en-US' };
const url = (ids: string[], format: 'pdf' | 'xlsx', start = T0 - MIN, end = T0 + 200 * MIN): string =>
  `/wlx/report/device?deviceIds=${ids.join(',')}&startTime=${start}&endTime=${end}&format=${format}`;
const pdfText = async (body: Buffer): Promise<string> =>
  (await new PDFParse({ data: new Uint8Array(body) }).getText()).text;

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'repadmin1', 'admin');
  other = await userOf(app, PLATFORM_TENANT_ID, 'repother1', 'admin');
  dev = await device(app, DEMO_TENANT_ID);
  dev2 = await device(app, DEMO_TENANT_ID);
  await insertReadings(app, dev, workedExample(T0));
  await insertReadings(
    app,
    dev2,
    workedExample(T0).map((r) => ({ ...r, values: { P003: r.values.P003! - 1 } })),
  );
  const tpl = await bindColdChainLimits(app, DEMO_TENANT_ID, dev);
  await processedAlarm(app, DEMO_TENANT_ID, dev, tpl, T0 + 15 * MIN, T0 + 45 * MIN, 10, 'Door closed, goods checked');
});
afterAll(() => app?.close());

const expectedSha = (ids: string[]): string => {
  const h = crypto.createHash('sha256');
  for (const id of ids) {
    const rows =
      id === dev ? workedExample(T0) : workedExample(T0).map((r) => ({ ...r, values: { P003: r.values.P003! - 1 } }));
    for (const r of rows) h.update(`${id}|${r.ts}|${canonicalValues(r.values)}\n`);
  }
  return h.digest('hex');
};

describe('device report', () => {
  it('single-terminal PDF in English: MKT, extremes with times, limits, excursions, gap, alarm, SHA-256, signature block', async () => {
    const r = await exportAndWait(app, admin.token, url([dev], 'pdf'), EN, 60_000);
    expect(r.file).toMatchObject({ status: 'success', fileType: '1', fileName: 'single-terminal-report.pdf' });
    expect(r.body!.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(r.body!);
    expect(text).toContain('Device temperature and humidity report (single terminal)');
    expect(text).toContain('ZTJ IOT cold-chain monitoring');
    expect(text).toContain('Asia/Shanghai');
    expect(text).toContain(expectedSha([dev]));
    expect(text).toContain('Mean kinetic temperature');
    expect(text).toContain('6.75'); // MKT 6.745 °C (stats.test.ts worked example)
    expect(text).toContain('10.00'); // max …
    expect(text).toContain('2026-01-10 08:15:00'); // … at minute 15, Shanghai time
    expect(text).toContain('2026-01-10 10:35:00'); // min 1.00 at minute 155
    expect(text).toContain('Cold 2-8');
    expect(text).toContain('Above high');
    expect(text).toContain('30m');
    expect(text).toContain('Below low');
    expect(text).toContain('Data gaps (1)');
    expect(text).toContain('Door closed, goods checked');
    expect(text).toContain('Prepared by');
    expect(text).toContain('Reviewed by');
  });

  it('single-terminal PDF in Chinese renders the Chinese texts', async () => {
    const r = await exportAndWait(app, admin.token, url([dev], 'pdf'), {}, 60_000);
    expect(r.file).toMatchObject({ status: 'success', fileName: '单终端报告.pdf' });
    const text = await pdfText(r.body!);
    for (const s of [
      '设备温湿度报告（单终端）',
      '平均动力学温度',
      '6.75',
      '高于上限',
      '30分',
      '低于下限',
      '编制人',
      '审核人',
      '告警汇总',
      '已处理',
    ])
      expect(text).toContain(s);
  });

  it('Excel in both languages: summary with MKT and excursions, data sheet with every reading', async () => {
    for (const [headers, mktLabel, above] of [
      [EN, 'Mean kinetic temperature (MKT)', 'Above high'],
      [{}, '平均动力学温度 MKT', '高于上限'],
    ] as const) {
      const r = await exportAndWait(app, admin.token, url([dev], 'xlsx'), headers, 60_000);
      expect(r.file).toMatchObject({ status: 'success', fileType: '2' });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.body! as never);
      const [summary, data] = wb.worksheets;
      const rows = summary!
        .getSheetValues()
        .filter(Boolean)
        .map((row) => (row as unknown[]).slice(1));
      const head = rows.findIndex((row) => row.includes(mktLabel));
      const temp = rows[head + 1]!;
      expect(temp[0]).toContain('P003');
      expect(temp[2]).toBe(1);
      expect(temp[4]).toBe(10);
      expect(temp[7]).toBeCloseTo(6.745, 3);
      expect(rows.flat()).toContain(expectedSha([dev]));
      const exc = rows.find((row) => row[1] === above)!;
      expect(exc[5]).toBe(30);
      expect(exc[6]).toBe(10);
      expect(data!.rowCount).toBe(1 + 7);
    }
  });

  it('several devices make a multiple-terminal report (types 3 and 4) hashed over both', async () => {
    const pdf = await exportAndWait(app, admin.token, url([dev, dev2], 'pdf'), EN, 60_000);
    expect(pdf.file).toMatchObject({ status: 'success', fileType: '3' });
    const text = await pdfText(pdf.body!);
    expect(text).toContain('(multiple terminals)');
    expect(text).toContain(dev2);
    expect(text).toContain(expectedSha([dev, dev2]));
    const xlsx = await exportAndWait(app, admin.token, url([dev, dev2], 'xlsx'), EN, 60_000);
    expect(xlsx.file).toMatchObject({ status: 'success', fileType: '4' });
  });

  it('no readings in range: a failed entry with "file download failed"', async () => {
    const r = await exportAndWait(app, admin.token, url([dev], 'pdf', T0 + 1000 * MIN, T0 + 2000 * MIN), EN);
    expect(r.file).toMatchObject({ status: 'failure', result: 'File download failed' });
    expect(r.body).toBeNull();
  });

  it('end before start is a field error; another tenant’s or an unknown device is refused', async () => {
    const bad = await app.call('GET', url([dev], 'pdf', T0, T0 - MIN), { token: admin.token, headers: EN });
    expect(bad.body.success).toBe(false);
    expect(bad.body.errors?.find((e) => e.field === 'endTime')?.message).toBe(
      'The end value must exceed the start value',
    );
    const foreign = await app.call('GET', url([dev], 'pdf'), { token: other.token, headers: EN });
    expect(foreign.body).toMatchObject({ success: false, message: 'Device not found' });
    const mixed = await app.call('GET', url([dev, 'NO-SUCH-DEVICE'], 'pdf'), { token: admin.token, headers: EN });
    expect(mixed.body).toMatchObject({ success: false, message: 'Device not found' });
    const [n] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_file WHERE user_id = $1', [
      other.userId,
    ]);
    expect(n!.n).toBe(0);
  });

  it('§9 types of device families the product does not have are refused with a clear message, in both languages, and queue nothing', async () => {
    const [before] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_file');
    const medical = await app.call('GET', `${url([dev], 'pdf')}&reportType=a`, { token: admin.token, headers: EN });
    expectRefused(medical, 400);
    const expected = '“Medical report” cannot be generated yet: the platform has no devices of this kind';
    expect(medical.body.message).toBe(expected);
    expect(medical.body.errors).toEqual([{ field: 'reportType', message: expected }]);
    const portable = await app.call('GET', `${url([dev], 'xlsx')}&reportType=7`, {
      token: admin.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(portable.body.errors?.find((e) => e.field === 'reportType')?.message).toBe(
      '暂不能生成“便携式报告”：平台尚未接入此类设备',
    );
    const [after] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_file');
    expect(after!.n).toBe(before!.n);
    // the terminal report stays the default and can be named
    const ok = await app.call<{ status: string }>('GET', `${url([dev], 'pdf')}&reportType=terminal`, {
      token: admin.token,
      headers: EN,
    });
    expect(ok.body.result).toMatchObject({ status: 'generating' });
  });

  it('waybill ZIP (type 6): one PDF per device with readings over the waybill range; another tenant’s waybill is refused', async () => {
    const empty = await device(app, DEMO_TENANT_ID);
    const id = await waybillWith(app, DEMO_TENANT_ID, 'WB-REP-1', T0 - MIN, T0 + 200 * MIN, [dev, dev2, empty]);
    const r = await exportAndWait(app, admin.token, `/wlx/report/waybillZip?id=${id}`, EN, 120_000);
    expect(r.file).toMatchObject({ status: 'success', fileType: '6', fileName: 'waybill-reports.zip' });
    expect(r.body!.subarray(0, 2).toString()).toBe('PK');
    expect(r.body!.includes(Buffer.from(`WB-REP-1-${dev}-single-terminal-report.pdf`))).toBe(true);
    expect(r.body!.includes(Buffer.from(`WB-REP-1-${dev2}-single-terminal-report.pdf`))).toBe(true);
    expect(r.body!.includes(Buffer.from(`WB-REP-1-${empty}-`))).toBe(false);
    const foreign = await app.call('GET', `/wlx/report/waybillZip?id=${id}`, { token: other.token, headers: EN });
    expect(foreign.body).toMatchObject({ success: false });
    expectRefused(foreign, 404);
  });
});
