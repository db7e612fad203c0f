import type { PageResult, UserRecord } from '@ztj/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminFixtures, USER_PASSWORD, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ACCESS_CACHE_TTL_MS, AccessCache, SECURITY_TABLES } from './access-cache';

describe('access cache: changes through this process take effect at once', () => {
  let t: TestApp;
  let f: AdminFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const list = (token: string) => t.call<PageResult<UserRecord>>('GET', '/sys/user/list?pageSize=100', { token });
  /** Calls twice, so the second answer comes from a warm cache. */
  const warm = async (token: string) => {
    expect((await list(token)).body.success).toBe(true);
    expect((await list(token)).body.success).toBe(true);
  };

  it('refuses a token at once after logout', async () => {
    const token = await t.login();
    await warm(token);
    expect((await t.call('POST', '/sys/logout', { token })).body.success).toBe(true);
    expect((await list(token)).status).toBe(401);
  });

  it('refuses the other sessions at once after a password change', async () => {
    await f.addUser(f.admin, 'cachepw01', { selectedroles: await f.roleId(1000, 'admin') });
    const other = await t.login('cachepw01', USER_PASSWORD);
    const token = await t.login('cachepw01', USER_PASSWORD);
    await warm(other);
    const change = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: {
        username: 'cachepw01',
        oldpassword: USER_PASSWORD,
        password: 'Other#Pass12',
        confirmpassword: 'Other#Pass12',
      },
    });
    expect(change.body.success).toBe(true);
    expect((await list(other)).status).toBe(401);
  });

  it('answers 510 at once after the role loses the permission', async () => {
    const roleId = (
      await t.call<{ id: string }>('POST', '/sys/role/add', {
        token: f.admin,
        body: { roleName: 'Cached', roleCode: 'cached' },
      })
    ).body.result.id;
    await t.call('POST', '/sys/permission/saveRolePermission', {
      token: f.admin,
      body: { roleId, permissionIds: 'btn:user:list' },
    });
    await f.addUser(f.admin, 'cachelist01', { selectedroles: roleId });
    const token = await t.login('cachelist01', USER_PASSWORD);
    await warm(token);
    expect(
      (
        await t.call('POST', '/sys/permission/saveRolePermission', {
          token: f.admin,
          body: { roleId, permissionIds: '' },
        })
      ).body.success,
    ).toBe(true);
    expect((await list(token)).body.code).toBe(510);
  });

  it('refuses a frozen user at once', async () => {
    const id = await f.addUser(f.admin, 'cachefreeze01', { selectedroles: await f.roleId(1000, 'admin') });
    const token = await t.login('cachefreeze01', USER_PASSWORD);
    await warm(token);
    expect(
      (await t.call('PUT', '/sys/user/frozenBatch', { token: f.admin, body: { ids: id, status: 2 } })).body.success,
    ).toBe(true);
    expect((await list(token)).status).toBe(401);
  });

  it('narrows the next list at once when a data rule is chosen, and widens it when cleared', async () => {
    const roleId = (
      await t.call<{ id: string }>('POST', '/sys/role/add', {
        token: f.admin,
        body: { roleName: 'Ruled', roleCode: 'ruled' },
      })
    ).body.result.id;
    await t.call('POST', '/sys/permission/saveRolePermission', {
      token: f.admin,
      body: { roleId, permissionIds: 'btn:user:list' },
    });
    await f.addUser(f.admin, 'cacherule01', { selectedroles: roleId });
    const token = await t.login('cacherule01', USER_PASSWORD);
    const rule = await t.call<{ id: string }>('POST', '/sys/permission/addPermissionRule', {
      token: f.admin,
      body: {
        permissionId: 'btn:user:list',
        ruleName: 'Only me',
        ruleColumn: 'username',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
    });
    expect(rule.body.success).toBe(true);
    await warm(token);
    const all = (await list(token)).body.result.total;
    expect(all).toBeGreaterThan(1);
    await t.call('POST', '/sys/role/datarule', {
      token: f.admin,
      body: { roleId, permissionId: 'btn:user:list', dataRuleIds: rule.body.result.id },
    });
    expect((await list(token)).body.result.records.map((u) => u.username)).toEqual(['cacherule01']);
    await t.call('POST', '/sys/role/datarule', {
      token: f.admin,
      body: { roleId, permissionId: 'btn:user:list', dataRuleIds: '' },
    });
    expect((await list(token)).body.result.total).toBe(all);
  });

  it('sees a change written by another process within the TTL', async () => {
    const id = await f.addUser(f.admin, 'cacheother01', { selectedroles: await f.roleId(1000, 'admin') });
    const token = await t.login('cacheother01', USER_PASSWORD);
    await warm(token);
    // What another process does: the same database, but no write through this process's Db.
    const cache = (await import('./access-cache')).accessCache(t.db);
    const spy = vi.spyOn(cache, 'invalidate').mockImplementation(() => undefined);
    await t.db.query('UPDATE sys_user SET status = 2 WHERE id = $1', [id]);
    spy.mockRestore();
    expect((await list(token)).status).toBe(200); // still the cached answer, within the bound
    await new Promise((r) => setTimeout(r, ACCESS_CACHE_TTL_MS + 50));
    expect((await list(token)).status).toBe(401);
  });
});

describe('AccessCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a value for the TTL only', async () => {
    vi.useFakeTimers();
    const cache = new AccessCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.through('permissions', 'k', load)).toBe(1);
    expect(await cache.through('permissions', 'k', load)).toBe(1);
    vi.advanceTimersByTime(ACCESS_CACHE_TTL_MS);
    expect(await cache.through('permissions', 'k', load)).toBe(2);
  });

  it('does not store what a lookup read before an invalidation', async () => {
    const cache = new AccessCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stale = cache.through('sessions', 'k', async () => {
      await gate;
      return 'old';
    });
    cache.invalidate();
    release();
    expect(await stale).toBe('old');
    expect(await cache.through('sessions', 'k', async () => 'new')).toBe('new');
  });

  it('honours an earlier deadline and "do not keep"', async () => {
    const cache = new AccessCache();
    expect(
      await cache.through(
        'sessions',
        'a',
        async () => 1,
        () => 0,
      ),
    ).toBe(1);
    expect(await cache.through('sessions', 'a', async () => 2)).toBe(2);
  });

  it('recognises writes to the access tables', () => {
    for (const table of [
      'sys_session',
      'sys_user',
      'sys_user_role',
      'sys_user_tenant',
      'sys_tenant',
      'sys_role_permission',
      'sys_permission_data_rule',
      'sys_depart_role_user',
    ]) {
      expect(SECURITY_TABLES.test(`UPDATE ${table} SET x = 1`)).toBe(true);
    }
    expect(SECURITY_TABLES.test('INSERT INTO sys_log (x) VALUES (1)')).toBe(false);
  });
});
