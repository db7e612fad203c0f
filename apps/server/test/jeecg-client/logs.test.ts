import type { PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../admin-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { expectReplayed } from './calls';
import { jeecgClient, type JeecgClient } from './client';

type Log = { id: string; logType: number; logType_dictText: string; username: string };

/** JeecgBoot's log screen (LogList: list by logType, delete, batch delete) against this server. */
describe('JeecgBoot client: logs', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let c: JeecgClient;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    c = jeecgClient(t, f.admin);
    await f.addUser(f.admin, 'logged01'); // an operation log
    for (let i = 0; i < 5; i++) await t.login(); // login logs to delete
  });
  afterAll(() => t.close());

  const logs = async (logType: number): Promise<Log[]> =>
    (
      await c.get<PageResult<Log>>('/sys/log/list', {
        logType,
        pageNo: 1,
        pageSize: 50,
        column: 'createTime',
        order: 'desc',
        field: 'id,,,logContent,userid,username,ip,costTime,logType,createTime',
      })
    ).body.result.records;

  it('lists login and operation logs with their dictionary texts', async () => {
    const login = await logs(1);
    expect(login.length).toBeGreaterThan(1);
    expect(login[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志' });
    expect((await logs(2)).every((l) => l.logType === 2)).toBe(true);
  });

  it('deletes login logs one by one and in batches, within the tenant only', async () => {
    const [a, b, d] = await logs(1);
    expect((await c.delete('/sys/log/delete', { id: a!.id })).body.success).toBe(true);
    expect((await c.delete('/sys/log/deleteBatch', { ids: `${b!.id},${d!.id},` })).body.success).toBe(true);
    const left = (await logs(1)).map((l) => l.id);
    expect(left).not.toEqual(expect.arrayContaining([a!.id]));
    expect(left).not.toContain(b!.id);
    const other = jeecgClient(t, f.otherAdmin);
    expect((await other.delete('/sys/log/delete', { id: left[0]! })).body).toMatchObject({ success: false, code: 404 });
    expect((await jeecgClient(t, f.viewer).delete('/sys/log/delete', { id: left[0]! })).body).toMatchObject({
      success: false,
      code: 510,
    });
  });

  it('refuses to delete operation logs, which are links of the record-integrity chain', async () => {
    const op = (await logs(2))[0]!;
    const refused = await c.delete('/sys/log/deleteBatch', { ids: `${(await logs(1))[0]!.id},${op.id}` });
    expect(refused.body).toMatchObject({
      success: false,
      code: 400,
      message: '操作日志属于记录完整性链，不能删除，只能按保留期清除',
    });
    const en = await jeecgClient(t, f.admin, 0, 'en-US').delete('/sys/log/delete', { id: op.id });
    expect(en.body.message).toMatch(/record-integrity chain/);
    expect((await logs(2)).map((l) => l.id)).toContain(op.id);
    const verify = await t.call<{ intact: boolean }>('GET', '/sys/ledger/verify', { token: f.admin });
    expect(verify.body.result).toMatchObject({ intact: true });
  });

  it('replays every call listed as working', async () => {
    const doc = (await t.fastify.inject({ method: 'GET', url: '/ztj-iot/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/ztj-iot/sys/log/delete', '/ztj-iot/sys/log/deleteBatch']),
    );
    expectReplayed('logs', c);
  });
});
