import type { ExportFile } from '@ztj/contracts';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exportAndWait } from '../../platform/exports/exports.fixtures';
import { until, userOf } from '../alarms/runtime/alarm.fixtures';
import { device } from '../alarms/settings/settings.fixtures';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { insertReadings, workedExample } from './reports.fixtures';
import { previousShanghaiDay, shanghaiDay, WAREHOUSE_DAILY_JOB } from './warehouse-daily';
import { expectRefused } from '../../../test/refusal';

/**
 * Warehouse daily report (type 5): on demand for one Asia/Shanghai day, and by the
 * scheduled-job class for the previous day into the monitoring accounts' download centers.
 */
let app: TestApp;
let admin: { userId: string; token: string };
let other: { userId: string; token: string };
let warehouseId: string;
let devA: string;
let devB: string;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0); // 2026-01-10 08:00 Asia/Shanghai
const EN = { 'accept-language': 'en-US' };
const pdfText = async (body: Buffer): Promise<string> =>
  (await new PDFParse({ data: new Uint8Array(body) }).getText()).text;

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'whdaily1', 'admin');
  other = await userOf(app, PLATFORM_TENANT_ID, 'whdaily2', 'admin');
  devA = await device(app, DEMO_TENANT_ID);
  devB = await device(app, DEMO_TENANT_ID);
  await insertReadings(app, devA, workedExample(T0));
  await insertReadings(
    app,
    devB,
    workedExample(T0).map((r) => ({ ...r, values: { P003: r.values.P003! + 1 } })),
  );
  const [w] = await app.db.query<{ id: string }>(
    `INSERT INTO warehouse (tenant_id, name, number, monitor_user_ids, create_by) VALUES ($1, 'Cold room 7', 'WH-DAILY-7', $2, 'whdaily1') RETURNING id`,
    [DEMO_TENANT_ID, JSON.stringify([admin.userId])],
  );
  warehouseId = w!.id;
  await app.db.query('INSERT INTO warehouse_device (dev_no, warehouse_id) VALUES ($1, $3), ($2, $3)', [
    devA,
    devB,
    warehouseId,
  ]);
});
afterAll(() => app?.close());

describe('warehouse daily report', () => {
  it('Asia/Shanghai days: the day holding a time and the one before', () => {
    expect(shanghaiDay('2026-01-10')).toEqual({ start: Date.UTC(2026, 0, 9, 16), end: Date.UTC(2026, 0, 10, 16) });
    expect(previousShanghaiDay(Date.UTC(2026, 0, 10, 17))).toBe('2026-01-10'); // 01:00 on the 11th in Shanghai
    expect(previousShanghaiDay(Date.UTC(2026, 0, 10, 15))).toBe('2026-01-09'); // 23:00 on the 10th
  });

  it('on demand: a PDF of every device of the warehouse for the day, titled with the warehouse', async () => {
    const r = await exportAndWait(
      app,
      admin.token,
      `/wlx/report/warehouseDaily?id=${warehouseId}&date=2026-01-10`,
      EN,
      60_000,
    );
    expect(r.file).toMatchObject({ status: 'success', fileType: '5', fileName: 'warehouse-daily-report.pdf' });
    const text = await pdfText(r.body!);
    expect(text).toContain('Warehouse daily report · Cold room 7 (WH-DAILY-7) · 2026-01-10');
    expect(text).toContain(devA);
    expect(text).toContain(devB);
    expect(text).toContain('6.75'); // MKT of the worked example (device A)
  });

  it('a day without readings fails with the §8 message; bad dates and other tenants are refused', async () => {
    const empty = await exportAndWait(
      app,
      admin.token,
      `/wlx/report/warehouseDaily?id=${warehouseId}&date=2026-01-12`,
      EN,
    );
    expect(empty.file).toMatchObject({ status: 'failure', result: 'File download failed' });
    const bad = await app.call('GET', `/wlx/report/warehouseDaily?id=${warehouseId}&date=2026-13-45`, {
      token: admin.token,
      headers: EN,
    });
    expectRefused(bad, 400);
    const foreign = await app.call('GET', `/wlx/report/warehouseDaily?id=${warehouseId}&date=2026-01-10`, {
      token: other.token,
      headers: EN,
    });
    expectRefused(foreign, 404);
  });

  it('the scheduled job files the previous day’s report in the monitoring accounts’ download center', async () => {
    const fireTime = Date.parse('2026-01-11T03:00:00+08:00');
    const out = await WAREHOUSE_DAILY_JOB.handler({
      db: app.db,
      tenantId: DEMO_TENANT_ID,
      parameter: JSON.stringify({ warehouseIds: [warehouseId] }),
      fireTime,
      trigger: 'manual',
      lang: 'en-US',
      services: { exports: app.exports },
    });
    expect(out).toEqual({ date: '2026-01-10', warehouses: 1, files: 1 });
    const file = await until(async () => {
      const [f] = await app.db.query<{ id: string; status: string; user_id: string }>(
        `SELECT id, status, user_id FROM export_file WHERE tenant_id = $1 AND file_type = '5' AND description LIKE '%2026-01-10' AND status <> 'generating' ORDER BY create_time DESC LIMIT 1`,
        [DEMO_TENANT_ID],
      );
      return f?.user_id === admin.userId && f.status !== 'generating' ? f : null;
    }, 60_000);
    expect(file.status).toBe('success');
    const listed = await app.call<ExportFile>('GET', `/sys/downloadCenter/queryById?id=${file.id}`, {
      token: admin.token,
    });
    expect(listed.body.result).toMatchObject({ fileType: '5', status: 'success' });
  });
});
