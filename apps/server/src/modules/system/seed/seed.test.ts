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

  it('gives menus and buttons a release adds to the seeded roles as a fresh installation would (operators get buttons, viewers menus only)', async () => {
    const held = async (role: string, permission: string): Promise<boolean> =>
      (await t.db.query(
        `SELECT 1 FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id JOIN sys_permission p ON p.id = rp.permission_id
          WHERE r.role_code = $1 AND (p.id = $2 OR p.perms = $2)`,
        [role, permission],
      )).length > 0;
    // an installation from before the warehouse list and the device export button
    await t.db.query(`DELETE FROM sys_permission WHERE parent_id = 'warehouse-list' OR id = 'warehouse-list' OR perms = 'device:export'`);
    expect(await held('operator', 'warehouse-list')).toBe(false);
    await seed(t.db, { adminPassword: ADMIN_PASSWORD, dataDir: t.config.dataDir });
    for (const p of ['warehouse-list', 'warehouse:add', 'device:export']) {
      expect(await held('admin', p)).toBe(true);
      expect(await held('operator', p)).toBe(true);
    }
    expect(await held('viewer', 'warehouse-list')).toBe(false); // not a viewer menu
    expect(await held('viewer', 'device:export')).toBe(false); // viewers get no buttons
  });

  it('seeds the first administrator with a neutral display name, the account name, in every language (issue #16 item 10)', async () => {
    expect((await t.db.one<{ realname: string }>(`SELECT realname FROM sys_user WHERE username = 'admin'`))!.realname).toBe('admin');
  });

  it('leaves the administrator account alone when run again', async () => {
    await seed(t.db, { dataDir: t.config.dataDir });
    await expect(t.login()).resolves.toBeTruthy();
  });
});
