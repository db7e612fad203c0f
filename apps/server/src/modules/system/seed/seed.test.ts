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
      (
        await t.db.query(
          `SELECT 1 FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id JOIN sys_permission p ON p.id = rp.permission_id
          WHERE r.role_code = $1 AND (p.id = $2 OR p.perms = $2)`,
          [role, permission],
        )
      ).length > 0;
    // an installation from before the warehouse list and the device export button
    await t.db.query(
      `DELETE FROM sys_permission WHERE parent_id = 'warehouse-list' OR id = 'warehouse-list' OR perms = 'device:export'`,
    );
    expect(await held('operator', 'warehouse-list')).toBe(false);
    await seed(t.db, { adminPassword: ADMIN_PASSWORD, dataDir: t.config.dataDir });
    for (const p of ['warehouse-list', 'warehouse:add', 'device:export']) {
      expect(await held('admin', p)).toBe(true);
      expect(await held('operator', p)).toBe(true);
    }
    expect(await held('viewer', 'warehouse-list')).toBe(false); // not a viewer menu
    expect(await held('viewer', 'device:export')).toBe(false); // viewers get no buttons
  });

  it('gives administrator roles the gateway-route and file-storage buttons on fresh and existing installations', async () => {
    const codes = [
      'gateway:list',
      'gateway:add',
      'gateway:edit',
      'gateway:delete',
      'gateway:batch_delete',
      'gateway:export',
      'file:list',
      'file:download',
      'file:delete',
      'file:batch_delete',
    ];
    const adminRolesHolding = async (): Promise<number> =>
      Number(
        (await t.db.one<{ n: string }>(
          `SELECT count(DISTINCT r.id) AS n FROM sys_role r
          WHERE r.role_code = 'admin' AND (SELECT count(*) FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id
                                           WHERE rp.role_id = r.id AND p.perms = ANY($1::text[])) = $2`,
          [codes, codes.length],
        ))!.n,
      );
    const adminRoles = Number(
      (await t.db.one<{ n: string }>(`SELECT count(*) AS n FROM sys_role WHERE role_code = 'admin'`))!.n,
    );
    expect(adminRoles).toBeGreaterThan(1); // platform and demo tenant
    expect(await adminRolesHolding()).toBe(adminRoles);
    // an installation from before these buttons
    await t.db.query(`DELETE FROM sys_permission WHERE perms = ANY($1::text[])`, [codes]);
    expect(await adminRolesHolding()).toBe(0);
    await seed(t.db, { adminPassword: ADMIN_PASSWORD, dataDir: t.config.dataDir });
    expect(await adminRolesHolding()).toBe(adminRoles);
  });

  it('gives administrators, and only them, the monitoring page’s code on installations from before it', async () => {
    const held = async (role: string): Promise<boolean> =>
      (
        await t.db.query(
          `SELECT 1 FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id JOIN sys_permission p ON p.id = rp.permission_id
          WHERE r.role_code = $1 AND p.perms = 'monitor:view'`,
          [role],
        )
      ).length > 0;
    expect(await held('admin')).toBe(true); // fresh installation
    // the menu without its code (an installation from before the page), then without the menu at all
    for (const before of [
      `UPDATE sys_permission SET perms = NULL WHERE id = 'modules-monitor'`,
      `DELETE FROM sys_permission WHERE id = 'modules-monitor'`,
    ]) {
      await t.db.query(before);
      expect(await held('admin')).toBe(false);
      await seed(t.db, { adminPassword: ADMIN_PASSWORD, dataDir: t.config.dataDir });
      expect(await permsOf('modules-monitor')).toBe('monitor:view');
      expect(await held('admin')).toBe(true);
      expect(await held('operator')).toBe(false);
      expect(await held('viewer')).toBe(false);
    }
  });

  it('seeds the first administrator with a neutral display name, the account name, in every language', async () => {
    expect(
      (await t.db.one<{ realname: string }>(`SELECT realname FROM sys_user WHERE username = 'admin'`))!.realname,
    ).toBe('admin');
  });

  it('gives the data-source codes to administrators only, on fresh and existing installations', async () => {
    const codes = [
      'datasource:list',
      'datasource:add',
      'datasource:edit',
      'datasource:delete',
      'datasource:batch_delete',
      'datasource:export',
      'datasource:test',
    ];
    const holding = async (role: string): Promise<number> =>
      Number(
        (await t.db.one<{ n: string }>(
          `SELECT count(DISTINCT r.id) AS n FROM sys_role r WHERE r.role_code = $3 AND (SELECT count(*) FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id
                                           WHERE rp.role_id = r.id AND p.perms = ANY($1::text[])) = $2`,
          [codes, codes.length, role],
        ))!.n,
      );
    const adminRoles = Number(
      (await t.db.one<{ n: string }>(`SELECT count(*) AS n FROM sys_role WHERE role_code = 'admin'`))!.n,
    );
    expect(await holding('admin')).toBe(adminRoles);
    await t.db.query(`DELETE FROM sys_permission WHERE perms = ANY($1::text[])`, [codes]);
    expect(await holding('admin')).toBe(0);
    await seed(t.db, { adminPassword: ADMIN_PASSWORD, dataDir: t.config.dataDir });
    expect(await holding('admin')).toBe(adminRoles);
    const others = await t.db.query(
      `SELECT 1 FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id JOIN sys_permission p ON p.id = rp.permission_id
        WHERE r.role_code <> 'admin' AND p.perms = ANY($1::text[])`,
      [codes],
    );
    expect(others).toEqual([]);
  });

  it('leaves the administrator account alone when run again', async () => {
    await seed(t.db, { dataDir: t.config.dataDir });
    await expect(t.login()).resolves.toBeTruthy();
  });
});
