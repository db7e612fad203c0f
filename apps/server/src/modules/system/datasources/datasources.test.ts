import type { DataSourceRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, exported, type AdminFixtures } from '../../../../test/admin-fixtures';
import { expectRefused } from '../../../../test/refusal';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { dataSourceKey, decryptPassword } from './datasource-secret';
import { crudCalls } from '../../../platform/crud/crud-calls.fixture';

/** A password that must never leave the server in clear (or as ciphertext). */
const SECRET = 'Sup3r-Secret#pw';

/** A data-source body as the console sends it. */
function source(code: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code,
    name: `Source ${code}`,
    dbType: 'postgresql',
    host: '127.0.0.1',
    port: 5432,
    dbName: 'test',
    dbUsername: 'postgres',
    dbPassword: SECRET,
    ...extra,
  };
}

describe('data sources', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const { add, list, one } = crudCalls<DataSourceRecord>(
    () => t,
    '/sys/dataSource',
    () => f.admin,
  );
  const cipherOf = async (id: string): Promise<string | null> =>
    (await t.db.one<{ c: string | null }>('SELECT db_password_cipher AS c FROM sys_data_source WHERE id = $1', [id]))!
      .c;

  it('adds, lists, edits and deletes sources of the tenant, storing the password only encrypted', async () => {
    const created = await add(source('pgmain', { remark: 'main' }));
    expect(created.body.success).toBe(true);
    const id = created.body.result.id;
    const rows = (await list()).records;
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        code: 'pgmain',
        dbType: 'postgresql',
        host: '127.0.0.1',
        port: 5432,
        dbName: 'test',
        dbUsername: 'postgres',
        hasPassword: true,
        remark: 'main',
        createBy: 'admin',
      }),
    ]);

    const stored = await cipherOf(id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(SECRET);
    expect(decryptPassword(dataSourceKey(process.env, t.config.dataDir), stored!)).toBe(SECRET);

    // an edit without a password keeps the stored one; with one, replaces it
    const edit = (extra: Record<string, unknown>) =>
      t.call('PUT', '/sys/dataSource/edit', {
        token: f.admin,
        body: { ...source('pgmain2', { dbType: 'mysql', port: 3306, dbUsername: 'root' }), id, ...extra },
      });
    expect((await edit({ dbPassword: '' })).body.success).toBe(true);
    expect(await cipherOf(id)).toBe(stored);
    expect((await one(id)).body.result).toMatchObject({
      code: 'pgmain2',
      dbType: 'mysql',
      port: 3306,
      dbUsername: 'root',
      hasPassword: true,
    });
    expect((await edit({ dbPassword: undefined })).body.success).toBe(true);
    expect(await cipherOf(id)).toBe(stored);
    expect((await edit({ dbPassword: 'Other#pw' })).body.success).toBe(true);
    expect(decryptPassword(dataSourceKey(process.env, t.config.dataDir), (await cipherOf(id))!)).toBe('Other#pw');

    const second = (await add(source('nopass', { dbPassword: undefined }))).body.result.id;
    expect((await one(second)).body.result.hasPassword).toBe(false);
    expect((await t.call('DELETE', `/sys/dataSource/delete?id=${id}`, { token: f.admin })).body.success).toBe(true);
    expectRefused(await one(id), 404);
    expect((await t.call('DELETE', `/sys/dataSource/deleteBatch?ids=${second}`, { token: f.admin })).body.success).toBe(
      true,
    );
    expect((await list()).total).toBe(0);
  });

  it('refuses a taken code, a bad host, port and type with field errors', async () => {
    expect((await add(source('dup'))).body.success).toBe(true);
    const dup = await add(source('dup'));
    expectRefused(dup, 400);
    expect(dup.body.errors).toEqual([{ field: 'code', message: 'A data source with this code already exists' }]);
    const bad = await add(source('bad', { host: 'http://x/y', port: 70000, dbType: 'oracle' }));
    expectRefused(bad, 400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['dbType', 'host', 'port']);
    expect((await list(f.admin, '&code=bad')).total).toBe(0);
  });

  it('never answers, logs or exports the password or its ciphertext', async () => {
    const id = (await add(source('leak'))).body.result.id;
    await t.call('PUT', '/sys/dataSource/edit', { token: f.admin, body: { ...source('leak'), id } });
    const cipher = (await cipherOf(id))!;
    const answers = JSON.stringify([(await one(id)).body, await list()]);
    expect(answers).toContain('leak');
    for (const secret of [SECRET, cipher, 'dbPassword', 'db_password']) expect(answers).not.toContain(secret);
    const logs = JSON.stringify(await t.db.query('SELECT * FROM sys_log'));
    expect(logs).toContain('/sys/dataSource/add');
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain(cipher);
    const xls = await exported(t, '/sys/dataSource/exportXls?code=leak', f.admin);
    expect(xls.status).toBe(200);
    const bytes = xls.body.toString('latin1') + xls.body.toString('utf16le');
    expect(bytes).toContain('leak');
    for (const secret of [SECRET, cipher]) expect(bytes).not.toContain(secret);
  });

  it('refuses viewers (510) and hides other tenants’ sources (not found)', async () => {
    const id = (await add(source('mine'))).body.result.id;
    for (const [method, url, body] of [
      ['GET', '/sys/dataSource/list', undefined],
      ['GET', `/sys/dataSource/queryById?id=${id}`, undefined],
      ['POST', '/sys/dataSource/add', source('viewer')],
      ['PUT', '/sys/dataSource/edit', { ...source('mine'), id }],
      ['DELETE', `/sys/dataSource/delete?id=${id}`, undefined],
      ['POST', '/sys/dataSource/testConnection', { ...source('mine'), id }],
    ] as const) {
      const res = await t.call(method, url, { token: f.viewer, body });
      expect(res.body.code, `${method} ${url}`).toBe(510);
    }
    expect((await list(f.otherAdmin)).records.map((r) => r.id)).not.toContain(id);
    expectRefused(await one(id, f.otherAdmin), 404);
    expectRefused(
      await t.call('PUT', '/sys/dataSource/edit', {
        token: f.otherAdmin,
        body: { ...source('mine', { name: 'Taken over' }), id },
      }),
      404,
    );
    expectRefused(await t.call('DELETE', `/sys/dataSource/delete?id=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(
      await t.call('POST', '/sys/dataSource/testConnection', {
        token: f.otherAdmin,
        body: { ...source('mine', { dbPassword: '' }), id },
      }),
      404,
    );
    expect((await one(id)).body.result.name).toBe('Source mine');
    // the other tenant may use the same code for its own source
    expect((await add(source('mine'), f.otherAdmin)).body.success).toBe(true);
    expect(
      (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sys_data_source WHERE tenant_id = $1', [
        DEMO_TENANT_ID,
      ]))!.n,
    ).toBe(1);
  });
});
