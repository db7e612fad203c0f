import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../../test/test-app';
import { seed } from './seed';

describe('seed on an existing installation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const permsOf = async (id: string): Promise<string | null> =>
    (await t.db.one<{ perms: string | null }>('SELECT perms FROM sys_permission WHERE id = $1', [id]))!.perms;

  it('gives existing menus the codes a release adds, and keeps codes an administrator set', async () => {
    await t.db.query(`UPDATE sys_permission SET perms = NULL WHERE id = 'device-list'`);
    await t.db.query(`UPDATE sys_permission SET perms = 'custom:gateways' WHERE id = 'device-gateway'`);
    await seed(t.db, { adminPassword: ADMIN_PASSWORD, dataDir: t.config.dataDir });
    expect(await permsOf('device-list')).toBe('device:list');
    expect(await permsOf('device-gateway')).toBe('custom:gateways');
  });

  it('seeds the first administrator with a neutral display name, the account name, in every language (issue #16 item 10)', async () => {
    expect((await t.db.one<{ realname: string }>(`SELECT realname FROM sys_user WHERE username = 'admin'`))!.realname).toBe('admin');
  });

  it('leaves the administrator account alone when run again', async () => {
    await seed(t.db, { dataDir: t.config.dataDir });
    await expect(t.login()).resolves.toBeTruthy();
  });
});
