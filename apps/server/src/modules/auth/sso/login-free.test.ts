import type { BrandingResult, LoginFreeLink, LoginResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, type AdminFixtures } from '../../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { parseServiceResponse } from './cas';
import { loginFreeKey, signLink } from './login-free';
import { startCasPeer, type CasPeer } from './sso-peers.fixture';

const CAS_PORT = 18526;
const SERVICE = 'http://127.0.0.1:18522/';
const OTHER_SERVICE = 'http://127.0.0.1:18522/other';

/** Login-free links, CAS validateLogin and the branding setting. */
describe('login-free links, CAS and branding', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let cas: CasPeer;
  const from = (ip: string): Record<string, string> => ({ 'x-forwarded-for': ip });
  const form = (q: URLSearchParams): string =>
    new URLSearchParams({ at: q.get('at')!, guid: q.get('guid')!, uid: q.get('uid')! }).toString();
  /** POST /sys/loginFree form-encoded, as SPEC §7 sends it. */
  const loginFree = async (
    body: string,
    ip: string,
  ): Promise<{ status: number; body: { success: boolean; code: number; message: string; result: LoginResult } }> => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/ztj-iot/sys/loginFree',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(ip) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  let userId: string;
  const issue = async (minutes = 10, token = f.admin): Promise<URLSearchParams> => {
    const res = await t.call<LoginFreeLink>('POST', '/sys/user/loginFreeLink', {
      token,
      body: { userId, minutes, target: '/yakult/index' },
    });
    expect(res.body.success).toBe(true);
    return new URLSearchParams(res.body.result.path.split('?')[1]);
  };

  beforeAll(async () => {
    cas = await startCasPeer(CAS_PORT);
    const env = { SSO_CAS_URL: `${cas.base}`, SSO_CAS_SERVICES: `${SERVICE},${OTHER_SERVICE}` };
    Object.assign(process.env, env);
    try {
      t = await createTestApp({ TRUST_PROXY: 'on' });
    } finally {
      for (const k of Object.keys(env)) delete process.env[k];
    }
    f = await adminFixtures(t);
    userId = await f.addUser(f.admin, 'wall01');
  });
  afterAll(async () => {
    await t.close();
    await cas.close();
  });

  it('an administrator issues a signed, single-use link that signs the user in once (form-encoded)', async () => {
    const q = await issue();
    expect(q.get('uid')).toBe(userId);
    expect(q.get('redirect')).toBe('/yakult/index');
    expect(q.get('at')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await loginFree(form(q), '10.6.0.1');
    expect(first.body.success).toBe(true);
    expect(first.body.result.userInfo.username).toBe('wall01');
    expect(first.body.result.userInfo.loginTenantId).toBe(PLATFORM_TENANT_ID);
    const me = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: first.body.result.token });
    expect(me.body.success).toBe(true);
    const reuse = await loginFree(form(q), '10.6.0.1');
    expect(reuse.body).toMatchObject({ success: false, message: '免登录链接无效、已使用或已过期' });
  });

  it('refuses a tampered signature, another uid and an expired link with the same answer', async () => {
    const q = await issue();
    const at = q.get('at')!;
    const tampered = new URLSearchParams(q);
    tampered.set('at', `${at.slice(0, 42)}${at.endsWith('A') ? 'B' : 'A'}`);
    expect((await loginFree(form(tampered), '10.6.1.1')).body).toMatchObject({
      success: false,
      message: '免登录链接无效、已使用或已过期',
    });
    const otherUid = new URLSearchParams(q);
    otherUid.set('uid', (await t.db.one<{ id: string }>("SELECT id FROM sys_user WHERE username = 'admin'"))!.id);
    expect((await loginFree(form(otherUid), '10.6.1.1')).body.success).toBe(false);
    // expired: the row's end moved into the past and the link signed again for it, so only the expiry refuses
    const past = new Date(Date.now() - 1000);
    await t.db.query('UPDATE sso_login_link SET expires_at = $2 WHERE guid = $1', [q.get('guid'), past]);
    const resigned = new URLSearchParams(q);
    resigned.set(
      'at',
      signLink(loginFreeKey({}, t.config.dataDir), q.get('guid')!, userId, PLATFORM_TENANT_ID, past.getTime()),
    );
    const expired = await loginFree(form(resigned), '10.6.1.1');
    expect(expired.body).toMatchObject({ success: false, message: '免登录链接无效、已使用或已过期' });
    // the untouched link still works: nothing above spent it
    await t.db.query('UPDATE sso_login_link SET expires_at = $2 WHERE guid = $1', [
      q.get('guid'),
      new Date(Date.now() + 600_000),
    ]);
    const q2 = await issue();
    expect((await loginFree(form(q2), '10.6.1.2')).body.success).toBe(true);
  });

  it('only holders of user:password issue links, for users of their own tenant', async () => {
    const viewer = await t.call('POST', '/sys/user/loginFreeLink', {
      token: f.viewer,
      body: { userId, minutes: 10, target: '/yakult/index' },
    });
    expect(viewer.body).toMatchObject({ success: false, code: 510 });
    const other = await t.call('POST', '/sys/user/loginFreeLink', {
      token: f.otherAdmin,
      body: { userId, minutes: 10, target: '/yakult/index' },
      headers: { 'tenant-id': String(DEMO_TENANT_ID) },
    });
    expect(other.body).toMatchObject({ success: false, message: '用户不存在或不属于当前租户' });
    const odd = await t.call('POST', '/sys/user/loginFreeLink', {
      token: f.admin,
      body: { userId, minutes: 7, target: 'https://evil.example/' },
    });
    expect(odd.body.success).toBe(false);
  });

  it('limits loginFree requests per client address (429)', async () => {
    const q = await issue();
    let status = 0;
    for (let i = 0; i < 11; i++) status = (await loginFree(form(q), '10.6.9.9')).status;
    expect(status).toBe(429);
  });

  it('CAS: validates the ticket at the CAS server for an allowed service; reuse, other service, unknown user refused', async () => {
    const ticket = cas.issueTicket('wall01', SERVICE);
    const ok = await t.call<LoginResult>('POST', '/sys/cas/client/validateLogin', {
      body: { ticket, service: SERVICE },
      headers: from('10.6.2.1'),
    });
    expect(ok.body.success).toBe(true);
    expect(ok.body.result.userInfo.username).toBe('wall01');
    const reuse = await t.call('POST', '/sys/cas/client/validateLogin', {
      body: { ticket, service: SERVICE },
      headers: from('10.6.2.1'),
    });
    expect(reuse.body).toMatchObject({ success: false, message: '单点登录失败，请重试' });
    const mismatch = await t.call('POST', '/sys/cas/client/validateLogin', {
      body: { ticket: cas.issueTicket('wall01', SERVICE), service: OTHER_SERVICE },
      headers: from('10.6.2.1'),
    });
    expect(mismatch.body.success).toBe(false);
    const notAllowed = await t.call('POST', '/sys/cas/client/validateLogin', {
      body: { ticket: cas.issueTicket('wall01', 'https://evil.example/'), service: 'https://evil.example/' },
      headers: from('10.6.2.1'),
    });
    expect(notAllowed.body.success).toBe(false);
    const stranger = await t.call('POST', '/sys/cas/client/validateLogin', {
      body: { ticket: cas.issueTicket('nobody-here', SERVICE), service: SERVICE },
      headers: from('10.6.2.1'),
    });
    expect(stranger.body).toMatchObject({ success: false, message: '单点登录失败，请重试' });
  });

  it('CAS answers are parsed by namespace, not by text', () => {
    const ns = 'xmlns:cas="http://www.yale.edu/tp/cas"';
    expect(
      parseServiceResponse(
        `<cas:serviceResponse ${ns}><cas:authenticationSuccess><cas:user> ann </cas:user></cas:authenticationSuccess></cas:serviceResponse>`,
      ),
    ).toEqual({ ok: true, user: 'ann' });
    expect(
      parseServiceResponse(
        `<x:serviceResponse xmlns:x="http://www.yale.edu/tp/cas"><x:authenticationSuccess><x:user>bo</x:user></x:authenticationSuccess></x:serviceResponse>`,
      ),
    ).toEqual({ ok: true, user: 'bo' });
    expect(
      parseServiceResponse(
        `<cas:serviceResponse xmlns:cas="urn:other"><cas:authenticationSuccess><cas:user>eve</cas:user></cas:authenticationSuccess></cas:serviceResponse>`,
      ).ok,
    ).toBe(false);
    expect(
      parseServiceResponse(
        `<cas:serviceResponse ${ns}><cas:authenticationFailure code="INVALID_TICKET">x</cas:authenticationFailure></cas:serviceResponse>`,
      ),
    ).toEqual({ ok: false, code: 'INVALID_TICKET' });
    expect(parseServiceResponse('<cas:serviceResponse><unclosed>')).toEqual({ ok: false, code: 'MALFORMED' });
  });

  it('branding: defaults from the tenant, saved by the tenant administrator, refused to a viewer and when malformed', async () => {
    const initial = await t.call<BrandingResult>('GET', '/sys/branding', { token: f.admin });
    expect(initial.body.result).toMatchObject({
      tenantId: PLATFORM_TENANT_ID,
      custom: false,
      nameZh: '智慧冷链平台',
      nameEn: 'ZTJ Platform',
      logo: '',
    });
    const brand = {
      nameZh: '乳品冷链监控',
      nameEn: 'Dairy Cold Chain',
      logo: 'https://cdn.example.com/logo.png',
      primaryColor: '#E60012',
      backgroundColor: '#101820',
    };
    const saved = await t.call<BrandingResult>('PUT', '/sys/branding', { token: f.admin, body: brand });
    expect(saved.body.result).toEqual({
      ...brand,
      primaryColor: '#e60012',
      tenantId: PLATFORM_TENANT_ID,
      custom: true,
    });
    expect((await t.call<BrandingResult>('GET', '/sys/branding', { token: f.viewer })).body.result.nameEn).toBe(
      'Dairy Cold Chain',
    );
    expect((await t.call('PUT', '/sys/branding', { token: f.viewer, body: brand })).body).toMatchObject({
      success: false,
      code: 510,
    });
    const bad = await t.call('PUT', '/sys/branding', {
      token: f.admin,
      body: { ...brand, primaryColor: 'red', logo: 'javascript:alert(1)' },
    });
    expect(bad.body.success).toBe(false);
    const other = await t.call<BrandingResult>('GET', '/sys/branding', {
      token: f.otherAdmin,
      headers: { 'tenant-id': String(DEMO_TENANT_ID) },
    });
    expect(other.body.result.custom).toBe(false);
  });
});
