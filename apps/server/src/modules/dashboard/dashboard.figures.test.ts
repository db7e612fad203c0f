import {
  ALARM_PERMS,
  DEVICE_PERMS,
  PUSH_PERMS,
  WAYBILL_PERMS,
  type BigScreenData,
  type DashboardStats,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { bigScreenData } from './dashboard.bigscreen';
import { dashboardStats } from './dashboard.figures';
import {
  insertAlarm,
  insertDevice,
  insertPush,
  insertReadings,
  insertTenant,
  insertWaybill,
} from './dashboard.fixtures';

/**
 * One figure, one definition: the analysis dashboard and the big screen answer the same numbers on
 * the same rows, and the temperature compliance rate matches a hand count on a small fixture.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
// 2026-03-10 12:00 in Shanghai (04:00 UTC)
const clock = Date.UTC(2026, 2, 10, 4, 0, 0);
const ALL = new Set([DEVICE_PERMS.list, ALARM_PERMS.list, WAYBILL_PERMS.list, PUSH_PERMS.list]);
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('dashboard and big screen share their figures', () => {
  it('answers the same value for every figure of the same rows (functions at one clock)', async () => {
    const tenant = await insertTenant(app, 1911);
    const hot = await insertDevice(app, tenant, { lastTs: clock - MIN, lat: 31, lng: 121 });
    const idle = await insertDevice(app, tenant, { lastTs: clock - 5 * HOUR, lat: 30, lng: 120 });
    await insertAlarm(app, tenant, hot, { startTs: clock - 30 * MIN, severity: 'H' });
    await insertAlarm(app, tenant, idle, { startTs: clock - 20 * MIN, severity: 'L', processed: true });
    await insertPush(app, tenant, { channel: 'sms', status: 'failed', createdAt: clock - HOUR });
    await insertWaybill(app, tenant, { status: 'ongoing', plannedStart: clock - 3 * HOUR, plannedEnd: clock - HOUR });

    const stats = await dashboardStats(app.db, tenant, ALL, clock);
    const screen = await bigScreenData(app.db, tenant, ALL, clock);
    expect(screen.stats).toEqual(stats);
    expect(stats.devices).toEqual({ total: 2, online: 1, offline: 1 });
    expect(stats.alarms).toEqual({ active: 2, H: 1, M: 0, L: 1, unprocessed: 1 });
    // the headline counts are the alarm section's numbers, not a second count
    expect([stats.activeAlarms, stats.unprocessedAlarms]).toEqual([2, 1]);
    expect(stats.waybills?.byTiming.alreadyLate).toBe(1);
    expect(stats.pushes).toMatchObject({ total: 1, sent: 0 });
    // without alarm:list the section is hidden while the headline counts stay the same
    const noAlarms = await dashboardStats(app.db, tenant, new Set([DEVICE_PERMS.list]), clock);
    expect(noAlarms.alarms).toBeNull();
    expect([noAlarms.activeAlarms, noAlarms.unprocessedAlarms]).toEqual([2, 1]);
  });

  it('answers the same figures on /dashboard/analysis and /dashboard/bigscreen', async () => {
    const op = await userOf(app, DEMO_TENANT_ID, 'dashsame1');
    const dev = await insertDevice(app, DEMO_TENANT_ID, { lastTs: Date.now() - MIN, lat: 31.2, lng: 121.5 });
    await insertAlarm(app, DEMO_TENANT_ID, dev, { startTs: Date.now() - 10 * MIN, severity: 'M' });
    const analysis = await app.call<DashboardStats>('GET', '/dashboard/analysis', { token: op.token });
    const screen = await app.call<BigScreenData>('GET', '/dashboard/bigscreen', { token: op.token });
    expect(analysis.status).toBe(200);
    expect(screen.status).toBe(200);
    expect(screen.body.result.stats).toEqual(analysis.body.result);
    expect(analysis.body.result.alarms?.M).toBeGreaterThanOrEqual(1);
  });
});

describe('temperature compliance on a hand-counted fixture', () => {
  it('rates 3 of 4 readings in limits as 0.75 (the share, not a percentage)', async () => {
    const tenant = await insertTenant(app, 1912);
    const dev = await insertDevice(app, tenant, { lastTs: clock, lat: 31, lng: 121 });
    // readings at -4 h, -3 h, -2 h, -1 h; a P003 episode from -2 h 30 min to -1 h 30 min covers -2 h only
    await insertReadings(app, dev, [clock - 4 * HOUR, clock - 3 * HOUR, clock - 2 * HOUR, clock - HOUR]);
    await insertAlarm(app, tenant, dev, {
      startTs: clock - 2.5 * HOUR,
      endTs: clock - 1.5 * HOUR,
      status: 'cleared',
    });
    // a humidity alarm over every reading does not touch the temperature figure
    await insertAlarm(app, tenant, dev, { startTs: clock - 5 * HOUR, alarmType: 'P004' });
    const screen = await bigScreenData(app.db, tenant, ALL, clock);
    expect(screen.compliance).toEqual({ windowHours: 24, total: 4, inLimits: 3, rate: 0.75 });
    // without device:list the figure is not served at all
    expect((await bigScreenData(app.db, tenant, new Set([ALARM_PERMS.list]), clock)).compliance).toBeNull();
  });
});
