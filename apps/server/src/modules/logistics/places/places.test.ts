import type { LocationOption, LocationRecord, PageResult, RouteOption, RouteRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { seed } from '../../system/seed/seed';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { getLocations, getRoute } from './places.read';
import { expectRefused } from '../../../../test/refusal';

/** Routes and locations (settings → paths and points): CRUD, list, field errors, isolation, permissions. */

let app: TestApp;
let admin: { userId: string; token: string };
let viewer: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };

const route = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  origin: { lat: 33.986225, lng: -6.725523, name: 'Hub' },
  waypoints: [
    { lat: 33.98, lng: -6.73 },
    { lat: 33.97, lng: -6.78, name: 'Bridge' },
  ],
  destination: { lat: 33.953793, lng: -6.851494 },
  fenceRadiusM: 300,
  ...extra,
});
const location = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  address: 'Rabat',
  lat: 33.986225,
  lng: -6.725523,
  fenceRadiusM: 250,
  ...extra,
});

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'pladmin1', 'admin');
  viewer = await userOf(app, DEMO_TENANT_ID, 'plviewer1', 'viewer');
  other = await userOf(app, PLATFORM_TENANT_ID, 'plother1', 'admin');
});
afterAll(async () => {
  await app?.close();
});

describe('routes', () => {
  it('adds, views, lists, updates and deletes a route; positions and radius come back as sent', async () => {
    const add = await app.call<RouteRecord>('POST', '/wlx/path/add', { token: admin.token, body: route('Depot run') });
    expect(add.body.success, add.body.message).toBe(true);
    const r = add.body.result;
    expect(r).toMatchObject({
      name: 'Depot run',
      origin: { lat: 33.986225, lng: -6.725523, name: 'Hub' },
      destination: { lat: 33.953793, lng: -6.851494 },
      fenceRadiusM: 300,
      description: '',
      createBy: 'pladmin1',
    });
    expect(r.waypoints).toEqual([
      { lat: 33.98, lng: -6.73 },
      { lat: 33.97, lng: -6.78, name: 'Bridge' },
    ]);
    expect(
      (await app.call<RouteRecord>('GET', `/wlx/path/queryById?id=${r.id}`, { token: admin.token })).body.result,
    ).toEqual(r);

    const upd = await app.call<RouteRecord>('PUT', '/wlx/path/update', {
      token: admin.token,
      body: { ...route('Depot run 2', { waypoints: [], fenceRadiusM: 1_000_000 }), id: r.id },
    });
    expect(upd.body.result).toMatchObject({ name: 'Depot run 2', waypoints: [], fenceRadiusM: 1_000_000 });
    expect(await getRoute(app.db, DEMO_TENANT_ID, r.id)).toMatchObject({ name: 'Depot run 2' });

    const del = await app.call('DELETE', `/wlx/path/delete?ids=${r.id}`, { token: admin.token });
    expect(del.body.success).toBe(true);
    expect(await getRoute(app.db, DEMO_TENANT_ID, r.id)).toBeNull();
  });

  it('pages and sorts the list, filters by name; options list every route by name', async () => {
    for (const [name, radius] of [
      ['Sort B', 200],
      ['Sort A', 500],
      ['Sort C', 100],
    ] as const) {
      expect(
        (await app.call('POST', '/wlx/path/add', { token: admin.token, body: route(name, { fenceRadiusM: radius }) }))
          .body.success,
      ).toBe(true);
    }
    const page = await app.call<PageResult<RouteRecord>>(
      'GET',
      '/wlx/path/list?name=Sort*&column=name&order=asc&pageNo=1&pageSize=2',
      { token: admin.token },
    );
    expect(page.body.result.total).toBe(3);
    expect(page.body.result.records.map((x) => x.name)).toEqual(['Sort A', 'Sort B']);
    const byRadius = await app.call<PageResult<RouteRecord>>(
      'GET',
      '/wlx/path/list?name=Sort*&column=fenceRadiusM&order=desc&pageNo=2&pageSize=2',
      { token: admin.token },
    );
    expect(byRadius.body.result.records.map((x) => x.name)).toEqual(['Sort C']);
    const options = await app.call<RouteOption[]>('GET', '/wlx/path/options', { token: viewer.token });
    const names = options.body.result.map((o) => o.name).filter((n) => n.startsWith('Sort'));
    expect(names).toEqual(['Sort A', 'Sort B', 'Sort C']);
  });

  it('refuses a duplicate name and a bad fence radius with field errors, storing nothing', async () => {
    await app.call('POST', '/wlx/path/add', { token: admin.token, body: route('Twice') });
    const dup = await app.call('POST', '/wlx/path/add', { token: admin.token, body: route('Twice'), headers: EN });
    expect(dup.body.success).toBe(false);
    expect(dup.body.errors).toEqual([{ field: 'name', message: 'A route with this name already exists' }]);
    const zero = await app.call('POST', '/wlx/path/add', {
      token: admin.token,
      body: route('Zero radius', { fenceRadiusM: 0 }),
      headers: EN,
    });
    expectRefused(zero, 400);
    expect(zero.body.errors).toContainEqual({
      field: 'fenceRadiusM',
      message: 'The fence radius must be greater than 0 and at most 1000 km',
    });
    const far = await app.call('POST', '/wlx/path/add', {
      token: admin.token,
      body: route('Too far', { fenceRadiusM: 1_000_001 }),
    });
    expect(far.body.errors).toContainEqual({ field: 'fenceRadiusM', message: '围栏半径必须大于0且不超过1000公里' });
    const noName = await app.call('POST', '/wlx/path/add', {
      token: admin.token,
      body: route('', { origin: { lat: 95, lng: 0 } }),
      headers: EN,
    });
    expect(noName.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Required' },
        { field: 'origin.lat', message: 'The latitude must be between -90 and 90' },
      ]),
    );
    expect(
      await app.db.query("SELECT 1 FROM logistics_route WHERE name IN ('Zero radius', 'Too far', '')"),
    ).toHaveLength(0);
  });
});

describe('locations', () => {
  it('adds, lists, updates (polygon, fence off) and deletes a location; field errors on name and radius', async () => {
    const add = await app.call<LocationRecord>('POST', '/wlx/point/add', {
      token: admin.token,
      body: location('Cold store'),
    });
    expect(add.body.success, add.body.message).toBe(true);
    const l = add.body.result;
    expect(l).toMatchObject({
      name: 'Cold store',
      address: 'Rabat',
      lat: 33.986225,
      lng: -6.725523,
      fenceRadiusM: 250,
      fenceEnabled: true,
      polygon: null,
    });
    const corners = [
      { lat: 33.98, lng: -6.72 },
      { lat: 33.99, lng: -6.72 },
      { lat: 33.99, lng: -6.73 },
    ];
    const upd = await app.call<LocationRecord>('PUT', '/wlx/point/update', {
      token: admin.token,
      body: { ...location('Cold store', { fenceEnabled: false, polygon: corners }), id: l.id },
    });
    expect(upd.body.result).toMatchObject({ fenceEnabled: false, polygon: corners });

    const list = await app.call<PageResult<LocationRecord>>('GET', '/wlx/point/list?name=Cold*', {
      token: admin.token,
    });
    expect(list.body.result.records.map((x) => x.id)).toEqual([l.id]);
    const options = await app.call<LocationOption[]>('GET', '/wlx/point/options', { token: admin.token });
    expect(options.body.result).toContainEqual({
      id: l.id,
      name: 'Cold store',
      lat: 33.986225,
      lng: -6.725523,
      fenceRadiusM: 250,
      fenceEnabled: false,
    });
    expect(await getLocations(app.db, DEMO_TENANT_ID, [l.id, 'nope'])).toHaveLength(1);

    const dup = await app.call('POST', '/wlx/point/add', {
      token: admin.token,
      body: location('Cold store'),
      headers: EN,
    });
    expect(dup.body.errors).toEqual([{ field: 'name', message: 'A location with this name already exists' }]);
    const bad = await app.call('POST', '/wlx/point/add', {
      token: admin.token,
      body: location(' ', { fenceRadiusM: 0, lng: 181 }),
      headers: EN,
    });
    expectRefused(bad, 400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Required' },
        { field: 'fenceRadiusM', message: 'The fence radius must be greater than 0 and at most 1000 km' },
        { field: 'lng', message: 'The longitude must be between -180 and 180' },
      ]),
    );

    expect((await app.call('DELETE', `/wlx/point/delete?ids=${l.id}`, { token: admin.token })).body.success).toBe(true);
    expect(await getLocations(app.db, DEMO_TENANT_ID, [l.id])).toEqual([]);
  });
});

describe('tenant isolation and permissions', () => {
  it("another tenant cannot read, change or delete a tenant's routes and locations", async () => {
    const r = (
      await app.call<RouteRecord>('POST', '/wlx/path/add', { token: admin.token, body: route('Private route') })
    ).body.result;
    const l = (
      await app.call<LocationRecord>('POST', '/wlx/point/add', { token: admin.token, body: location('Private place') })
    ).body.result;
    expectRefused(await app.call('GET', `/wlx/path/queryById?id=${r.id}`, { token: other.token }), 404);
    expectRefused(await app.call('GET', `/wlx/point/queryById?id=${l.id}`, { token: other.token }), 404);
    expect(
      (await app.call<PageResult<RouteRecord>>('GET', '/wlx/path/list?name=Private*', { token: other.token })).body
        .result.total,
    ).toBe(0);
    expect(
      (await app.call<RouteOption[]>('GET', '/wlx/path/options', { token: other.token })).body.result.map((o) => o.id),
    ).not.toContain(r.id);
    expect(
      (await app.call<LocationOption[]>('GET', '/wlx/point/options', { token: other.token })).body.result.map(
        (o) => o.id,
      ),
    ).not.toContain(l.id);
    expectRefused(
      await app.call('PUT', '/wlx/path/update', { token: other.token, body: { ...route('Stolen'), id: r.id } }),
      404,
    );
    expectRefused(
      await app.call('PUT', '/wlx/point/update', { token: other.token, body: { ...location('Stolen'), id: l.id } }),
      404,
    );
    expectRefused(await app.call('DELETE', `/wlx/path/delete?ids=${r.id}`, { token: other.token }), 404);
    expectRefused(await app.call('DELETE', `/wlx/point/delete?ids=${l.id}`, { token: other.token }), 404);
    expect(await getRoute(app.db, DEMO_TENANT_ID, r.id)).toMatchObject({ name: 'Private route' });
    expect(await getRoute(app.db, PLATFORM_TENANT_ID, r.id)).toBeNull();
    expect(await getLocations(app.db, PLATFORM_TENANT_ID, [l.id])).toEqual([]);
    // a batch naming one foreign id deletes nothing
    const mine = (
      await app.call<LocationRecord>('POST', '/wlx/point/add', { token: other.token, body: location('Other place') })
    ).body.result;
    expectRefused(await app.call('DELETE', `/wlx/point/delete?ids=${mine.id},${l.id}`, { token: other.token }), 404);
    expect(await getLocations(app.db, PLATFORM_TENANT_ID, [mine.id])).toHaveLength(1);
  });

  it('a viewer (no settings menu) reads only the pickers; an operator manages routes', async () => {
    expect((await app.call<RouteOption[]>('GET', '/wlx/path/options', { token: viewer.token })).body.success).toBe(
      true,
    );
    expect((await app.call<LocationOption[]>('GET', '/wlx/point/options', { token: viewer.token })).body.success).toBe(
      true,
    );
    for (const [method, url, body] of [
      ['GET', '/wlx/path/list', undefined],
      ['GET', '/wlx/point/list', undefined],
      ['GET', '/wlx/path/queryById?id=x', undefined],
      ['POST', '/wlx/path/add', route('Viewer route')],
      ['PUT', '/wlx/path/update', { ...route('Viewer route'), id: 'x' }],
      ['DELETE', '/wlx/path/delete?ids=x', undefined],
      ['POST', '/wlx/point/add', location('Viewer place')],
      ['PUT', '/wlx/point/update', { ...location('Viewer place'), id: 'x' }],
      ['DELETE', '/wlx/point/delete?ids=x', undefined],
    ] as const) {
      const res = await app.call(method, url, { token: viewer.token, body });
      expect(res.body.success, `${method} ${url}`).toBe(false);
      expect(res.body.code, `${method} ${url}`).toBe(510);
    }
    expect((await app.call('GET', '/wlx/path/list')).status).toBe(401);
    const operator = await userOf(app, DEMO_TENANT_ID, 'ploperator1', 'operator');
    expect(
      (await app.call('POST', '/wlx/path/add', { token: operator.token, body: route('Operator route') })).body.success,
    ).toBe(true);
  });

  it("an older installation's administrator roles get the path and point codes when the seed runs on upgrade", async () => {
    const codes = [
      'btn:path:add',
      'btn:path:edit',
      'btn:path:delete',
      'btn:point:add',
      'btn:point:edit',
      'btn:point:delete',
    ];
    await app.db.query('DELETE FROM sys_role_permission WHERE permission_id = ANY($1::text[])', [codes]);
    await app.db.query('DELETE FROM sys_permission WHERE id = ANY($1::text[])', [codes]);
    await app.db.query("UPDATE sys_permission SET perms = NULL WHERE id IN ('settings-paths', 'settings-points')");
    await seed(app.db, { dataDir: app.config.dataDir });
    const granted = await app.db.query<{ permission_id: string }>(
      `SELECT rp.permission_id FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id
       WHERE r.tenant_id = $1 AND r.role_code = 'admin' AND rp.permission_id = ANY($2::text[])`,
      [DEMO_TENANT_ID, codes],
    );
    expect(granted.map((g) => g.permission_id).sort()).toEqual([...codes].sort());
    expect(
      await app.db.query(
        "SELECT perms FROM sys_permission WHERE id IN ('settings-paths', 'settings-points') ORDER BY id",
      ),
    ).toEqual([{ perms: 'path:list' }, { perms: 'point:list' }]);
    const fresh = await userOf(app, DEMO_TENANT_ID, 'pladmin2', 'admin');
    expect(
      (await app.call('POST', '/wlx/point/add', { token: fresh.token, body: location('After upgrade') })).body.success,
    ).toBe(true);
  });
});
