import type {
  PageResult,
  PopupReportRecord,
  ReportColumnsResult,
  ReportDataResult,
  ReportQueryInfo,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../../test/admin-fixtures';
import { expectRefused } from '../../../../test/refusal';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../../test/test-app';
import { seed } from '../seed/seed';

/** A report over the product's own users: name filter as a parameter, status with a dictionary. */
function usersReport(code: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code,
    name: `Users ${code}`,
    dbSource: null,
    querySql: 'SELECT username, realname, status, id FROM sys_user WHERE username LIKE ${prefix} ORDER BY username',
    columns: [
      { field: 'username', title: 'Account', type: 'string', queryMode: 'single' },
      { field: 'realname', title: 'Name', type: 'string', queryMode: 'single' },
      { field: 'status', title: 'Status', type: 'number', dictCode: 'user_status', queryMode: 'single' },
      { field: 'id', title: 'Id', type: 'string', hidden: true },
    ],
    params: [{ name: 'prefix', title: 'Prefix', defaultValue: '%' }],
    ...extra,
  };
}

describe('popup reports', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    for (let i = 1; i <= 12; i++) await f.addUser(f.admin, `rpt${String(i).padStart(2, '0')}`);
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, token = f.admin) =>
    t.call<{ id: string }>('POST', '/online/cgreport/head/add', {
      token,
      body,
      headers: { 'accept-language': 'en-US' },
    });
  const data = (id: string, query = '', token = f.admin) =>
    t.call<ReportDataResult>('GET', `/online/cgreport/api/getData/${id}?${query}`, {
      token,
      headers: { 'accept-language': 'en-US' },
    });
  const list = async (token = f.admin): Promise<PageResult<PopupReportRecord>> =>
    (await t.call<PageResult<PopupReportRecord>>('GET', '/online/cgreport/head/list?pageSize=50', { token })).body
      .result;

  it('defines, lists, edits and deletes reports; answers columns, query info and pages', async () => {
    const created = await add(usersReport('users'));
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const id = created.body.result.id;
    expect((await list()).records).toEqual([
      expect.objectContaining({ id, code: 'users', dbSource: null, createBy: 'admin' }),
    ]);

    const cols = await t.call<ReportColumnsResult>('GET', '/online/cgreport/api/getRpColumns/users', {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(cols.body.result).toMatchObject({ cgRpConfigId: id, cgRpConfigName: 'Users users' });
    expect(cols.body.result.columns.map((c) => [c.dataIndex, c.hidden])).toEqual([
      ['username', false],
      ['realname', false],
      ['status', false],
      ['id', true],
    ]);
    expect(cols.body.result.dictOptions.status).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: '1', text: 'Normal' })]),
    );
    const info = await t.call<ReportQueryInfo>('GET', `/online/cgreport/api/getQueryInfo/${id}`, { token: f.admin });
    expect(info.body.result.map((q) => [q.field, q.mode, q.hidden])).toEqual([
      ['username', 'single', '0'],
      ['realname', 'single', '0'],
      ['status', 'single', '0'],
    ]);

    // paging (page size 10 by default), parameter by self_, query-field filter
    const p1 = (await data(id, 'self_prefix=rpt%25')).body.result;
    expect(p1.total).toBe(12);
    expect(p1.records.map((r) => r.username)).toEqual([
      'rpt01',
      'rpt02',
      'rpt03',
      'rpt04',
      'rpt05',
      'rpt06',
      'rpt07',
      'rpt08',
      'rpt09',
      'rpt10',
    ]);
    const p2 = (await data(id, 'self_prefix=rpt%25&pageNo=2')).body.result;
    expect(p2.records.map((r) => r.username)).toEqual(['rpt11', 'rpt12']);
    expect((await data(id, 'self_prefix=rpt%25&username=t1')).body.result.records.map((r) => r.username)).toEqual([
      'rpt10',
      'rpt11',
      'rpt12',
    ]);
    expect((await data(id, 'self_prefix=rpt%25&status=1&pageSize=5')).body.result).toMatchObject({
      total: 12,
      truncated: false,
    });
    // sorting by a defined column; JeecgBoot's default createTime sort keeps the query's order
    expect(
      (await data(id, 'self_prefix=rpt%25&column=username&order=desc&pageSize=3')).body.result.records.map(
        (r) => r.username,
      ),
    ).toEqual(['rpt12', 'rpt11', 'rpt10']);
    expect(
      (await data(id, 'self_prefix=rpt%25&column=createTime&order=desc&pageSize=2')).body.result.records.map(
        (r) => r.username,
      ),
    ).toEqual(['rpt01', 'rpt02']);
    // the default of the parameter ('%') applies when the call sends none
    expect((await data(id)).body.result.total).toBeGreaterThanOrEqual(15);

    const edit = await t.call('PUT', '/online/cgreport/head/edit', {
      token: f.admin,
      body: { ...usersReport('users2'), id, name: 'Renamed' },
    });
    expect(edit.body.success, JSON.stringify(edit.body)).toBe(true);
    expect(
      (await t.call<PopupReportRecord>('GET', `/online/cgreport/head/queryById?id=${id}`, { token: f.admin })).body
        .result,
    ).toMatchObject({ code: 'users2', name: 'Renamed' });
    expect((await t.call('DELETE', `/online/cgreport/head/delete?id=${id}`, { token: f.admin })).body.success).toBe(
      true,
    );
    expectRefused(await data(id), 404);
  });

  it('binds parameter and filter values: an injection attempt stays a value', async () => {
    const id = (await add(usersReport('inject'))).body.result.id;
    const before = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sys_user'))!.n;
    for (const attack of ["x' OR '1'='1", "%' OR 1=1 --", "'; DELETE FROM sys_user; --", 'rpt01) OR (1=1']) {
      const res = await data(id, `self_prefix=${encodeURIComponent(attack)}`);
      expect(res.body.success, attack).toBe(true);
      expect(res.body.result.total, attack).toBe(0);
      const filtered = await data(id, `username=${encodeURIComponent(attack)}`);
      expect(filtered.body.result.total, attack).toBe(0);
    }
    // LIKE wildcards in a filter value are matched literally
    expect((await data(id, 'username=%25')).body.result.total).toBe(0);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sys_user'))!.n).toBe(before);
    // an unknown key or a non-number for a number field is refused, not ignored
    expectRefused(await data(id, 'password=x'), 400);
    expectRefused(await data(id, 'status=abc'), 400);
  });

  it('refuses writing statements at definition and, hidden in a CTE, at run time in the read-only transaction', async () => {
    for (const [querySql, key] of [
      ['DELETE FROM sys_user', 'Only a query starting with SELECT or WITH is allowed'],
      ['SELECT 1 AS a; DELETE FROM sys_user', 'Only one statement is allowed'],
      ["SELECT set_config('search_path', 'x', false) AS a", 'not allowed'],
      ["SELECT pg_read_file('/etc/passwd') AS a", 'not allowed'],
      ['SELECT lo_create(0) AS a', 'not allowed'],
      ["SELECT * FROM sys_user WHERE username = '${name}'", 'cannot be inside quotes'],
      ['SELECT * FROM sys_user WHERE username = ${undeclared}', 'undeclared parameters: undeclared'],
    ] as const) {
      const res = await add(usersReport('bad', { querySql, params: [] }));
      expectRefused(res, 400, querySql);
      expect(res.body.errors?.find((e) => e.field === 'querySql')?.message, querySql).toContain(key);
    }
    const before = (await t.db.one<{ n: number }>("SELECT count(*)::int AS n FROM sys_user WHERE realname = 'pwned'"))!
      .n;
    const cte = await add(
      usersReport('cte', {
        querySql:
          "WITH changed AS (UPDATE sys_user SET realname = 'pwned' RETURNING username) SELECT username FROM changed",
        columns: [{ field: 'username', title: 'Account' }],
        params: [],
      }),
    );
    expect(cte.body.success).toBe(true);
    const run = await data(cte.body.result.id);
    expectRefused(run, 400);
    expect(run.body.message).toMatch(/^A report may only read, not change data: .*data-modifying/);
    // functions that write: refused by the READ ONLY transaction (and by the reading role)
    for (const [code, querySql, why] of [
      [
        'seq',
        "SELECT nextval(pg_get_serial_sequence('sys_log', 'id')) AS n",
        /permission denied for sequence|read-only transaction/,
      ],
      ['lock', 'SELECT id AS n FROM sys_user FOR UPDATE', /permission denied for table sys_user|read-only transaction/],
    ] as const) {
      const def = await add(usersReport(code, { querySql, columns: [{ field: 'n', title: 'N' }], params: [] }));
      const refused = await data(def.body.result.id);
      expectRefused(refused, 400, code);
      expect(refused.body.message, code).toMatch(/^A report may only read, not change data: /);
      expect(refused.body.message, code).toMatch(why);
    }
    expect((await t.db.one<{ n: number }>("SELECT count(*)::int AS n FROM sys_user WHERE realname = 'pwned'"))!.n).toBe(
      before,
    );
    // a definition changed behind the API is checked again before it runs
    await t.db.query("UPDATE onl_cgreport_head SET query_sql = 'SELECT 1 AS a; DELETE FROM sys_user' WHERE id = $1", [
      cte.body.result.id,
    ]);
    expectRefused(await data(cte.body.result.id), 400);
    // nothing a run set survives it (always rolled back): the role is back to the connection's
    expect((await t.db.one<{ u: string }>('SELECT current_user AS u'))!.u).not.toBe('pg_read_all_data');
  });

  it('caches a result asked for with a group id for 30 s', async () => {
    const id = (await add(usersReport('cached'))).body.result.id;
    const q = 'self_prefix=cache%25&groupId=g1';
    expect((await data(id, q)).body.result.total).toBe(0);
    await f.addUser(f.admin, 'cache01');
    expect((await data(id, q)).body.result.total).toBe(0); // from the cache
    expect((await data(id, 'self_prefix=cache%25')).body.result.total).toBe(1); // no group id: run
    expect((await data(id, 'self_prefix=cache%25&groupId=g2')).body.result.total).toBe(1);
  });

  it('lets only administrators define reports, keeps tenants apart, and lets any session of the tenant run them', async () => {
    const id = (await add(usersReport('mine'))).body.result.id;
    for (const [method, url, body] of [
      ['GET', '/online/cgreport/head/list', undefined],
      ['GET', `/online/cgreport/head/queryById?id=${id}`, undefined],
      ['POST', '/online/cgreport/head/add', usersReport('viewer')],
      ['PUT', '/online/cgreport/head/edit', { ...usersReport('mine'), id }],
      ['DELETE', `/online/cgreport/head/delete?id=${id}`, undefined],
      ['DELETE', `/online/cgreport/head/deleteBatch?ids=${id}`, undefined],
    ] as const) {
      expect((await t.call(method, url, { token: f.viewer, body })).body.code, `${method} ${url}`).toBe(510);
    }
    expect((await data(id, 'self_prefix=rpt0%25', f.viewer)).body.result.total).toBe(9);
    expect((await t.call('GET', `/online/cgreport/api/getData/${id}`)).status).toBe(401);

    expect((await list(f.otherAdmin)).records.map((r) => r.id)).not.toContain(id);
    expectRefused(await t.call('GET', `/online/cgreport/head/queryById?id=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(
      await t.call('PUT', '/online/cgreport/head/edit', {
        token: f.otherAdmin,
        body: { ...usersReport('mine', { dbSource: 'x' }), id },
      }),
      404,
    );
    expectRefused(await t.call('DELETE', `/online/cgreport/head/delete?id=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(await data(id, '', f.otherAdmin), 404);
    expectRefused(await t.call('GET', '/online/cgreport/api/getRpColumns/mine', { token: f.otherAdmin }), 404);
    // another tenant may not read the product's own database, nor a source it does not have
    const own = await add(usersReport('mine'), f.otherAdmin);
    expectRefused(own, 400);
    expect(own.body.errors).toEqual([
      {
        field: 'dbSource',
        message: 'Only the platform tenant may define reports over the product’s own database; choose a data source',
      },
    ]);
    const foreign = await add(usersReport('mine', { dbSource: 'nosuch' }), f.otherAdmin);
    expect(foreign.body.errors).toEqual([{ field: 'dbSource', message: 'Unknown data source: nosuch' }]);
    expect(
      (await t.call<PopupReportRecord>('GET', `/online/cgreport/head/queryById?id=${id}`, { token: f.admin })).body
        .result.name,
    ).toBe('Users mine');
  });

  it('gives the report codes and menu to administrator roles only, on fresh and existing installations', async () => {
    const codes = ['onlreport:list', 'onlreport:add', 'onlreport:edit', 'onlreport:delete', 'onlreport:batch_delete'];
    const holders = async (): Promise<string[]> =>
      (
        await t.db.query<{ code: string }>(
          `SELECT DISTINCT r.role_code AS code FROM sys_role r JOIN sys_role_permission rp ON rp.role_id = r.id
          WHERE rp.permission_id = ANY($1::text[]) ORDER BY 1`,
          [[...codes.map((c) => `btn:${c}`), 'system-popupreport']],
        )
      ).map((r) => r.code);
    expect(await holders()).toEqual(['admin']);
    await t.db.query("DELETE FROM sys_permission WHERE id = 'system-popupreport' OR perms = ANY($1::text[])", [codes]);
    expect(await holders()).toEqual([]);
    await seed(t.db, { adminPassword: ADMIN_PASSWORD, dataDir: t.config.dataDir });
    expect(await holders()).toEqual(['admin']);
    const adminRoles = (await t.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM sys_role WHERE role_code = 'admin'",
    ))!.n;
    expect(
      (await t.db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id WHERE r.role_code = 'admin' AND rp.permission_id = 'btn:onlreport:add'",
      ))!.n,
    ).toBe(adminRoles);
  });
});
