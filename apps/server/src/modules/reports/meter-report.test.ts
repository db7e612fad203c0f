import { HEADER_DEVICE_SECRET } from '@ztj/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectRefused } from '../../../test/refusal';
import { exportAndWait } from '../../platform/exports/exports.fixtures';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { dayOf, dayStart, dayText } from '../meters/energy';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, uid } from '../telemetry/ingest.fixtures';

/**
 * The device report dialog's meter report (SPEC §9 type b): `/wlx/report/device` with
 * `reportType=b` queues the meters module's Excel report over the range's local days for ammeters
 * and plugs, and refuses devices that are not meters on `reportType` without queueing anything.
 */
let app: TestApp;
let admin: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
const H = 3_600_000;

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'mrepadmin1', 'admin');
});
afterAll(() => app?.close());

const ingest = (id: string, secret: string, ts: number, values: Record<string, number>) =>
  app.fastify.inject({
    method: 'POST',
    url: `/ztj-iot/ingest/devices/${id}/telemetry`,
    headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
    payload: JSON.stringify({ ts, values }),
  });
const url = (ids: string[], start: number, end: number, format = 'xlsx'): string =>
  `/wlx/report/device?deviceIds=${ids.join(',')}&startTime=${start}&endTime=${end}&format=${format}&reportType=b`;

describe('meter report from the device report dialog (type b)', () => {
  it('an ammeter and a plug: the meter report Excel (type b) with each meter’s kWh per local day of the range', async () => {
    const [meter, plug] = [uid('AM'), uid('PLUG')];
    const ms = await addDevice(app, { id: meter, model: 'AM-1P' });
    const ps = await addDevice(app, { id: plug, model: 'SP-16A' });
    const D = dayOf(Date.now()) - 2;
    // day D: the ammeter 100 → 112 kWh, the plug 3 → 4.5 kWh
    for (const [id, secret, a, b] of [
      [meter, ms, 100, 112],
      [plug, ps, 3, 4.5],
    ] as const) {
      for (const [ts, v] of [
        [dayStart(D) + 8 * H, a],
        [dayStart(D) + 20 * H, b],
      ] as const)
        expect((await ingest(id, secret, ts, { P054: v })).json()).toMatchObject({ success: true });
    }
    // 06:00 of day D to 06:00 of day D+1 (Asia/Shanghai): the days D and D+1; PDF asked, the meter report is Excel
    const r = await exportAndWait(
      app,
      admin.token,
      url([meter, plug], dayStart(D) + 6 * H, dayStart(D + 1) + 6 * H, 'pdf'),
      EN,
      60_000,
    );
    expect(r.file).toMatchObject({ status: 'success', fileType: 'b', fileName: 'Daily meter energy.xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body! as never);
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[2]).toEqual([
      'Device ID',
      'Name',
      'Family',
      'Ratio (CT×PT)',
      dayText(D),
      dayText(D + 1),
      'Total (kWh)',
    ]);
    expect(rows[3]).toEqual([meter, meter, 'Single-phase ammeter', 1, 12, '', 12]);
    expect(rows[4]?.[0]).toBe(plug);
    expect(rows[4]?.[4]).toBe(1.5);
    expect(rows[5]).toEqual(['Total', '', '', '', 13.5, 0, 13.5]);
  });

  it('a device that is not an ammeter or plug is refused on reportType, in both languages, and queues nothing', async () => {
    const [meter, th] = [uid('AM'), uid('TH')];
    await addDevice(app, { id: meter, model: 'AM-3P' });
    await addDevice(app, { id: th, model: 'P23-2IN1' });
    const [before] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_file');
    const now = Date.now();
    const en = await app.call('GET', url([meter, th], now - 24 * H, now), { token: admin.token, headers: EN });
    expectRefused(en, 400);
    expect(en.body.errors).toEqual([{ field: 'reportType', message: 'This device is not an ammeter or plug' }]);
    const zh = await app.call('GET', url([th], now - 24 * H, now), {
      token: admin.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.errors?.find((e) => e.field === 'reportType')?.message).toBe('该设备不是电表或插座');
    const [after] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_file');
    expect(after!.n).toBe(before!.n);
  });
});
