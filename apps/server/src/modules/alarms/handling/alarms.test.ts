import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import type { AlarmRecord, AlarmStats, CommentRecord, PageResult, ProcessRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app';
import { formatEpochMs } from '../../../platform/time/format-time';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { addDevice, createDeviceTestApp, uid } from '../../telemetry/ingest.fixtures';
import type { AlarmNotice } from '../runtime/alarm-notice';
import {
  alarmFrames,
  alarmsOf,
  bind,
  insertTemplate,
  openConsole,
  postReadings,
  until,
  userOf,
  type FrameLog,
} from '../runtime/alarm.fixtures';
import { exportAndWait } from '../../../platform/exports/exports.fixtures';
import { expectRefused } from '../../../../test/refusal';

/**
 * Alarm handling calls on alarms raised through the real ingest: lists, view,
 * comments, statistics, process records (validation, reminders stop, second process), batch
 * flag, exports, and tenant isolation of every call.
 */

const MIN = 60_000;
let app: TestApp;
let base: string;
let op: { userId: string; token: string };
let other: { userId: string; token: string };
let console1: FrameLog;
const notices: AlarmNotice[] = [];
/** Device and alarm raised in beforeAll: P003 above −15 °C, reminder every minute. */
let deviceId: string;
let alarm: AlarmRecord;

beforeAll(async () => {
  app = await createDeviceTestApp();
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
  app.alarms.onNotice((n) => notices.push(n));
  op = await userOf(app, DEMO_TENANT_ID, 'hdlop1');
  other = await userOf(app, PLATFORM_TENANT_ID, 'hdlother1', 'admin');
  console1 = await openConsole(base, op);

  deviceId = uid('HDL');
  const secret = await addDevice(app, { id: deviceId });
  const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
    name: 'Frozen load',
    severity: 'H',
    conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
    reminder: { everyMinutes: 1 },
  });
  await bind(app, DEMO_TENANT_ID, templateId, deviceId);
  const t = Date.now() - 10 * MIN;
  await postReadings(app, deviceId, secret, [
    { ts: t, values: { P003: -18 } },
    { ts: t + MIN, values: { P003: -12 } },
  ]);
  await until(async () => (await alarmsOf(app, deviceId)).length === 1);
  // the reminders due since the raise (every minute for 9 minutes) are caught up by the clock at once
  await app.alarms.requestTick();
  const list = await app.call<PageResult<AlarmRecord>>('GET', `/wlx/device/alarmList?deviceId=${deviceId}`, {
    token: op.token,
  });
  alarm = list.body.result.records[0]!;
});
afterAll(async () => {
  console1?.ws.close();
  await app?.close();
});

describe('alarm handling (integration)', () => {
  it('lists, filters, views and counts the raised alarm', async () => {
    expect(alarm).toMatchObject({
      deviceId,
      ruleName: 'Frozen load',
      alarmType: 'P003',
      severity: 'H',
      status: 'active',
      processed: false,
      flag: 1,
      value: -12,
    });
    const filtered = await app.call<PageResult<AlarmRecord>>(
      'GET',
      `/wlx/device/alarmList?deviceId=${deviceId}&severity=H,M&status=active&startTs_begin=${alarm.startTs}`,
      { token: op.token },
    );
    expect(filtered.body.result.total).toBe(1);
    const none = await app.call<PageResult<AlarmRecord>>(
      'GET',
      `/wlx/device/alarmList?deviceId=${deviceId}&severity=L`,
      { token: op.token },
    );
    expect(none.body.result.total).toBe(0);
    const common = await app.call<PageResult<AlarmRecord>>('GET', `/wlx/device/commonAlarmList?deviceId=${deviceId}`, {
      token: op.token,
    });
    expect(common.body.result.records.map((r) => r.id)).toEqual([alarm.id]);
    const gateway = await app.call<PageResult<AlarmRecord>>('GET', `/wlx/alarm/gatewayAlarmList?deviceId=${deviceId}`, {
      token: op.token,
    });
    expect(gateway.body.result.total).toBe(0);
    const view = await app.call<AlarmRecord>('GET', `/wlx/alarm/queryById?id=${alarm.id}`, { token: op.token });
    expect(view.body.result).toEqual(alarm);
    const stats = await app.call<AlarmStats>('GET', `/wlx/alarm/statistics?deviceId=${deviceId}`, { token: op.token });
    expect(stats.body.result).toMatchObject({
      total: 1,
      active: 1,
      unprocessed: 1,
      byType: [{ alarmType: 'P003', count: 1 }],
      bySeverity: [{ severity: 'H', count: 1 }],
    });
    expect(stats.body.result.byDay.reduce((s, d) => s + d.count, 0)).toBe(1);
    const dash = await app.call<{ activeAlarms: number; unprocessedAlarms: number }>('GET', '/dashboard/analysis', {
      token: op.token,
    });
    expect(dash.body.result.activeAlarms).toBeGreaterThanOrEqual(1);
    expect(dash.body.result.unprocessedAlarms).toBeGreaterThanOrEqual(1);
  });

  it('refuses an empty, a 501-character and a flagless process record with field errors', async () => {
    const bad = async (body: object): Promise<{ field: string }[]> => {
      const res = await app.call('POST', '/wlx/alarm/process/add', { token: op.token, body });
      expect(res.body.success).toBe(false);
      return (res.body as { errors?: { field: string }[] }).errors ?? [];
    };
    expect((await bad({ alarmId: alarm.id, content: '   ', flag: 1 })).map((e) => e.field)).toEqual(['content']);
    expect((await bad({ alarmId: alarm.id, content: 'x'.repeat(501), flag: 1 })).map((e) => e.field)).toEqual([
      'content',
    ]);
    expect((await bad({ alarmId: alarm.id, content: 'checked' })).map((e) => e.field)).toEqual(['flag']);
    expect((await alarmsOf(app, deviceId))[0]!.processed).toBe(false);
  });

  it('processing records who and when, stops reminders, tells the console, and may be repeated', async () => {
    await app.alarms.requestTick();
    const reminded = await until(async () => {
      const [a] = await alarmsOf(app, deviceId);
      return a!.reminders > 0 ? a : null;
    });
    const res = await app.call<ProcessRecord>('POST', '/wlx/alarm/process/add', {
      token: op.token,
      body: { alarmId: alarm.id, content: 'x'.repeat(500), flag: 1 },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result).toMatchObject({ alarmId: alarm.id, deviceId, flag: 1, createBy: 'hdlop1' });
    const [after] = await alarmsOf(app, deviceId);
    expect(after).toMatchObject({ processed: true, flag: 1, processed_by: 'hdlop1' });
    await until(() => alarmFrames(console1, deviceId).some((f) => f.event === 'processed'));

    const before = notices.filter((n) => n.kind === 'reminder' && n.alarm.deviceId === deviceId).length;
    await app.alarms.requestTick(Date.now() + 30 * MIN);
    expect(notices.filter((n) => n.kind === 'reminder' && n.alarm.deviceId === deviceId)).toHaveLength(before);
    expect((await alarmsOf(app, deviceId))[0]!.reminders).toBe(reminded.reminders);

    const again = await app.call<ProcessRecord>('POST', '/wlx/alarm/process/add', {
      token: op.token,
      body: { alarmId: alarm.id, content: 'false alarm after all', flag: 0 },
    });
    expect(again.body.success).toBe(true);
    const records = await app.call<PageResult<ProcessRecord>>('GET', `/wlx/alarm/process/list?alarmId=${alarm.id}`, {
      token: op.token,
    });
    expect(records.body.result.records.map((r) => r.flag).sort()).toEqual([0, 1]);
    expect((await alarmsOf(app, deviceId))[0]!.flag).toBe(0);
  });

  it('comments, batch flag and exports with texts in the caller language', async () => {
    const added = await app.call<CommentRecord>('POST', '/wlx/device/comments/add', {
      token: op.token,
      body: { alarmId: alarm.id, content: 'driver called' },
    });
    expect(added.body.result).toMatchObject({ alarmId: alarm.id, content: 'driver called', createBy: 'hdlop1' });
    const comments = await app.call<CommentRecord[]>('GET', `/wlx/device/comments?alarmId=${alarm.id}`, {
      token: op.token,
    });
    expect(comments.body.result.map((c) => c.content)).toEqual(['driver called']);

    const flagged = await app.call('PUT', '/wlx/alarm/flag', { token: op.token, body: { ids: [alarm.id], flag: 3 } });
    expect(flagged.body.success).toBe(true);
    const ignored = await app.call<PageResult<AlarmRecord>>(
      'GET',
      `/wlx/device/alarmList?deviceId=${deviceId}&flag=3`,
      { token: op.token },
    );
    expect(ignored.body.result.total).toBe(1);

    const xls = await exportAndWait(app, op.token, `/wlx/alarm/exportXls?deviceId=${deviceId}`, {
      'accept-language': 'en-US',
    });
    expect(xls.file.status).toBe('success');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(xls.body!).Sheets[XLSX.read(xls.body!).SheetNames[0]!]!,
      { header: 1 },
    );
    expect(rows[0]).toContain('Severity');
    expect(rows[1]).toEqual(expect.arrayContaining([deviceId, 'Urgent', 'Active', 'Processed', 'Ignored']));
    // times as people read them, not ms numbers
    expect(rows[0]).toContain('Start');
    expect(rows[1]).toContain(formatEpochMs(alarm.startTs));
    expect((rows[1] as unknown[]).some((c) => typeof c === 'number' && c > 1e12)).toBe(false);
    const zh = await exportAndWait(app, op.token, `/wlx/alarm/process/exportXls?alarmId=${alarm.id}`, {
      'accept-language': 'zh-CN',
    });
    const zhRows = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(zh.body!).Sheets[XLSX.read(zh.body!).SheetNames[0]!]!,
      { header: 1 },
    );
    expect(zhRows).toHaveLength(3);
    expect(zhRows[0]).toContain('处理结果');
    expect(zhRows.flat()).toEqual(expect.arrayContaining(['紧急', '非告警', '告警']));
  });

  it('exports the gateway alarms as download-center type ga: only alarms relayed by a gateway; none gives the §8 failure', async () => {
    const none = await exportAndWait(app, op.token, `/wlx/alarm/gatewayAlarmExportXls?deviceId=${deviceId}`, {
      'accept-language': 'en-US',
    });
    expect(none.file).toMatchObject({ status: 'failure', fileType: 'ga', result: 'File download failed' });
    expect(none.body).toBeNull();
    // the alarm as if its device's readings had come through gateway GW-HDL
    await app.db.query('UPDATE alarm SET gateway_id = $2 WHERE id = $1', [alarm.id, 'GW-HDL']);
    try {
      const xls = await exportAndWait(app, op.token, `/wlx/alarm/gatewayAlarmExportXls?deviceId=${deviceId}`, {
        'accept-language': 'zh-CN',
      });
      expect(xls.file).toMatchObject({ status: 'success', fileType: 'ga', fileName: '网关告警.xls' });
      expect(xls.file.description).toContain('网关告警');
      const rows = XLSX.utils.sheet_to_json<unknown[]>(
        XLSX.read(xls.body!).Sheets[XLSX.read(xls.body!).SheetNames[0]!]!,
        { header: 1 },
      );
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual(expect.arrayContaining([deviceId]));
      // another tenant's export of the same filter finds nothing
      const foreign = await exportAndWait(app, other.token, `/wlx/alarm/gatewayAlarmExportXls?deviceId=${deviceId}`, {
        'accept-language': 'en-US',
      });
      expect(foreign.file).toMatchObject({ status: 'failure', result: 'File download failed' });
    } finally {
      await app.db.query('UPDATE alarm SET gateway_id = NULL WHERE id = $1', [alarm.id]);
    }
  });

  it('batch flag is all or nothing, and ignoring stops the reminders of an unprocessed alarm', async () => {
    const dev = uid('HDL');
    const secret = await addDevice(app, { id: dev });
    const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
      name: `Ignore ${dev}`,
      severity: 'M',
      conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
      reminder: { everyMinutes: 1 },
    });
    await bind(app, DEMO_TENANT_ID, templateId, dev);
    const t = Date.now() - 10 * MIN;
    await postReadings(app, dev, secret, [
      { ts: t, values: { P003: -18 } },
      { ts: t + MIN, values: { P003: -10 } },
    ]);
    const [raised] = await until(async () => {
      const rows = await alarmsOf(app, dev);
      return rows.length === 1 ? rows : null;
    });
    const mixed = await app.call('PUT', '/wlx/alarm/flag', {
      token: op.token,
      body: { ids: [raised!.id, 'no-such-alarm'], flag: 3 },
    });
    expectRefused(mixed, 404);
    expect((await alarmsOf(app, dev))[0]!.flag).toBe(1);

    await app.alarms.requestTick();
    await until(async () => ((await alarmsOf(app, dev))[0]!.reminders > 0 ? true : null));
    const flagged = await app.call('PUT', '/wlx/alarm/flag', { token: op.token, body: { ids: [raised!.id], flag: 3 } });
    expect(flagged.body.success).toBe(true);
    const [ignored] = await alarmsOf(app, dev);
    expect(ignored).toMatchObject({ flag: 3, processed: false });
    const before = notices.filter((n) => n.kind === 'reminder' && n.alarm.deviceId === dev).length;
    await app.alarms.requestTick(Date.now() + 30 * MIN);
    expect(notices.filter((n) => n.kind === 'reminder' && n.alarm.deviceId === dev)).toHaveLength(before);
    expect((await alarmsOf(app, dev))[0]!.reminders).toBe(ignored!.reminders);
  });

  it('keeps every call tenant-scoped: another tenant gets not found or nothing', async () => {
    const t = other.token;
    const list = await app.call<PageResult<AlarmRecord>>('GET', `/wlx/device/alarmList?deviceId=${deviceId}`, {
      token: t,
    });
    expect(list.body.result.total).toBe(0);
    const common = await app.call<PageResult<AlarmRecord>>('GET', `/wlx/device/commonAlarmList`, { token: t });
    expect(common.body.result.records.some((r) => r.deviceId === deviceId)).toBe(false);
    for (const [method, url, body] of [
      ['GET', `/wlx/alarm/queryById?id=${alarm.id}`, undefined],
      ['GET', `/wlx/device/comments?alarmId=${alarm.id}`, undefined],
      ['POST', '/wlx/device/comments/add', { alarmId: alarm.id, content: 'hi' }],
      ['POST', '/wlx/alarm/process/add', { alarmId: alarm.id, content: 'mine now', flag: 1 }],
      ['PUT', '/wlx/alarm/flag', { ids: [alarm.id], flag: 1 }],
    ] as const) {
      const res = await app.call(method, url, { token: t, body });
      expectRefused(res, 404, url);
    }
    const stats = await app.call<AlarmStats>('GET', `/wlx/alarm/statistics?deviceId=${deviceId}`, { token: t });
    expect(stats.body.result.total).toBe(0);
    const records = await app.call<PageResult<ProcessRecord>>('GET', `/wlx/alarm/process/list?alarmId=${alarm.id}`, {
      token: t,
    });
    expect(records.body.result.total).toBe(0);
    expect((await alarmsOf(app, deviceId))[0]!.flag).toBe(3);
  });
});
