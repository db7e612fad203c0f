import crypto from 'node:crypto';
import net from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { ReportDataResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../../test/admin-fixtures';
import { expectRefused } from '../../../../test/refusal';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { AppError } from '../../../platform/http/app-error';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { findReport } from './popup-reports.service';
import { ReportCache, reportData } from './report-data';

/** Whether something listens on 127.0.0.1:port (the machine's PostgreSQL / MariaDB). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket
      .once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });
}

const [pgUp, mariaUp] = await Promise.all([listening(5432), listening(3306)]);
if (!pgUp) console.warn('skipping popup reports over a PostgreSQL data source: nothing listens on 127.0.0.1:5432');
if (!mariaUp) console.warn('skipping popup reports over a MariaDB data source: nothing listens on 127.0.0.1:3306');

/** A table of 25 goods in the data source's own database, named per run so parallel runs do not meet. */
const TABLE = `rpt_goods_${crypto.randomBytes(4).toString('hex')}`;
const PG = {
  code: 'pgsrc',
  name: 'PostgreSQL',
  dbType: 'postgresql',
  host: '127.0.0.1',
  port: 5432,
  dbName: 'test',
  dbUsername: 'postgres',
  dbPassword: '',
};
const MARIA = {
  code: 'mariasrc',
  name: 'MariaDB',
  dbType: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  dbName: 'test',
  dbUsername: 'root',
  dbPassword: '',
};

/** A report over the goods table of a data source; `${kind}` filters, `name` is a query field. */
const goodsReport = (
  code: string,
  dbSource: string,
  querySql = `SELECT id, name, kind FROM ${TABLE} WHERE kind = \${kind} ORDER BY id`,
) => ({
  code,
  name: code,
  dbSource,
  querySql,
  columns: [
    { field: 'id', title: 'Id', type: 'number', queryMode: 'single' },
    { field: 'name', title: 'Name', queryMode: 'single' },
    { field: 'kind', title: 'Kind' },
  ],
  params: [{ name: 'kind', title: 'Kind', defaultValue: 'fruit' }],
});

describe.each([
  {
    label: 'PostgreSQL',
    up: pgUp,
    source: PG,
    sleep: 'SELECT pg_sleep(3) AS s',
    write: `WITH d AS (DELETE FROM ${TABLE} RETURNING id) SELECT id FROM d`,
  },
  {
    label: 'MariaDB',
    up: mariaUp,
    source: MARIA,
    sleep: 'SELECT SLEEP(3) AS s',
    write: `SELECT NEXTVAL(${TABLE}_seq) AS id`,
  },
])('popup reports over a $label data source', ({ up, source, sleep, write }) => {
  let t: TestApp;
  let f: AdminFixtures;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    if (!up) return;
    t = await createTestApp();
    f = await adminFixtures(t);
    const rows = Array.from({ length: 25 }, (_, i) => [
      i + 1,
      `item ${String(i + 1).padStart(2, '0')}`,
      i % 5 === 0 ? 'veg' : 'fruit',
    ]);
    if (source.dbType === 'postgresql') {
      const c = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
      await c.connect();
      await c.query(`CREATE TABLE ${TABLE} (id int PRIMARY KEY, name text, kind text)`);
      for (const r of rows) await c.query(`INSERT INTO ${TABLE} VALUES ($1,$2,$3)`, r);
      drop = async () => {
        await c.query(`DROP TABLE IF EXISTS ${TABLE}`);
        await c.end();
      };
    } else {
      const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
      await c.query(`CREATE TABLE ${TABLE} (id int PRIMARY KEY, name varchar(50), kind varchar(10)) ENGINE=InnoDB`);
      await c.query(`INSERT INTO ${TABLE} VALUES ?`, [rows]);
      await c.query(`CREATE SEQUENCE ${TABLE}_seq`); // NEXTVAL in a SELECT writes: the read-only transaction must refuse it
      drop = async () => {
        await c.query(`DROP SEQUENCE IF EXISTS ${TABLE}_seq`);
        await c.query(`DROP TABLE IF EXISTS ${TABLE}`);
        await c.end();
      };
    }
    expect((await t.call('POST', '/sys/dataSource/add', { token: f.admin, body: source })).body.success).toBe(true);
  });
  afterAll(async () => {
    await drop();
    await t?.close();
  });

  const add = (body: Record<string, unknown>) =>
    t.call<{ id: string }>('POST', '/online/cgreport/head/add', {
      token: f.admin,
      body,
      headers: { 'accept-language': 'en-US' },
    });
  const data = (id: string, query = '') =>
    t.call<ReportDataResult>('GET', `/online/cgreport/api/getData/${id}?${query}`, {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
    });

  it.skipIf(!up)('pages, binds parameters and filters, and keeps an injection attempt a value', async () => {
    const id = (await add(goodsReport('goods', source.code))).body.result.id;
    const p1 = await data(id);
    expect(p1.body.success, JSON.stringify(p1.body)).toBe(true);
    expect(p1.body.result.total).toBe(20);
    expect(p1.body.result.records.map((r) => Number(r.id))).toEqual([2, 3, 4, 5, 7, 8, 9, 10, 12, 13]);
    expect((await data(id, 'pageNo=2&pageSize=10')).body.result.records.map((r) => Number(r.id))).toEqual([
      14, 15, 17, 18, 19, 20, 22, 23, 24, 25,
    ]);
    expect((await data(id, 'self_kind=veg')).body.result.records.map((r) => r.name)).toEqual([
      'item 01',
      'item 06',
      'item 11',
      'item 16',
      'item 21',
    ]);
    expect((await data(id, 'self_kind=veg&name=1')).body.result.total).toBe(4);
    expect((await data(id, 'id=7')).body.result.records).toEqual([{ id: 7, name: 'item 07', kind: 'fruit' }]);
    for (const attack of ["veg' OR '1'='1", "veg' -- ", "x'; DROP TABLE goods; --"]) {
      expect((await data(id, `self_kind=${encodeURIComponent(attack)}`)).body.result.total, attack).toBe(0);
      expect((await data(id, `name=${encodeURIComponent(attack)}`)).body.result.total, attack).toBe(0);
    }
    expect((await data(id, 'self_kind=%25')).body.result.total).toBe(0); // bound with =, not LIKE
  });

  it.skipIf(!up)('refuses a writing statement and changes nothing', async () => {
    const id = (await add(goodsReport('writes', source.code, write))).body.result.id;
    const res = await data(id);
    expectRefused(res, 400);
    expect(res.body.message).toMatch(/^A report may only read, not change data: /);
    const ddl = await add(goodsReport('ddl', source.code, `CREATE TABLE ${TABLE}_x (a int)`));
    expectRefused(ddl, 400);
    expect(
      (await data((await add(goodsReport('count', source.code, `SELECT count(*) AS id FROM ${TABLE}`))).body.result.id))
        .body.result.records[0],
    ).toMatchObject({ id: expect.anything() });
    const all = (
      await data((await add(goodsReport('all', source.code, `SELECT id FROM ${TABLE}`))).body.result.id, 'pageSize=100')
    ).body.result;
    expect(all.total).toBe(25);
  });

  it.skipIf(!up)('stops a statement at the timeout and caps the rows at the limit', async () => {
    const id = (await add(goodsReport('slow', source.code, sleep))).body.result.id;
    const report = await findReport(t.db, PLATFORM_TENANT_ID, id, 'id');
    const key = (): Buffer => Buffer.alloc(32);
    const started = Date.now();
    const err = await reportData(
      t.db,
      key,
      new ReportCache(),
      report,
      { pageNo: 1, pageSize: 10, rest: {} },
      { timeoutMs: 300, rowLimit: 100 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).messageKey).toBe('popupReportTimeout');
    expect(Date.now() - started).toBeLessThan(2500);

    const all = await findReport(
      t.db,
      PLATFORM_TENANT_ID,
      (await add(goodsReport('capped', source.code, `SELECT id FROM ${TABLE} ORDER BY id`))).body.result.id,
      'id',
    );
    const capped = await reportData(
      t.db,
      key,
      new ReportCache(),
      all,
      { pageNo: 2, pageSize: 10, rest: {} },
      { timeoutMs: 5000, rowLimit: 15 },
    );
    expect(capped).toMatchObject({ total: 15, truncated: true });
    expect(capped.records.map((r) => Number(r.id))).toEqual([11, 12, 13, 14, 15]);
    expect(
      (
        await reportData(
          t.db,
          key,
          new ReportCache(),
          all,
          { pageNo: 3, pageSize: 10, rest: {} },
          { timeoutMs: 5000, rowLimit: 15 },
        )
      ).records,
    ).toEqual([]);
  });
});

describe('popup report statement timeout on the product’s own database', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'stops pg_sleep at the timeout on PostgreSQL (PGlite cannot interrupt a statement)',
    async () => {
      const t = await createTestApp();
      try {
        const token = await t.login();
        const body = {
          code: 'sleepy',
          name: 'sleepy',
          dbSource: null,
          querySql: 'SELECT pg_sleep(3) AS s',
          columns: [{ field: 's', title: 'S' }],
          params: [],
        };
        const id = (await t.call<{ id: string }>('POST', '/online/cgreport/head/add', { token, body })).body.result.id;
        const report = await findReport(t.db, PLATFORM_TENANT_ID, id, 'id');
        const started = Date.now();
        const err = await reportData(
          t.db,
          () => Buffer.alloc(32),
          new ReportCache(),
          report,
          { pageNo: 1, pageSize: 10, rest: {} },
          { timeoutMs: 300, rowLimit: 100 },
        ).catch((e: unknown) => e);
        expect((err as AppError).messageKey).toBe('popupReportTimeout');
        expect(Date.now() - started).toBeLessThan(2500);
      } finally {
        await t.close();
      }
    },
  );
});
