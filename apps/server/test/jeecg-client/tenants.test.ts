import type { PageResult, TenantRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../admin-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { expectReplayed } from './calls';
import { jeecgClient, type JeecgClient } from './client';

/** JeecgBoot's tenant screen (TenantList, TenantModal) and tenant select against this server. */
describe('JeecgBoot client: tenants', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let c: JeecgClient;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    c = jeecgClient(t, f.admin);
  });
  afterAll(() => t.close());

  const add = async (id: number, name: string): Promise<void> => {
    const res = await c.post('/sys/tenant/add', {
      id,
      name,
      status: 1,
      beginDate: '2026-01-01 00:00:00',
      endDate: '2030-12-31 23:59:59',
      adminUsername: `ta${id}`,
      adminRealname: `租户管理员${id}`,
      adminPassword: 'Tenant#2026a',
    });
    expect(res.body.errors ?? []).toEqual([]);
    expect(res.body.success).toBe(true);
  };

  it('adds (numbers as strings), lists, reads, edits and selects tenants by ids', async () => {
    await add(3001, '甲租户');
    await add(3002, '乙租户');
    const list = await c.get<PageResult<TenantRecord>>('/sys/tenant/list', {
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
    });
    expect(list.body.result.records.map((r) => r.id)).toEqual(expect.arrayContaining([3001, 3002]));
    expect((await c.get<TenantRecord>('/sys/tenant/queryById', { id: 3001 })).body.result.name).toBe('甲租户');
    expect(
      (
        await c.put('/sys/tenant/edit', {
          id: 3001,
          name: '甲租户改',
          status: 1,
          beginDate: '2026-01-01 00:00:00',
          endDate: '2031-01-01 00:00:00',
        })
      ).body.success,
    ).toBe(true);
    const picked = await c.get<TenantRecord[]>('/sys/tenant/queryList', { ids: '3001,3002' });
    expect(picked.body.result.map((r) => r.name).sort()).toEqual(['乙租户', '甲租户改']);
    expect(
      (await jeecgClient(t, f.otherAdmin).get<TenantRecord[]>('/sys/tenant/queryList', { ids: '3001' })).body.result ??
        [],
    ).toEqual([]);
  });

  it("deletes one tenant and several at once; the platform tenant and other tenants' administrators are refused", async () => {
    await add(3003, '丙租户');
    expect((await c.delete('/sys/tenant/delete', { id: 3003 })).body.success).toBe(true);
    expect((await jeecgClient(t, f.otherAdmin).delete('/sys/tenant/deleteBatch', { ids: '3001' })).body.success).toBe(
      false,
    );
    expect((await c.delete('/sys/tenant/deleteBatch', { ids: '3001,3002' })).body.success).toBe(true);
    expect((await c.get('/sys/tenant/queryById', { id: 3001 })).body).toMatchObject({ success: false, code: 404 });
    expect((await c.delete('/sys/tenant/deleteBatch', { ids: '1000' })).body.success).toBe(false);
  });

  it('replays every call listed as working', () => {
    expectReplayed('tenants', c);
  });
});
