import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BigScreenData, DashboardStats, DashboardTrend } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MIGRATIONS_DIR } from '../../platform/db/migrate';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { timingOutcome } from '../logistics/geo/timing';
import { waybillCounts } from './dashboard.figures';
import { dashboardTrend } from './dashboard.trend';
import { temperatureCompliance } from './dashboard.bigscreen';
import { warehousePositions, warehousesOutOfLimits } from './dashboard.warehouses';
import {
  insertAlarm,
  insertDevice,
  insertPush,
  insertReadings,
  insertTenant,
  insertWaybill,
  type WaybillTimes,
} from './dashboard.fixtures';
import { expectRefused } from '../../../test/refusal';

/**
 * Dashboard figures against rows inserted in the demo tenant, with rows of the
 * platform tenant that must not be counted; permission sections; day buckets in Asia/Shanghai at
 * a fixed clock; the SQL timing outcome against the TypeScript rule.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
let app: TestApp;
let op: { token: string };
let viewer: { token: string };
let now: number;
let online: string;

beforeAll(async () => {
  app = await createTestApp();
  op = await userOf(app, DEMO_TENANT_ID, 'dashop1');
  viewer = await userOf(app, DEMO_TENANT_ID, 'dashview1', 'viewer');
  now = Date.now();
  online = await insertDevice(app, DEMO_TENANT_ID, { lastTs: now - MIN, lat: 31.2, lng: 121.5 });
  const offline = await insertDevice(app, DEMO_TENANT_ID, { lastTs: now - 5 * HOUR, lat: 30.1, lng: 120.2 });
  await insertDevice(app, DEMO_TENANT_ID, { lastTs: null });
  await insertAlarm(app, DEMO_TENANT_ID, online, { startTs: now - 30 * MIN, severity: 'H' });
  await insertAlarm(app, DEMO_TENANT_ID, offline, { startTs: now - 20 * MIN, severity: 'M', alarmType: 'P004' });
  await insertAlarm(app, DEMO_TENANT_ID, online, {
    startTs: now - 3 * HOUR,
    endTs: now - 2 * HOUR,
    severity: 'L',
    status: 'cleared',
    processed: true,
  });
  await insertAlarm(app, DEMO_TENANT_ID, offline, {
    startTs: now - 4 * HOUR,
    endTs: now - 3 * HOUR,
    severity: 'L',
    status: 'cleared',
    flag: 3,
  });
  await insertPush(app, DEMO_TENANT_ID, { channel: 'email', status: 'sent', createdAt: now - HOUR });
  await insertPush(app, DEMO_TENANT_ID, { channel: 'email', status: 'sent', createdAt: now - HOUR });
  await insertPush(app, DEMO_TENANT_ID, { channel: 'sms', status: 'failed', createdAt: now - HOUR });
  await insertWaybill(app, DEMO_TENANT_ID, {
    status: 'unstarted',
    plannedStart: now + HOUR,
    plannedEnd: now + 5 * HOUR,
  });
  await insertWaybill(app, DEMO_TENANT_ID, {
    status: 'ongoing',
    plannedStart: now - HOUR,
    plannedEnd: now + 5 * HOUR,
    actualStart: now - HOUR,
  });
  await insertWaybill(app, DEMO_TENANT_ID, {
    status: 'completed',
    plannedStart: now - 9 * HOUR,
    plannedEnd: now - 2 * HOUR,
    actualStart: now - 10 * HOUR,
    actualEnd: now - 3 * HOUR,
  });
  // another tenant: none of this may show in the demo tenant's figures
  const foreign = await insertDevice(app, PLATFORM_TENANT_ID, { lastTs: now - MIN, lat: 1, lng: 1 });
  await insertAlarm(app, PLATFORM_TENANT_ID, foreign, { startTs: now - 10 * MIN, severity: 'H' });
  await insertPush(app, PLATFORM_TENANT_ID, { channel: 'sms', status: 'sent', createdAt: now - HOUR });
  await insertWaybill(app, PLATFORM_TENANT_ID, { status: 'ongoing', plannedStart: now - HOUR, plannedEnd: now + HOUR });
  await insertReadings(app, foreign, [now - HOUR]);
});
afterAll(async () => {
  await app?.close();
});

describe('dashboard figures (integration)', () => {
  it('counts devices, alarms by severity, waybills by status and timing, pushes of the tenant only', async () => {
    const res = await app.call<DashboardStats>('GET', '/dashboard/analysis', { token: op.token });
    expect(res.status).toBe(200);
    const s = res.body.result;
    expect(s.devices).toEqual({ total: 3, online: 1, offline: 2 });
    expect(s.alarms).toEqual({ active: 2, H: 1, M: 1, L: 0, unprocessed: 2 });
    expect(s.activeAlarms).toBe(2);
    expect(s.waybills?.total).toBe(3);
    expect(s.waybills?.byStatus).toEqual({ unstarted: 1, ongoing: 1, completed: 1 });
    expect(s.waybills?.byTiming).toMatchObject({ none: 1, underway: 1, punctual: 1, delay: 0 });
    expect(s.pushes).toMatchObject({ total: 3, sent: 2 });
    expect(s.pushes?.byChannel.filter((c) => c.count > 0)).toEqual([
      { channel: 'sms', count: 1 },
      { channel: 'email', count: 2 },
    ]);
    expect(s.pushes?.byStatus.filter((c) => c.count > 0)).toEqual([
      { status: 'sent', count: 2 },
      { status: 'failed', count: 1 },
    ]);
    // the scroll info bar: newest first, this tenant's four alarms only
    expect(s.latestAlarms?.map((a) => a.severity)).toEqual(['M', 'H', 'L', 'L']);
    expect(s.latestAlarms?.[0]).toMatchObject({ alarmType: 'P004', status: 'active' });
  });

  it('leaves out the sections the caller may not list (viewer: no push list)', async () => {
    const res = await app.call<DashboardStats>('GET', '/dashboard/analysis', { token: viewer.token });
    expect(res.body.result.pushes).toBeNull();
    expect(res.body.result.devices).toEqual({ total: 3, online: 1, offline: 2 });
    const trend = await app.call<DashboardTrend>('GET', '/dashboard/trend?days=7', { token: viewer.token });
    expect(trend.body.result.points.every((p) => p.pushes === null)).toBe(true);
  });

  it('serves the big screen: positions, compliance and figures of the tenant', async () => {
    const res = await app.call<BigScreenData>('GET', '/dashboard/bigscreen', { token: op.token });
    const b = res.body.result;
    expect(b.devices?.map((d) => [d.online, d.lat])).toEqual([
      [true, 31.2],
      [false, 30.1],
    ]);
    expect(b.stats.devices?.total).toBe(3);
    expect(b.compliance).toEqual({ windowHours: 24, total: 0, inLimits: 0, rate: null });
  });

  it('refuses a trend range other than 7, 14 or 30 days and answers each of them', async () => {
    const bad = await app.call('GET', '/dashboard/trend?days=10', { token: op.token });
    expectRefused(bad, 400);
    for (const days of [7, 14, 30]) {
      const res = await app.call<DashboardTrend>('GET', `/dashboard/trend?days=${days}`, { token: op.token });
      expect(res.body.result.points).toHaveLength(days);
      expect(res.body.result.timeZone).toBe('Asia/Shanghai');
      expect(res.body.result.points.reduce((n, p) => n + (p.alarms ?? 0), 0)).toBe(4);
      expect(res.body.result.points.reduce((n, p) => n + (p.pushes ?? 0), 0)).toBe(3);
    }
  });
});

describe('day buckets in Asia/Shanghai', () => {
  // 2026-03-10 12:00 in Shanghai (04:00 UTC)
  const clock = Date.UTC(2026, 2, 10, 4, 0, 0);
  const all = { alarms: true, readings: true, pushes: true };

  it('puts rows on their Shanghai calendar day and cuts the range at Shanghai midnight', async () => {
    const tenant = await insertTenant(app, 1901);
    const dev = await insertDevice(app, tenant, { lastTs: clock });
    const shanghaiMidnightToday = Date.UTC(2026, 2, 9, 16, 0, 0); // 2026-03-10 00:00 +08:00
    await insertAlarm(app, tenant, dev, { startTs: shanghaiMidnightToday + 30 * MIN }); // 03-10 (UTC still 03-09)
    await insertAlarm(app, tenant, dev, { startTs: shanghaiMidnightToday - 30 * MIN }); // 03-09
    await insertAlarm(app, tenant, dev, { startTs: shanghaiMidnightToday - 6 * 24 * HOUR }); // 03-04 00:00, first day of 7
    await insertAlarm(app, tenant, dev, { startTs: shanghaiMidnightToday - 6 * 24 * HOUR - 1 }); // 03-03 23:59:59.999
    await insertAlarm(app, tenant, dev, { startTs: clock + MIN }); // after the clock: not counted
    await insertReadings(app, dev, [
      shanghaiMidnightToday + MIN,
      shanghaiMidnightToday + 2 * MIN,
      shanghaiMidnightToday - MIN,
    ]);
    await insertPush(app, tenant, {
      channel: 'email',
      status: 'sent',
      createdAt: shanghaiMidnightToday - 13 * 24 * HOUR,
    });

    const week = await dashboardTrend(app.db, tenant, 7, all, clock);
    expect(week.points.map((p) => p.day)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(week.points.map((p) => p.alarms)).toEqual([1, 0, 0, 0, 0, 1, 1]);
    expect(week.points.map((p) => p.readings)).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(week.points.every((p) => p.pushes === 0)).toBe(true);

    const fortnight = await dashboardTrend(app.db, tenant, 14, all, clock);
    expect(fortnight.points[0]).toEqual({ day: '2026-02-25', alarms: 0, readings: 0, pushes: 1 });
    expect(fortnight.points.find((p) => p.day === '2026-03-03')?.alarms).toBe(1);
    const month = await dashboardTrend(app.db, tenant, 30, { alarms: true, readings: false, pushes: true }, clock);
    expect(month.points[0]!.day).toBe('2026-02-09');
    expect(month.points.reduce((n, p) => n + (p.alarms ?? 0), 0)).toBe(4);
    expect(month.points.every((p) => p.readings === null)).toBe(true);
  });

  it('counts warehouses with a device in an active limit alarm (null without the warehouse tables)', async () => {
    const tenant = await insertTenant(app, 1904);
    const [has] = await app.db.query<{ ok: boolean }>(`SELECT to_regclass('warehouse') IS NOT NULL AS ok`);
    if (!has?.ok) {
      expect(await warehousesOutOfLimits(app.db, tenant)).toBeNull();
      return;
    }
    const hot = await insertDevice(app, tenant, { lastTs: clock, lat: 30, lng: 120 });
    const calm = await insertDevice(app, tenant, { lastTs: clock, lat: 31, lng: 121 });
    const door = await insertDevice(app, tenant, { lastTs: clock, lat: 32, lng: 122 });
    for (const [name, dev] of [
      ['Hot store', hot],
      ['Calm store', calm],
      ['Door store', door],
    ] as const) {
      const [w] = await app.db.query<{ id: string }>(
        `INSERT INTO warehouse (tenant_id, name, number) VALUES ($1, $2, $2) RETURNING id`,
        [tenant, name],
      );
      await app.db.query('INSERT INTO warehouse_device (dev_no, warehouse_id) VALUES ($1, $2)', [dev, w!.id]);
    }
    await insertAlarm(app, tenant, hot, { startTs: clock - HOUR, conditionType: 'range' });
    await insertAlarm(app, tenant, calm, { startTs: clock - 3 * HOUR, endTs: clock - 2 * HOUR, status: 'cleared' });
    await insertAlarm(app, tenant, door, { startTs: clock - HOUR, conditionType: 'door', alarmType: 'door' });
    expect(await warehousesOutOfLimits(app.db, tenant)).toBe(1);
    await insertAlarm(app, tenant, calm, { startTs: clock - HOUR, conditionType: 'duration', alarmType: 'T001' });
    expect(await warehousesOutOfLimits(app.db, tenant)).toBe(2);
    const positions = await warehousePositions(app.db, tenant);
    expect(positions?.map((w) => [w.name, w.lat, w.outOfLimits])).toEqual([
      ['Calm store', 31, true],
      ['Door store', 32, false],
      ['Hot store', 30, true],
    ]);
  });

  it('rates temperature compliance as readings outside every temperature alarm episode', async () => {
    const tenant = await insertTenant(app, 1902);
    const dev = await insertDevice(app, tenant, { lastTs: clock });
    const other = await insertDevice(app, tenant, { lastTs: clock });
    // 4 readings of dev, the middle two inside an episode; 1 of other inside a false alarm (flag 0); 1 older than 24 h
    await insertReadings(app, dev, [clock - 4 * HOUR, clock - 3 * HOUR, clock - 2 * HOUR, clock - HOUR]);
    await insertReadings(app, other, [clock - 3 * HOUR, clock - 30 * HOUR]);
    await insertAlarm(app, tenant, dev, { startTs: clock - 3 * HOUR, endTs: clock - 2 * HOUR, status: 'cleared' });
    await insertAlarm(app, tenant, other, { startTs: clock - 4 * HOUR, flag: 0 });
    await insertAlarm(app, tenant, dev, {
      startTs: clock - 10 * HOUR,
      endTs: clock - 9 * HOUR,
      status: 'cleared',
      alarmType: 'P004',
    });
    expect(await temperatureCompliance(app.db, tenant, clock)).toEqual({
      windowHours: 24,
      total: 5,
      inLimits: 3,
      rate: 0.6,
    });
    // a sustained excursion (duration T001) over P003 of a template is a temperature episode too; one over P004 is not
    const template = async (param: string): Promise<string> => {
      const content = {
        conditions: [
          { type: 'duration', minutes: 3, condition: { type: 'threshold', param, comparison: 0, value: 20 } },
        ],
      };
      const [r] = await app.db.query<{ id: string }>(
        `INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content) VALUES ($1, $2, 'environment', 'M', $3::jsonb) RETURNING id`,
        [tenant, `Sustained ${param}`, JSON.stringify(content)],
      );
      return r!.id;
    };
    const sustained = async (ruleId: string, startTs: number, endTs: number): Promise<void> => {
      await app.db.query(
        `INSERT INTO alarm (tenant_id, device_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type, severity, start_ts, raised_ts, end_ts, status, created_at)
         VALUES ($1, $2, 'template', $3, 'Sustained', 0, 'duration', 'T001', 'M', $4, $4, $5, 'cleared', $4)`,
        [tenant, dev, ruleId, startTs, endTs],
      );
    };
    await sustained(await template('P004'), clock - 4 * HOUR - MIN, clock - 4 * HOUR + MIN);
    expect((await temperatureCompliance(app.db, tenant, clock)).inLimits).toBe(3);
    await sustained(await template('P003'), clock - HOUR - MIN, clock - HOUR + MIN);
    expect(await temperatureCompliance(app.db, tenant, clock)).toEqual({
      windowHours: 24,
      total: 5,
      inLimits: 2,
      rate: 0.4,
    });
  });

  it('computes the timing outcome in SQL exactly as the waybill rule does', async () => {
    const tenant = await insertTenant(app, 1903);
    const h = HOUR;
    const cases: WaybillTimes[] = [
      { status: 'unstarted', plannedStart: clock + h, plannedEnd: clock + 2 * h },
      { status: 'unstarted', plannedStart: clock - h, plannedEnd: clock + 2 * h },
      { status: 'ongoing', plannedStart: clock - 3 * h, plannedEnd: clock - h, actualStart: clock - 3 * h },
      { status: 'ongoing', plannedStart: clock - h, plannedEnd: clock + h, actualStart: clock - h, etaMs: null },
      {
        status: 'ongoing',
        plannedStart: clock - h,
        plannedEnd: clock + h,
        actualStart: clock - h,
        etaMs: clock + 2 * h,
      },
      { status: 'ongoing', plannedStart: clock - h, plannedEnd: clock + h, actualStart: clock - h, etaMs: clock + h },
      {
        status: 'completed',
        plannedStart: clock - 5 * h,
        plannedEnd: clock - 2 * h,
        actualStart: clock - 5 * h,
        actualEnd: null,
      },
      {
        status: 'completed',
        plannedStart: clock - 5 * h,
        plannedEnd: clock - 2 * h,
        actualStart: clock - 5 * h,
        actualEnd: clock - h,
      },
      {
        status: 'completed',
        plannedStart: clock - 5 * h,
        plannedEnd: clock - 2 * h,
        actualStart: clock - 5 * h,
        actualEnd: clock - 2 * h,
      },
      {
        status: 'completed',
        plannedStart: clock - 5 * h,
        plannedEnd: clock - 2 * h,
        actualStart: clock - 4 * h,
        actualEnd: clock - 3 * h,
      },
      {
        status: 'completed',
        plannedStart: clock - 5 * h,
        plannedEnd: clock - 2 * h,
        actualStart: null,
        actualEnd: clock - 3 * h,
      },
    ];
    for (const c of cases) await insertWaybill(app, tenant, c);
    const expected: Record<string, number> = {
      normalEnd: 0,
      normalInTransit: 0,
      underway: 0,
      alreadyLate: 0,
      estimatedDelay: 0,
      delay: 0,
      punctual: 0,
      none: 0,
    };
    for (const c of cases) {
      const outcome = timingOutcome({
        status: c.status,
        plannedStart: c.plannedStart,
        plannedEnd: c.plannedEnd,
        actualStart: c.actualStart ?? null,
        actualEnd: c.actualEnd ?? null,
        now: clock,
        etaMs: c.status === 'ongoing' ? (c.etaMs ?? null) : null,
      });
      expected[outcome ?? 'none']! += 1;
    }
    const counts = await waybillCounts(app.db, tenant, clock);
    expect(counts.byTiming).toEqual(expected);
    // every outcome of the rule occurs at least once in the cases
    expect(Object.values(expected).every((n) => n > 0)).toBe(true);
  });
});

describe('big-data screen menu', () => {
  it('is a hidden child of the dashboard menu, also on a database seeded before it was hidden (migration 0058)', async () => {
    const hidden = async (): Promise<boolean | undefined> =>
      (
        await app.db.query<{ hidden: boolean }>(
          `SELECT hidden FROM sys_permission WHERE id = 'dashboard-bigscreen' AND parent_id = 'dashboard'`,
        )
      )[0]?.hidden;
    expect(await hidden()).toBe(true);
    await app.db.query(`UPDATE sys_permission SET hidden = false WHERE id = 'dashboard-bigscreen'`);
    await app.db.exec(readFileSync(path.join(MIGRATIONS_DIR, '0058_dashboard.sql'), 'utf8'));
    expect(await hidden()).toBe(true);
  });
});
