import type { WaybillRecord } from '@ztj/contracts';
import { loadFleetData } from '@ztj/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { device } from '../../alarms/settings/settings.fixtures';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import type { TelemetryRow } from '../../telemetry/telemetry-store';
import { waybillBody } from './waybill.fixtures';
import { WaybillTracker } from './waybill-tracker';

/**
 * The tracker on a real recorded drive (Twizy track 3, data/gps): AI start when the truck leaves
 * the origin fence, completion after the dwell in the destination fence, position and ETA kept.
 */

let app: TestApp;
let admin: { userId: string; token: string };
const MIN = 60_000;
const track = loadFleetData().tracks[2]!;

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'wbtrack1', 'admin');
});
afterAll(async () => {
  await app?.close();
});

/** A route from the drive's first to its last fix through three fixes between, 500 m fences. */
async function trackRoute(): Promise<string> {
  const p = (i: number) => ({ lat: track[i]!.lat, lng: track[i]!.lng });
  const n = track.length - 1;
  const [r] = await app.db.query<{ id: string }>(
    `INSERT INTO logistics_route (tenant_id, name, origin, waypoints, destination, fence_radius_m) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, 500) RETURNING id`,
    [
      DEMO_TENANT_ID,
      `Track 3 ${Date.now()}`,
      JSON.stringify(p(0)),
      JSON.stringify([p(Math.round(n / 4)), p(Math.round(n / 2)), p(Math.round((3 * n) / 4))]),
      JSON.stringify(p(n)),
    ],
  );
  return r!.id;
}

/** The drive as committed rows of `deviceId`, device time from `t0`. */
const rowsOf = (deviceId: string, t0: number): TelemetryRow[] =>
  track.map((f) => ({
    deviceId,
    tenantId: DEMO_TENANT_ID,
    ts: t0 + f.tOffsetMs,
    receivedAt: t0 + f.tOffsetMs,
    lat: f.lat,
    lng: f.lng,
    values: { P013: f.speedKmh },
    valuesJson: '{}',
  }));

const view = async (id: string) =>
  (await app.call<WaybillRecord>('GET', `/wlx/task/getDetailById?id=${id}`, { token: admin.token })).body.result;

describe('WaybillTracker', () => {
  it('AI starts on leaving the origin and completes after the dwell in the destination; ETA while under way', async () => {
    const route = await trackRoute();
    const dev = await device(app, DEMO_TENANT_ID, 'G24-L4Y2');
    const t0 = Date.now() - 60 * MIN;
    const w = (
      await app.call<WaybillRecord>('POST', '/wlx/task/add', {
        token: admin.token,
        body: waybillBody(route, [dev], {
          aiStartStop: true,
          plannedStart: t0 + 5 * MIN,
          plannedEnd: t0 + 2 * 3_600_000,
        }),
      })
    ).body.result;
    const tracker = new WaybillTracker(app.db, { dwellMinutes: 1, refreshMs: 0 });
    await tracker.start();
    const rows = rowsOf(dev, t0);
    const half = Math.floor(rows.length / 2);
    tracker.onCommitted(rows.slice(0, half));
    await tracker.idle();
    const midway = await view(w.id);
    expect(midway.status).toBe('ongoing');
    expect(midway.actualStart! - t0).toBeGreaterThan(0);
    expect(midway.actualStart! - t0).toBeLessThan(3 * MIN);
    const [mid] = await app.db.query<{ last_ts: string; remaining_m: number; eta_ms: string }>(
      'SELECT last_ts, remaining_m, eta_ms FROM waybill WHERE id = $1',
      [w.id],
    );
    expect(Number(mid!.last_ts)).toBe(rows[half - 1]!.ts);
    expect(mid!.remaining_m).toBeGreaterThan(1000);
    expect(Number(mid!.eta_ms)).toBeGreaterThan(rows[half - 1]!.ts);
    expect(midway.etaMs).toBe(Number(mid!.eta_ms));

    for (let i = half; i < rows.length; i += 40) tracker.onCommitted(rows.slice(i, i + 40));
    await tracker.idle();
    const done = await view(w.id);
    expect(done.status).toBe('completed');
    expect(done.actualEnd!).toBeLessThanOrEqual(rows.at(-1)!.ts);
    expect(rows.at(-1)!.ts - done.actualEnd!).toBeLessThan(3 * MIN);
    expect(done.timing).toBe('punctual');
    await tracker.stop();
  });

  it('leaves a waybill un-started when its device is already on another ongoing waybill; never starts without AI', async () => {
    const route = await trackRoute();
    const dev = await device(app, DEMO_TENANT_ID, 'G24-L4Y2');
    const t0 = Date.now() - 60 * MIN;
    const body = waybillBody(route, [dev], { plannedStart: t0, plannedEnd: t0 + 2 * 3_600_000 });
    const ai = (
      await app.call<WaybillRecord>('POST', '/wlx/task/add', {
        token: admin.token,
        body: { ...body, aiStartStop: true },
      })
    ).body.result;
    const running = (await app.call<WaybillRecord>('POST', '/wlx/task/add', { token: admin.token, body })).body.result;
    await app.call('POST', '/wlx/task/start', { token: admin.token, body: { id: running.id } });
    const tracker = new WaybillTracker(app.db, { dwellMinutes: 1, refreshMs: 0 });
    await tracker.start();
    tracker.onCommitted(rowsOf(dev, t0).slice(0, 100));
    await tracker.idle();
    expect((await view(ai.id)).status).toBe('unstarted');
    // the manual (no AI) waybill keeps running past the destination but follows the position
    tracker.onCommitted(rowsOf(dev, t0).slice(100));
    await tracker.idle();
    const manual = await view(running.id);
    expect(manual.status).toBe('ongoing');
    const [row] = await app.db.query<{ remaining_m: number }>('SELECT remaining_m FROM waybill WHERE id = $1', [
      running.id,
    ]);
    expect(row!.remaining_m).toBeLessThan(500);
    await tracker.stop();
  });
});
