import net from 'node:net';
import type { DataSourceTestResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';

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

const PG = {
  dbType: 'postgresql',
  host: '127.0.0.1',
  port: 5432,
  dbName: 'test',
  dbUsername: 'postgres',
  dbPassword: '',
};
const MARIADB = { dbType: 'mysql', host: '127.0.0.1', port: 3306, dbName: 'test', dbUsername: 'root', dbPassword: '' };
const [pgUp, mariaUp] = await Promise.all([listening(5432), listening(3306)]);
if (!pgUp) console.warn('skipping PostgreSQL connection tests: nothing listens on 127.0.0.1:5432');
if (!mariaUp) console.warn('skipping MariaDB connection tests: nothing listens on 127.0.0.1:3306');

describe('data source test connection', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const test = async (body: Record<string, unknown>, lang = 'en-US'): Promise<DataSourceTestResult> => {
    const res = await t.call<DataSourceTestResult>('POST', '/sys/dataSource/testConnection', {
      token: f.admin,
      body,
      headers: { 'accept-language': lang },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.result;
  };
  const lastLog = async (): Promise<string> =>
    (
      await t.db.one<{ c: string }>(
        "SELECT log_content AS c FROM sys_log WHERE request_url = '/sys/dataSource/testConnection' ORDER BY id DESC LIMIT 1",
      )
    )?.c ?? '';

  it.skipIf(!pgUp)('connects to the machine’s PostgreSQL and logs the test', async () => {
    expect(await test(PG)).toMatchObject({ ok: true, message: 'Connection successful' });
    expect(await lastLog()).toBe('data source connection test postgresql://postgres@127.0.0.1:5432/test: ok');
    const missing = await test({ ...PG, dbName: 'no_such_db' }, 'zh-CN');
    expect(missing.ok).toBe(false);
    expect(missing.message).toMatch(/^连接失败：.*no_such_db/);
  });

  it.skipIf(!mariaUp)(
    'connects to the machine’s MariaDB; a wrong password fails quickly without showing it',
    async () => {
      expect(await test(MARIADB)).toMatchObject({ ok: true });
      const wrong = await test({ ...MARIADB, dbPassword: 'Wrong#Secret' });
      expect(wrong.ok).toBe(false);
      expect(wrong.message).toMatch(/Access denied/);
      expect(wrong.elapsedMs).toBeLessThan(5000);
      const log = await lastLog();
      expect(log).toMatch(
        /^data source connection test mysql:\/\/root@127\.0\.0\.1:3306\/test: failed: .*Access denied/,
      );
      expect(JSON.stringify(await t.db.query('SELECT * FROM sys_log'))).not.toContain('Wrong#Secret');
    },
  );

  it.skipIf(!mariaUp)('uses the stored password of a saved source when the form leaves it empty', async () => {
    const id = (
      await t.call<{ id: string }>('POST', '/sys/dataSource/add', {
        token: f.admin,
        body: { ...MARIADB, code: 'maria', name: 'MariaDB', dbPassword: 'Stored#Wrong' },
      })
    ).body.result.id;
    expect((await test({ ...MARIADB, id })).message).toMatch(/Access denied.*using password: YES/);
    expect(await test({ ...MARIADB, id, dbPassword: undefined })).toMatchObject({ ok: false });
    expect(await lastLog()).toContain(`(id ${id})`);
  });

  it('answers a clear failure quickly for a closed port, and logs it', async () => {
    for (const body of [
      { ...PG, port: 1 },
      { ...MARIADB, port: 1 },
    ]) {
      const started = Date.now();
      const res = await test(body);
      expect(res).toMatchObject({ ok: false });
      expect(res.message).toMatch(/^Connection failed: .*ECONNREFUSED/);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await lastLog()).toMatch(/:1\/test: failed: .*ECONNREFUSED/);
    }
  });
});
