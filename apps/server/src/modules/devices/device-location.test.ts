import type { DeviceDetail, DeviceRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, uid } from '../telemetry/ingest.fixtures';
import { exportRows } from './device-export';
import { NEAR_LOCATION_MAX_M, nearestLocation } from './device-location';

/** 0.001° of latitude ≈ 111.2 m. */
const row = (id: string, lat: number, lng: number, radius: number, polygon: unknown = null) => ({
  id,
  name: `Place ${id}`,
  lat,
  lng,
  fence_radius_m: radius,
  polygon,
});

describe('the location a position is in or near', () => {
  it('names the location whose fence holds the position, the one with the nearest centre when fences overlap', () => {
    const rows = [row('big', 34.03, -6.78, 5000), row('small', 34.031, -6.78, 300)];
    expect(nearestLocation(rows, { lat: 34.0312, lng: -6.78 })).toEqual({
      id: 'small',
      name: 'Place small',
      distanceM: 0,
    });
    expect(nearestLocation(rows, { lat: 34.0, lng: -6.78 })).toEqual({ id: 'big', name: 'Place big', distanceM: 0 });
  });

  it('names the nearest fence within the bound outside every fence, with the metres to its edge, and nothing beyond', () => {
    const rows = [row('a', 34.0, -6.78, 100), row('b', 34.02, -6.78, 100)];
    // 0.005° north of a's centre ≈ 556 m, so ≈ 456 m from a's edge
    const near = nearestLocation(rows, { lat: 34.005, lng: -6.78 });
    expect(near?.id).toBe('a');
    expect(near?.distanceM).toBeGreaterThan(440);
    expect(near?.distanceM).toBeLessThan(470);
    expect(nearestLocation(rows, { lat: 33.98, lng: -6.78 })).toBeNull(); // ≈ 2.1 km from a's edge
    expect(NEAR_LOCATION_MAX_M).toBe(1000);
  });

  it('uses a location polygon when it has one, its fence circle when the polygon is malformed', () => {
    const square = [
      { lat: 34.0, lng: -6.8 },
      { lat: 34.0, lng: -6.79 },
      { lat: 34.01, lng: -6.79 },
      { lat: 34.01, lng: -6.8 },
    ];
    // centre far away: the polygon, not the circle, decides
    expect(nearestLocation([row('poly', 10, 10, 1, square)], { lat: 34.005, lng: -6.795 })).toMatchObject({
      id: 'poly',
      distanceM: 0,
    });
    expect(
      nearestLocation([row('bad', 34.005, -6.795, 50, [{ lat: 1, lng: 2 }, { lat: 1, lng: 3 }, { lat: 'x' }])], {
        lat: 34.005,
        lng: -6.795,
      }),
    ).toMatchObject({ id: 'bad' });
  });
});

describe('the device export names the location (SPEC export columns "location name, location")', () => {
  it('puts the location name before the coordinates, empty without a position or a location near it', () => {
    const device = (id: string, lat: number | null, lng: number | null): DeviceRecord =>
      ({
        id,
        name: id,
        alias: null,
        model: 'P23-2IN1',
        gatewayId: null,
        workStatus: 'work',
        status: 'online',
        lastReportTime: null,
        lat,
        lng,
        values: [],
      }) as unknown as DeviceRecord;
    const rows = exportRows([device('A', 34.0301, -6.78), device('B', 35, -6.78), device('C', null, null)], 'en-US', [
      row('x', 34.03, -6.78, 200),
    ]);
    expect(rows[0]!.slice(2, 5)).toEqual(['Gather time', 'Location name', 'Location (lat,lng WGS-84)']);
    expect(rows.slice(1).map((r) => r.slice(3, 5))).toEqual([
      ['Place x', '34.0301,-6.78'],
      ['', '35,-6.78'],
      ['', ''],
    ]);
    expect(exportRows([], 'zh-CN')[0]![3]).toBe('位置名称');
  });
});

describe('device detail carries the location name (integration)', () => {
  let t: TestApp;
  let admin: string;
  const demo = { 'tenant-id': String(DEMO_TENANT_ID) };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  const place = async (tenantId: number, name: string, lat: number, lng: number, radius: number): Promise<void> => {
    await t.db.query(
      'INSERT INTO logistics_location (tenant_id, name, lat, lng, fence_radius_m) VALUES ($1, $2, $3, $4, $5)',
      [tenantId, name, lat, lng, radius],
    );
  };
  const detailAt = async (lat: number | null, lng: number | null): Promise<DeviceDetail> => {
    const id = uid('LOC');
    await addDevice(t, { id });
    await t.db.query('UPDATE device SET last_lat = $2, last_lng = $3 WHERE dev_no = $1', [id, lat, lng]);
    const res = await t.call<DeviceDetail>('GET', `/wlx/device/viewById?id=${id}`, { token: admin, headers: demo });
    expect(res.body.success).toBe(true);
    return res.body.result;
  };

  it('answers the tenant location holding or near the position, null elsewhere and without a position', async () => {
    const tag = uid('P');
    await place(DEMO_TENANT_ID, `${tag} depot`, 34.03, -6.78, 200);
    await place(PLATFORM_TENANT_ID, `${tag} foreign`, 35.03, -6.78, 200);
    expect(await detailAt(34.0301, -6.7801)).toMatchObject({
      lat: 34.0301,
      locationName: `${tag} depot`,
      locationDistanceM: 0,
    });
    const near = await detailAt(34.035, -6.78); // ≈ 556 m from the centre, ≈ 356 m outside the fence
    expect(near.locationName).toBe(`${tag} depot`);
    expect(near.locationDistanceM).toBeGreaterThan(340);
    expect(near.locationDistanceM).toBeLessThan(370);
    expect(await detailAt(35.0301, -6.78)).toMatchObject({ locationName: null, locationDistanceM: null }); // another tenant's location
    expect(await detailAt(null, null)).toMatchObject({ locationName: null, locationDistanceM: null });
  });
});
