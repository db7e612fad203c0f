import type { LoginResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/auth/tokens';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, uid } from '../telemetry/ingest.fixtures';

/**
 * after sign-in the tenant dialog preselects the session's tenant. That is the
 * tenant used last, and at a user's first sign-in the tenant holding the user's data (most devices),
 * not the platform tenant the seed wrote.
 */
describe('the session tenant at sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newUser = async (name: string): Promise<void> => {
    const [u] = await t.db.query<{ id: string }>(
      'INSERT INTO sys_user (username, realname, password_hash, login_tenant_id) VALUES ($1, $1, $2, $3) RETURNING id',
      [name, await hashPassword('Tenant#Pass1'), PLATFORM_TENANT_ID],
    );
    for (const tenantId of [PLATFORM_TENANT_ID, DEMO_TENANT_ID])
      await t.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, tenantId]);
  };
  const signIn = async (name: string): Promise<LoginResult> => {
    const res = await t.call<LoginResult>('POST', '/sys/login', { body: { username: name, password: 'Tenant#Pass1' } });
    expect(res.body.success).toBe(true);
    return res.body.result;
  };

  it('keeps the recorded tenant at a first sign-in while no tenant of the user holds devices', async () => {
    await newUser('firstnodev');
    expect((await signIn('firstnodev')).userInfo.loginTenantId).toBe(PLATFORM_TENANT_ID);
  });

  it('starts a first sign-in in the tenant holding the devices, then keeps the tenant used last', async () => {
    await addDevice(t, { id: uid('FT') });
    await newUser('firstdev');
    const first = await signIn('firstdev');
    expect(first.userInfo.loginTenantId).toBe(DEMO_TENANT_ID);
    expect(first.tenantList.map((x) => x.id)).toEqual([PLATFORM_TENANT_ID, DEMO_TENANT_ID]);

    // the user picks the platform tenant: the next sign-in preselects it although it has no devices
    const chosen = await t.call('PUT', '/sys/selectTenant', {
      token: first.token,
      body: { tenantId: PLATFORM_TENANT_ID },
    });
    expect(chosen.body.success).toBe(true);
    expect((await signIn('firstdev')).userInfo.loginTenantId).toBe(PLATFORM_TENANT_ID);
  });

  it('counts a user who already signed in (before the first-sign-in rule) as having a last tenant', async () => {
    // the first test's user signed in once: its platform tenant stays even now that the demo tenant has devices
    expect((await signIn('firstnodev')).userInfo.loginTenantId).toBe(PLATFORM_TENANT_ID);
  });
});
