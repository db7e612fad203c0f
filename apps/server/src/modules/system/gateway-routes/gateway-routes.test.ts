import { GATEWAY_EXPORT_FILE, type GatewayRouteRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adminFixtures, download, type AdminFixtures } from '../../../../test/admin-fixtures';
import { expectRefused } from '../../../../test/refusal';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { crudCalls } from '../../../platform/crud/crud-calls.fixture';

/** A route body as the console sends it (predicates and filters as JSON texts). */
function route(routerId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    routerId,
    name: `Route ${routerId}`,
    uri: `lb://${routerId}-service`,
    predicates: JSON.stringify([{ name: 'Path', args: [`/${routerId}/**`] }]),
    filters: '[]',
    ...extra,
  };
}

interface ExportedRoute {
  id: string;
  uri: string;
  predicates?: { name: string; args?: Record<string, unknown> }[];
  filters?: { name: string; args?: Record<string, unknown> }[];
  metadata: Record<string, unknown>;
}

describe('gateway routes', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const { add, list, one } = crudCalls<GatewayRouteRecord>(
    () => t,
    '/sys/gatewayRoute',
    () => f.admin,
  );

  it('adds, lists, edits and deletes routes of the tenant', async () => {
    const created = await add(
      route('system', { stripPrefix: 1, filters: '[{"name":"AddRequestHeader","args":{"X-From":"gw"}}]' }),
    );
    expect(created.body.success).toBe(true);
    const id = created.body.result.id;
    const rows = (await list()).records;
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        routerId: 'system',
        name: 'Route system',
        uri: 'lb://system-service',
        stripPrefix: 1,
        retryable: 0,
        status: 1,
        createBy: 'admin',
      }),
    ]);
    expect(JSON.parse(rows[0]!.predicates)).toEqual([{ name: 'Path', args: ['/system/**'] }]);
    expect(JSON.parse(rows[0]!.filters)).toEqual([{ name: 'AddRequestHeader', args: { 'X-From': 'gw' } }]);

    const edit = await t.call('PUT', '/sys/gatewayRoute/edit', {
      token: f.admin,
      body: { ...route('system-v2', { uri: 'https://api.example.com:8443/base', retryable: 1, status: 0 }), id },
    });
    expect(edit.body.success).toBe(true);
    expect((await one(id)).body.result).toMatchObject({
      routerId: 'system-v2',
      uri: 'https://api.example.com:8443/base',
      retryable: 1,
      status: 0,
    });
    expect((await list(f.admin, '&routerId=system-v2')).total).toBe(1);

    const second = (await add(route('demo'))).body.result.id;
    expect((await t.call('DELETE', `/sys/gatewayRoute/delete?id=${id}`, { token: f.admin })).body.success).toBe(true);
    expectRefused(await one(id), 404);
    expect(
      (await t.call('DELETE', `/sys/gatewayRoute/deleteBatch?ids=${second}`, { token: f.admin })).body.success,
    ).toBe(true);
    expect((await list()).total).toBe(0);
  });

  it('refuses a bad URI scheme, bad JSON predicates and a taken route id with field errors, storing nothing', async () => {
    const scheme = await add(route('bad-uri', { uri: 'file:///etc/passwd' }));
    expectRefused(scheme, 400);
    expect(scheme.body.errors).toEqual([
      { field: 'uri', message: 'The URI must start with lb://, http://, https://, ws:// or wss://' },
    ]);
    const json = await add(route('bad-json', { predicates: '[{"name": "Path", ' }));
    expect(json.body.errors).toEqual([{ field: 'predicates', message: 'Not valid JSON' }]);
    const shape = await add(route('bad-shape', { filters: '{"name": "StripPrefix"}' }), f.admin, 'zh-CN');
    expect(shape.body.errors).toEqual([{ field: 'filters', message: '须为 [{"name": "…", "args": […]}] 形式的列表' }]);
    const none = await add(route('no-predicate', { predicates: '[]' }));
    expect(none.body.errors).toEqual([
      { field: 'predicates', message: 'At least one predicate (e.g. Path) is required' },
    ]);
    expect((await list()).total).toBe(0);

    const first = (await add(route('dup'))).body.result.id;
    const dup = await add(route('dup', { name: 'Again' }));
    expectRefused(dup, 400);
    expect(dup.body.errors).toEqual([{ field: 'routerId', message: 'A route with this route ID already exists' }]);
    const other = (await add(route('dup-2'))).body.result.id;
    const rename = await t.call('PUT', '/sys/gatewayRoute/edit', {
      token: f.admin,
      body: { ...route('dup'), id: other },
      headers: { 'accept-language': 'en-US' },
    });
    expect(rename.body.errors).toEqual([{ field: 'routerId', message: 'A route with this route ID already exists' }]);
    await t.call('DELETE', `/sys/gatewayRoute/deleteBatch?ids=${first},${other}`, { token: f.admin });
  });

  it('exports the enabled routes as Spring Cloud Gateway YAML that parses back to the routes', async () => {
    const evil = 'x"\n  injected: true\n# "';
    const ids = [
      (
        await add(
          route('orders', {
            stripPrefix: 1,
            retryable: 1,
            filters: '[{"name":"RequestRateLimiter","args":{"redis-rate-limiter.replenishRate":10}}]',
          }),
        )
      ).body.result.id,
      (await add(route('billing', { name: evil, uri: 'https://billing.example.com', showApi: 0, persistable: 1 }))).body
        .result.id,
      (await add(route('disabled', { status: 0 }))).body.result.id,
    ];
    const file = await download(t, '/sys/gatewayRoute/exportConfig', f.admin);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^application\/yaml/);
    expect(file.disposition).toContain(GATEWAY_EXPORT_FILE);
    const doc = parse(file.body.toString('utf8')) as { spring: { cloud: { gateway: { routes: ExportedRoute[] } } } };
    const routes = doc.spring.cloud.gateway.routes;
    expect(routes.map((r) => r.id)).toEqual(['billing', 'orders']);
    const [billing, orders] = routes as [ExportedRoute, ExportedRoute];
    expect(billing).toEqual({
      id: 'billing',
      uri: 'https://billing.example.com',
      predicates: [{ name: 'Path', args: { _genkey_0: '/billing/**' } }],
      metadata: { name: evil, persistable: true, showApi: false },
    });
    expect(orders.predicates).toEqual([{ name: 'Path', args: { _genkey_0: '/orders/**' } }]);
    expect(orders.filters).toEqual([
      { name: 'RequestRateLimiter', args: { 'redis-rate-limiter.replenishRate': 10 } },
      { name: 'StripPrefix', args: { parts: 1 } },
      { name: 'Retry', args: { retries: 3 } },
    ]);
    // another tenant exports its own (none)
    const other = parse((await download(t, '/sys/gatewayRoute/exportConfig', f.otherAdmin)).body.toString('utf8')) as {
      spring: { cloud: { gateway: { routes: unknown[] } } };
    };
    expect(other.spring.cloud.gateway.routes).toEqual([]);
    await t.call('DELETE', `/sys/gatewayRoute/deleteBatch?ids=${ids.join(',')}`, { token: f.admin });
  });

  it('denies a user without the gateway permissions and answers another tenant "not found"', async () => {
    const id = (await add(route('guarded'))).body.result.id;
    for (const [m, u, b] of [
      ['GET', '/sys/gatewayRoute/list'],
      ['GET', `/sys/gatewayRoute/queryById?id=${id}`],
      ['POST', '/sys/gatewayRoute/add', route('viewer')],
      ['PUT', '/sys/gatewayRoute/edit', { ...route('guarded'), id }],
      ['DELETE', `/sys/gatewayRoute/delete?id=${id}`],
      ['DELETE', `/sys/gatewayRoute/deleteBatch?ids=${id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.call(m, u, { token: f.viewer, body: b })).body.code, u).toBe(510);
    }
    const denied = await download(t, '/sys/gatewayRoute/exportConfig', f.viewer);
    expect(denied.type).toMatch(/^application\/json/);
    expect((JSON.parse(denied.body.toString('utf8')) as { code: number }).code).toBe(510);

    expect((await list(f.otherAdmin)).total).toBe(0);
    expectRefused(await one(id, f.otherAdmin), 404);
    expectRefused(
      await t.call('PUT', '/sys/gatewayRoute/edit', { token: f.otherAdmin, body: { ...route('hijacked'), id } }),
      404,
    );
    expectRefused(await t.call('DELETE', `/sys/gatewayRoute/delete?id=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(await t.call('DELETE', `/sys/gatewayRoute/deleteBatch?ids=${id}`, { token: f.otherAdmin }), 404);
    // the same route id is free in another tenant
    expect((await add(route('guarded'), f.otherAdmin)).body.success).toBe(true);
    expect((await one(id)).body.result.routerId).toBe('guarded');
  });
});
