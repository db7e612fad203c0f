import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exportAndWait } from '../../platform/exports/exports.fixtures';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { device } from '../alarms/settings/settings.fixtures';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { insertReadings, waybillWith, workedExample } from './reports.fixtures';
import { evenly } from './waybill-report';
import { expectRefused } from '../../../test/refusal';

/**
 * Waybill report (type 8) read back: the waybill's information, status and track
 * table, then its devices' reports, in PDF (both languages) and Excel; other tenants are refused.
 */
let app: TestApp;
let admin: { userId: string; token: string };
let other: { userId: string; token: string };
let waybillId: string;
let dev: string;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0); // 08:00 Asia/Shanghai
const MIN = 60_000;
const EN = { 'accept-language': 'en-US' };
const pdfText = async (body: Buffer): Promise<string> =>
  (await new PDFParse({ data: new Uint8Array(body) }).getText()).text;

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'wbrep1', 'admin');
  other = await userOf(app, PLATFORM_TENANT_ID, 'wbrep2', 'admin');
  dev = await device(app, DEMO_TENANT_ID);
  await insertReadings(app, dev, workedExample(T0));
  await app.db.query('UPDATE telemetry SET lat = 31.2 + ts % 1000 / 1e6, lng = 121.4 WHERE device_id = $1', [dev]);
  waybillId = await waybillWith(app, DEMO_TENANT_ID, 'WB-REPORT-9', T0 - MIN, T0 + 200 * MIN, [dev]);
});
afterAll(() => app?.close());

describe('waybill report', () => {
  it('keeps the first and last of evenly spaced rows', () => {
    expect(evenly([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([1, 4, 7, 10]);
    expect(evenly([1, 2], 4)).toEqual([1, 2]);
  });

  it('PDF in both languages: waybill information, status, track table, then the device report with its MKT', async () => {
    const en = await exportAndWait(app, admin.token, `/wlx/report/waybill?id=${waybillId}&format=pdf`, EN, 60_000);
    expect(en.file, JSON.stringify(en.file)).toMatchObject({
      status: 'success',
      fileType: '8',
      fileName: 'waybill-report.pdf',
    });
    const text = await pdfText(en.body!);
    for (const s of [
      'Waybill report · WB-REPORT-9',
      'Waybill number',
      'Completed',
      'Track',
      'Latitude',
      '31.20',
      dev,
      '6.75',
    ])
      expect(text).toContain(s);
    const zh = await exportAndWait(app, admin.token, `/wlx/report/waybill?id=${waybillId}&format=pdf`, {}, 60_000);
    const zhText = await pdfText(zh.body!);
    for (const s of ['运单报告 · WB-REPORT-9', '运单号', '已完成', '轨迹']) expect(zhText).toContain(s);
  });

  it('Excel: the waybill rows before the device statistics', async () => {
    const r = await exportAndWait(app, admin.token, `/wlx/report/waybill?id=${waybillId}&format=xlsx`, EN, 60_000);
    expect(r.file).toMatchObject({ status: 'success', fileType: '8', fileName: 'waybill-report.xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body! as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.worksheets[0]!.eachRow((row) =>
      cells.push(row.values ? (row.values as unknown[]).filter((v) => v !== undefined && v !== null).join('|') : ''),
    );
    const at = (s: string): number => cells.findIndex((c) => c.includes(s));
    expect(at('Waybill number|WB-REPORT-9')).toBeGreaterThan(0);
    expect(at('Status|Completed')).toBeGreaterThan(0);
    expect(at('Time|Latitude|Longitude')).toBeGreaterThan(at('Waybill number'));
    expect(at(`(${dev})|Model:`)).toBeGreaterThan(at('Time|Latitude|Longitude'));
  });

  it('another tenant’s waybill and a bad format are refused', async () => {
    const foreign = await app.call('GET', `/wlx/report/waybill?id=${waybillId}&format=pdf`, {
      token: other.token,
      headers: EN,
    });
    expectRefused(foreign, 404);
    const bad = await app.call('GET', `/wlx/report/waybill?id=${waybillId}&format=doc`, {
      token: admin.token,
      headers: EN,
    });
    expectRefused(bad, 400);
  });
});
