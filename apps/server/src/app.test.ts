import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('platform routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const res = await t.call<{ status: string; database: string }>('GET', '/health');
    expect(res.body.result.status).toBe('up');
    expect(['pglite', 'postgres']).toContain(res.body.result.database);
  });

  it('documents the contract routes in OpenAPI', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/ztj-iot/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/ztj-iot/sys/login',
        '/ztj-iot/sys/randomImage/{key}',
        '/ztj-iot/sys/permission/getUserPermissionByToken',
      ]),
    );
  });

  it('answers an unknown path with the envelope', async () => {
    const res = await t.call('GET', '/no/such/path', { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(404); // the route-level 404 of an unknown URL keeps its HTTP status (SPEC §8)
    expect(res.body).toMatchObject({ success: false, code: 404, message: 'Resource not found' });
  });

  it('seeds the dictionaries the spec names, in both languages', async () => {
    const token = await t.login();
    const res = await t.call<{ value: string; text: string; textEn: string }[]>(
      'GET',
      '/sys/dict/getDictItems/push_type',
      { token },
    );
    expect(res.body.result.map((o) => [o.value, o.textEn])).toEqual([
      ['1', 'SMS'],
      ['2', 'WeChat'],
      ['4', 'Email'],
    ]);
  });

  it('counts real rows on the dashboard', async () => {
    const token = await t.login();
    const res = await t.call<{
      users: number;
      departments: number;
      roles: number;
      loginsToday: number;
      loginTrend: unknown[];
    }>('GET', '/dashboard/analysis', { token });
    expect(res.body.result).toMatchObject({ users: 1, departments: 3, roles: 3 });
    expect(res.body.result.loginsToday).toBeGreaterThanOrEqual(2);
    expect(res.body.result.loginTrend).toHaveLength(7);
  });
});
