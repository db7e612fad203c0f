import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { migrate } from '../../../platform/db/migrate';

const MIGRATION = '0061_admin_neutral_name.sql';

describe('the seeded administrator name on an existing installation (migration 0061)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The state of an installation seeded before the change, then the migration run on it. */
  async function upgradeFrom(realname: string, edited: boolean): Promise<string> {
    await t.db.query(
      `UPDATE sys_user SET realname = $1, update_time = ${edited ? 'now()' : 'NULL'} WHERE username = 'admin' AND create_by = 'system'`,
      [realname],
    );
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]);
    expect(await migrate(t.db)).toEqual([MIGRATION]);
    return (await t.db.one<{ realname: string }>(
      `SELECT realname FROM sys_user WHERE username = 'admin' AND create_by = 'system'`,
    ))!.realname;
  }

  it('gives the untouched seeded administrator the neutral name a fresh installation seeds', async () => {
    expect(await upgradeFrom('系统管理员', false)).toBe('admin');
  });

  it('leaves a name once the account was edited, and a name someone chose', async () => {
    expect(await upgradeFrom('系统管理员', true)).toBe('系统管理员');
    expect(await upgradeFrom('张伟', false)).toBe('张伟');
  });
});
