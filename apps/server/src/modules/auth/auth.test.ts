import type { LoginResult, UserPermissionResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { hashPassword } from '../../platform/auth/tokens';
import { captchaStore } from './captcha.service';
import { SIGN_IN_POLICY } from './sign-in-throttle';
import { expectRefused } from '../../../test/refusal';

describe('sign-in with the image captcha on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'on', TRUST_PROXY: 'on' });
  });
  afterAll(() => t.close());

  // Captchas live in the process's bounded store, no longer in a table.
  const codeOf = async (key: string): Promise<string> => captchaStore.peek(key)!;

  it('issues an image and accepts the right code once', async () => {
    const img = await t.call<string>('GET', '/sys/randomImage/key-00000001');
    expect(img.body.success).toBe(true);
    expect(img.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const captcha = await codeOf('key-00000001');
    const ok = await t.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD, captcha, checkKey: 'key-00000001' },
    });
    expect(ok.body.success).toBe(true);
    const again = await t.call('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD, captcha, checkKey: 'key-00000001' },
    });
    expect(again.body.success).toBe(false);
    expect(again.body.message).toBe('验证码已失效，请刷新');
  });

  it('asks for the code after failures, refuses a missing or wrong one, and a wrong attempt invalidates it', async () => {
    // the captcha is asked for after failures (here 3 from this client on this account).
    const from = { 'x-forwarded-for': '10.1.0.2' };
    for (let i = 0; i < SIGN_IN_POLICY.pairCaptchaAfter; i++)
      await t.call('POST', '/sys/login', { body: { username: 'admin', password: 'bad' }, headers: from });
    const none = await t.call('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      headers: from,
    });
    expect(none.body).toMatchObject({
      success: false,
      code: 500,
      message: '请输入验证码',
      errors: [{ field: 'captcha', message: '请输入验证码' }],
    });
    await t.call('GET', '/sys/randomImage/key-00000002', { headers: from });
    const right = await codeOf('key-00000002');
    const wrong = await t.call('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD, captcha: 'zzzz', checkKey: 'key-00000002' },
      headers: { 'accept-language': 'en-US', ...from },
    });
    expect(wrong.body.message).toBe('Verification code error');
    const late = await t.call('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD, captcha: right, checkKey: 'key-00000002' },
      headers: from,
    });
    expect(late.body.success).toBe(false);
  });

  it('refuses an expired code', async () => {
    await t.call('GET', '/sys/randomImage/key-00000003');
    const code = await codeOf('key-00000003');
    const later = Date.now() + 61_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const res = await t.call('POST', '/sys/login', {
        body: { username: 'admin', password: ADMIN_PASSWORD, captcha: code, checkKey: 'key-00000003' },
      });
      expect(res.body).toMatchObject({ success: false, message: '验证码已失效，请刷新' });
    } finally {
      clock.mockRestore();
    }
  });
});

describe('sign-in, sessions and tenants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'on' });
  });
  afterAll(() => t.close());

  it('returns token, user info, dictionaries, departments and tenants', async () => {
    const res = await t.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r.token).toMatch(/^[\w-]{43}$/);
    expect(r.userInfo).toMatchObject({ username: 'admin', orgCode: 'A01', loginTenantId: PLATFORM_TENANT_ID });
    expect(r.sysAllDictItems.sex?.map((o) => o.value)).toEqual(['1', '2']);
    expect(Object.keys(r.sysAllDictItems)).toEqual(
      expect.arrayContaining([
        'user_status',
        'priority',
        'alarm_flag',
        'push_type',
        'waybill_status',
        'export_file_status',
      ]),
    );
    expect(r.departs).toEqual([expect.objectContaining({ orgCode: 'A01' })]);
    expect(r.multi_depart).toBe(1);
    expect(r.tenantList.map((x) => x.id)).toEqual([PLATFORM_TENANT_ID, DEMO_TENANT_ID]);
    // both names of each tenant, so the console can name it in either language
    expect(r.tenantList[0]).toMatchObject({ name: '智慧冷链平台', nameEn: 'ZTJ Platform' });
    const stored = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sys_session WHERE token_hash <> $1', [
      r.token,
    ]);
    expect(stored?.n).toBeGreaterThan(0);
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const wrong = await t.call('POST', '/sys/login', { body: { username: 'admin', password: 'nope' } });
    const unknown = await t.call('POST', '/sys/login', { body: { username: 'ghost', password: 'nope' } });
    expect(wrong.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  // The per-client throttle replaced the lock (five failures locked the name for everyone for 10 minutes): the
  // failing client cools down, the owner elsewhere still signs in (more in security/sign-in-abuse.test.ts).
  it('never locks an account name: the failing client cools down, the right password works elsewhere', async () => {
    const hash = await hashPassword('Locked#Pass1');
    await t.db.query(`INSERT INTO sys_user (username, realname, password_hash) VALUES ('locky', 'Locky', $1)`, [hash]);
    await t.db.query(
      `INSERT INTO sys_user_tenant (user_id, tenant_id) SELECT id, $1 FROM sys_user WHERE username = 'locky'`,
      [DEMO_TENANT_ID],
    );
    const stranger = { 'x-forwarded-for': '10.2.0.66', 'accept-language': 'en' };
    for (let i = 0; i < SIGN_IN_POLICY.pairCooldownAfter; i++) {
      expect(
        (await t.call('POST', '/sys/login', { body: { username: 'locky', password: 'bad' }, headers: stranger })).body
          .message,
      ).toBe('Wrong user name or password');
    }
    const cooled = await t.call('POST', '/sys/login', {
      body: { username: 'locky', password: 'Locked#Pass1' },
      headers: stranger,
    });
    expect(cooled.status).toBe(429);
    expect(cooled.body.message).toMatch(/^Too many requests, try again in \d+ seconds$/);
    const owner = await t.call('POST', '/sys/login', {
      body: { username: 'locky', password: 'Locked#Pass1' },
      headers: { 'x-forwarded-for': '10.2.0.7' },
    });
    expect(owner.body.success).toBe(true);
    // an unknown name is throttled the same way, so throttling reveals nothing
    for (let i = 0; i < SIGN_IN_POLICY.pairCooldownAfter; i++)
      await t.call('POST', '/sys/login', { body: { username: 'nobody', password: 'x' }, headers: stranger });
    const ghost = await t.call('POST', '/sys/login', {
      body: { username: 'nobody', password: 'x' },
      headers: stranger,
    });
    expect(ghost.status).toBe(429);
  });

  it('answers 401 for a missing, forged, revoked or expired token', async () => {
    const missing = await t.call('GET', '/sys/permission/getUserPermissionByToken');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, code: 401 });
    const forged = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: 'x'.repeat(43) });
    expect(forged.status).toBe(401);

    const token = await t.login();
    expect((await t.call('POST', '/sys/logout', { token })).body.success).toBe(true);
    const revoked = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(revoked.status).toBe(401);

    const token2 = await t.login();
    await t.db.query(`UPDATE sys_session SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL`);
    const expired = await t.call('GET', '/sys/permission/getUserPermissionByToken', {
      token: token2,
      headers: { 'accept-language': 'en-US' },
    });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Login expired, please log in again');
  });

  it('gives the administrator the whole menu tree in the spec shape', async () => {
    const token = await t.login();
    const res = await t.call<UserPermissionResult>('GET', '/sys/permission/getUserPermissionByToken', { token });
    const { menu, auth, allAuth } = res.body.result;
    const tops = menu.map((m) => m.path);
    expect(tops).toEqual(expect.arrayContaining(['/dashboard', '/device', '/task', '/alarm', '/system', '/account']));
    const dash = menu.find((m) => m.path === '/dashboard')!;
    expect(dash.children?.[0]).toMatchObject({
      path: '/dashboard/analysis',
      component: 'dashboard/Analysis',
      route: '1',
      hidden: false,
      meta: { title: '分析页', titleEn: 'Analysis', keepAlive: false, internalOrExternal: false },
    });
    expect(menu.find((m) => m.path === '/account')?.hidden).toBe(true);
    expect(auth.map((a) => a.action)).toEqual(expect.arrayContaining(['user:add', 'device:export', 'task:export']));
    expect(allAuth.length).toBe(auth.length);
    expect(auth.every((a) => a.status === '1')).toBe(true);
    // buttons are type '2'; codes on menus themselves (e.g. device:list) are menu-level type '1'
    expect(auth.find((a) => a.action === 'user:add')?.type).toBe('2');
    expect(auth.find((a) => a.action === 'device:list')?.type).toBe('1');
  });

  it('gives a viewer only its menus and no buttons', async () => {
    const hash = await hashPassword('Viewer#Pass1');
    const [u] = await t.db.query<{ id: string }>(
      `INSERT INTO sys_user (username, realname, password_hash) VALUES ('viewer1', 'Viewer', $1) RETURNING id`,
      [hash],
    );
    await t.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, DEMO_TENANT_ID]);
    await t.db.query(
      `INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE tenant_id = $2 AND role_code = 'viewer'`,
      [u!.id, DEMO_TENANT_ID],
    );
    const token = await t.login('viewer1', 'Viewer#Pass1');
    const res = await t.call<UserPermissionResult>('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(res.body.result.menu.map((m) => m.path)).toEqual(['/dashboard', '/device', '/task', '/alarm', '/account']);
    // a viewer holds the menu-level codes of its menus and no button
    expect(res.body.result.auth.filter((a) => a.type === '2')).toEqual([]);
    expect(res.body.result.auth.map((a) => a.action)).toEqual(expect.arrayContaining(['device:list']));
    expect(res.body.result.allAuth.length).toBeGreaterThan(10);
  });

  it('refuses a tenant the user does not belong to, and switches to one it does', async () => {
    const token = await t.login();
    const refused = await t.call('GET', '/dashboard/analysis', { token, headers: { 'tenant-id': '999' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 403, message: '您不属于该租户' });
    const demo = await t.call<{ departments: number }>('GET', '/dashboard/analysis', {
      token,
      headers: { 'tenant-id': String(DEMO_TENANT_ID) },
    });
    expect(demo.body.result.departments).toBe(5);
    const sw = await t.call('PUT', '/sys/selectTenant', { token, body: { tenantId: DEMO_TENANT_ID } });
    expect(sw.body.success).toBe(true);
    const mine = await t.call<{ tenantId: number; list: { id: number; nameEn?: string | null }[] }>(
      'GET',
      '/sys/tenant/getCurrentUserTenant',
      { token },
    );
    expect(mine.body.result.tenantId).toBe(DEMO_TENANT_ID);
    expect(mine.body.result.list.find((x) => x.id === DEMO_TENANT_ID)?.nameEn).toEqual(expect.any(String));
    const departs = await t.call<{ list: { orgCode: string }[]; orgCode: string }>(
      'GET',
      '/sys/user/getCurrentUserDeparts',
      { token },
    );
    expect(departs.body.result).toEqual({ list: [expect.objectContaining({ orgCode: 'B01' })], orgCode: 'B01' });
  });

  it('refuses an expired tenant with the spec message', async () => {
    const token = await t.login();
    await t.db.query(`UPDATE sys_tenant SET end_date = now() - interval '1 day' WHERE id = $1`, [DEMO_TENANT_ID]);
    const res = await t.call('GET', '/dashboard/analysis', {
      token,
      headers: { 'tenant-id': String(DEMO_TENANT_ID), 'accept-language': 'en-US' },
    });
    expect(res.body.message).toBe('Tenant use period ended, contact the platform administrator to renew');
    const loginThere = await t.call('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      headers: { 'tenant-id': String(DEMO_TENANT_ID) },
    });
    expect(loginThere.body).toMatchObject({ success: false, message: '租户使用期限已结束，请联系平台管理员续费' });
    await t.db.query('UPDATE sys_tenant SET end_date = NULL WHERE id = $1', [DEMO_TENANT_ID]);
  });

  it('asks a user with several departments to choose, then keeps the choice', async () => {
    const hash = await hashPassword('Multi#Pass1');
    const [u] = await t.db.query<{ id: string }>(
      `INSERT INTO sys_user (username, realname, password_hash) VALUES ('multi1', 'Multi', $1) RETURNING id`,
      [hash],
    );
    await t.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, DEMO_TENANT_ID]);
    await t.db.query(
      `INSERT INTO sys_user_depart (user_id, dep_id) SELECT $1, id FROM sys_depart WHERE org_code IN ('B01A01', 'B01A02')`,
      [u!.id],
    );
    const first = await t.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'multi1', password: 'Multi#Pass1' },
    });
    expect(first.body.result.multi_depart).toBe(2);
    expect(first.body.result.departs).toHaveLength(2);
    const token = first.body.result.token;
    const notMine = await t.call('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01', username: 'multi1' } });
    expect(notMine.body.success).toBe(false);
    const chosen = await t.call<{ userInfo: { orgCode: string } }>('PUT', '/sys/selectDepart', {
      token,
      body: { orgCode: 'B01A02', username: 'multi1' },
    });
    expect(chosen.body.result.userInfo.orgCode).toBe('B01A02');
    const second = await t.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'multi1', password: 'Multi#Pass1' },
    });
    expect(second.body.result.multi_depart).toBe(1);
  });

  it('changes the password with the spec rules and revokes other sessions', async () => {
    const hash = await hashPassword('Change#Pass1');
    const [u] = await t.db.query<{ id: string }>(
      `INSERT INTO sys_user (username, realname, password_hash) VALUES ('changer', 'Changer', $1) RETURNING id`,
      [hash],
    );
    await t.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, DEMO_TENANT_ID]);
    const other = await t.login('changer', 'Change#Pass1');
    const token = await t.login('changer', 'Change#Pass1');
    const weak = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: { username: 'changer', oldpassword: 'Change#Pass1', password: 'weakpass', confirmpassword: 'other' },
      headers: { 'accept-language': 'en-US' },
    });
    expectRefused(weak, 400);
    expect(weak.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'password', message: expect.stringMatching(/mixing digits/) },
        { field: 'confirmpassword', message: 'The two passwords do not match!' },
      ]),
    );
    const wrongOld = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: { username: 'changer', oldpassword: 'x', password: 'New#Pass12', confirmpassword: 'New#Pass12' },
    });
    expect(wrongOld.body).toMatchObject({ success: false, message: '旧密码输入错误' });
    const someoneElse = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: { username: 'admin', oldpassword: 'Change#Pass1', password: 'New#Pass12', confirmpassword: 'New#Pass12' },
    });
    expect(someoneElse.body.code).toBe(510);
    const ok = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: { username: 'changer', oldpassword: 'Change#Pass1', password: 'New#Pass12', confirmpassword: 'New#Pass12' },
    });
    expect(ok.body.success).toBe(true);
    expect((await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: other })).status).toBe(401);
    expect((await t.call('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);
    await expect(t.login('changer', 'New#Pass12')).resolves.toBeTruthy();
  });

  it('lists the fields that failed validation', async () => {
    const res = await t.call('POST', '/sys/login', {
      body: { password: 'x' },
      headers: { 'accept-language': 'en-US' },
    });
    expectRefused(res, 400);
    expect(res.body).toMatchObject({
      success: false,
      code: 400,
      message: 'Request validation failed',
      errors: [{ field: 'username', message: 'Required' }],
    });
  });
});
