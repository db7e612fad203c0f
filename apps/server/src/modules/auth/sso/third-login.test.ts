import crypto from 'node:crypto';
import type { LoginResult, SsoConfig, ThirdLoginResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../../test/test-app';
import { hashSmsCode } from '../sms-code.service';
import { oidcBrowserLogin, startOidcPeer, startWeChatPeer, type OidcPeer, type WeChatPeer } from './sso-peers.fixture';
import { wechatIdentity } from './oauth-clients';

const PUBLIC = 'http://127.0.0.1:18522';
const OIDC_PORT = 18523;
const WECHAT_PORT = 18524;
const CLIENT = {
  clientId: 'ztj-console',
  clientSecret: 'oidc-test-secret-0123456789',
  redirectUri: `${PUBLIC}/ztj-iot/sys/thirdLogin/callback/2`,
};
const WECHAT = {
  appid: 'wx0123456789abcdef',
  secret: 'wechat-secret-0123456789abcdef01',
  openid: 'o-wx-user-1',
  nickname: '冷链小王',
};

/** Third-party login end to end over the real OIDC provider and the WeChat peer. */
describe('third-party login: OIDC (oidc-provider, PKCE S256) and WeChat', () => {
  let t: TestApp;
  let oidc: OidcPeer;
  let wechat: WeChatPeer;
  const env = {
    SSO_PUBLIC_URL: PUBLIC,
    SSO_OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
    SSO_OIDC_CLIENT_ID: CLIENT.clientId,
    SSO_OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    SSO_OIDC_NAME: 'Corp SSO',
    SSO_WECHAT_APPID: WECHAT.appid,
    SSO_WECHAT_SECRET: WECHAT.secret,
    SSO_WECHAT_OPEN_BASE: `http://127.0.0.1:${WECHAT_PORT}`,
    SSO_WECHAT_API_BASE: `http://127.0.0.1:${WECHAT_PORT}`,
  };
  const from = (ip: string): Record<string, string> => ({ 'x-forwarded-for': ip });

  beforeAll(async () => {
    oidc = await startOidcPeer(OIDC_PORT, CLIENT);
    wechat = await startWeChatPeer(WECHAT_PORT, WECHAT);
    Object.assign(process.env, env);
    try {
      t = await createTestApp({ TRUST_PROXY: 'on' });
    } finally {
      for (const k of Object.keys(env)) delete process.env[k];
    }
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
    await wechat.close();
  });

  /** render → provider → callback: the Location the callback answers. */
  async function roundTrip(
    source: string,
    opts: { redirect?: string; ip: string; ua?: string; beforeLogin?: () => Promise<void>; login?: string },
  ): Promise<URL> {
    const render = await t.fastify.inject({
      url: `/ztj-iot/sys/thirdLogin/render/${source}${opts.redirect ? `?redirect=${encodeURIComponent(opts.redirect)}` : ''}`,
      headers: { ...from(opts.ip), ...(opts.ua ? { 'user-agent': opts.ua } : {}) },
    });
    expect(render.statusCode).toBe(302);
    const authorize = render.headers.location as string;
    await opts.beforeLogin?.();
    let callback: string;
    if (source === 'oidc') callback = await oidcBrowserLogin(authorize, opts.login ?? 'alice');
    else callback = (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!;
    expect(callback.startsWith(`${PUBLIC}/ztj-iot/sys/thirdLogin/callback/`)).toBe(true);
    const done = await t.fastify.inject({ url: callback.slice(PUBLIC.length), headers: from(opts.ip) });
    expect(done.statusCode).toBe(302);
    return new URL((done.headers.location as string).replace('/#/', '/'));
  }

  it('lists the configured providers for the login page', async () => {
    const res = await t.call<SsoConfig>('GET', '/sys/thirdLogin/config');
    expect(res.body.result).toEqual({
      providers: [
        { type: 1, name: 'WeChat' },
        { type: 2, name: 'Corp SSO' },
      ],
      cas: null,
    });
  });

  it('OIDC: authorization code with state and PKCE S256; an unbound identity binds by password, then signs in directly', async () => {
    const render = await t.fastify.inject({
      url: '/ztj-iot/sys/thirdLogin/render/oidc?redirect=/yakult/index',
      headers: from('10.5.0.1'),
    });
    const authorize = new URL(render.headers.location as string);
    expect(authorize.origin).toBe(`http://127.0.0.1:${OIDC_PORT}`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(CLIENT.redirectUri);

    const landing = await roundTrip('oidc', { redirect: '/yakult/index', ip: '10.5.0.1' });
    expect(landing.origin).toBe(PUBLIC);
    expect(landing.searchParams.get('thirdType')).toBe('2');
    expect(landing.searchParams.get('redirect')).toBe('/yakult/index');
    const token = landing.searchParams.get('thirdToken')!;
    const first = await t.call<ThirdLoginResult>('GET', `/sys/thirdLogin/getLoginUser/${token}/2`);
    expect(first.body.result).toEqual({ status: 'bind', displayName: 'OIDC alice' });

    const wrong = await t.call('POST', '/sys/thirdLogin/bind', {
      body: { method: 'password', token, thirdType: 2, username: 'admin', password: 'wrong' },
      headers: from('10.5.0.2'),
    });
    expect(wrong.body).toMatchObject({ success: false, message: '用户名或密码错误' });
    const bound = await t.call<LoginResult>('POST', '/sys/thirdLogin/bind', {
      body: { method: 'password', token, thirdType: 2, username: 'admin', password: ADMIN_PASSWORD },
      headers: from('10.5.0.2'),
    });
    expect(bound.body.success).toBe(true);
    expect(bound.body.result.userInfo.username).toBe('admin');
    // the hand-over token is spent
    const again = await t.call('GET', `/sys/thirdLogin/${token}/2`);
    expect(again.body).toMatchObject({ success: false, message: '第三方登录已失效，请重新登录' });

    const next = await roundTrip('oidc', { ip: '10.5.0.3' });
    expect(next.searchParams.get('redirect')).toBeNull();
    const signed = await t.call<ThirdLoginResult>('GET', `/sys/thirdLogin/${next.searchParams.get('thirdToken')}/2`);
    expect(signed.body.result.status).toBe('signedIn');
    // the login result's fields at the top, as JeecgBoot clients read result.token / result.userInfo
    const login = signed.body.result as LoginResult & { status: 'signedIn' };
    expect(login.userInfo.username).toEqual(expect.any(String));
    const me = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: login.token });
    expect(me.body.success).toBe(true);
  });

  it('refuses a wrong or replayed state and a wrong PKCE verifier (the provider refuses the code)', async () => {
    const render = await t.fastify.inject({ url: '/ztj-iot/sys/thirdLogin/render/oidc', headers: from('10.5.1.1') });
    const callback = new URL(await oidcBrowserLogin(render.headers.location as string, 'bob'));
    const forged = new URL(callback);
    forged.searchParams.set('state', crypto.randomBytes(32).toString('base64url'));
    const bad = await t.fastify.inject({ url: `${forged.pathname}${forged.search}`, headers: from('10.5.1.1') });
    expect(bad.headers.location).toBe(`${PUBLIC}/#/user/login?thirdError=1`);
    const good = await t.fastify.inject({ url: `${callback.pathname}${callback.search}`, headers: from('10.5.1.1') });
    expect(good.headers.location).toContain('thirdToken=');
    const replay = await t.fastify.inject({ url: `${callback.pathname}${callback.search}`, headers: from('10.5.1.1') });
    expect(replay.headers.location).toBe(`${PUBLIC}/#/user/login?thirdError=1`);

    const before = oidc.errors.length;
    const landing = await roundTrip('oidc', {
      ip: '10.5.1.2',
      beforeLogin: () =>
        t.db
          .query('UPDATE sso_oauth_state SET code_verifier = $1', [crypto.randomBytes(48).toString('base64url')])
          .then(() => undefined),
    });
    expect(landing.searchParams.get('thirdError')).toBe('1');
    expect(oidc.errors.slice(before)).toContain('invalid_grant');
  });

  it('keeps redirects on the console: a foreign return path is dropped', async () => {
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/user/login?redirect=x']) {
      const landing = await roundTrip('oidc', { redirect: evil, ip: '10.5.2.1', login: 'carol' });
      expect(landing.origin).toBe(PUBLIC);
      expect(landing.searchParams.get('redirect')).toBeNull();
    }
  });

  it('refuses an expired hand-over token', async () => {
    const landing = await roundTrip('oidc', { ip: '10.5.3.1', login: 'dave' });
    await t.db.query("UPDATE sso_handoff SET expires_at = now() - interval '1 second'");
    const res = await t.call('GET', `/sys/thirdLogin/getLoginUser/${landing.searchParams.get('thirdToken')}/2`);
    expect(res.body).toMatchObject({ success: false, message: '第三方登录已失效，请重新登录' });
  });

  it('WeChat: QR login request as documented, code exchange checked by the peer, binding by SMS code', async () => {
    const landing = await roundTrip('wechat_enterprise', { ip: '10.5.4.1' });
    const authorize = wechat.requests.find((r) => r.startsWith('/connect/qrconnect'))!;
    const q = new URL(authorize, 'http://x').searchParams;
    expect([...q.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(q.get('scope')).toBe('snsapi_login');
    expect(q.get('redirect_uri')).toBe(`${PUBLIC}/ztj-iot/sys/thirdLogin/callback/1`);
    const exchange = new URL(
      wechat.requests.find((r) => r.startsWith('/sns/oauth2/access_token'))!,
      'http://x',
    ).searchParams;
    expect(Object.fromEntries(exchange)).toMatchObject({
      appid: WECHAT.appid,
      secret: WECHAT.secret,
      grant_type: 'authorization_code',
    });
    expect(wechat.requests.some((r) => r.startsWith('/sns/userinfo?access_token='))).toBe(true);

    const token = landing.searchParams.get('thirdToken')!;
    expect((await t.call<ThirdLoginResult>('GET', `/sys/thirdLogin/getLoginUser/${token}/1`)).body.result).toEqual({
      status: 'bind',
      displayName: '冷链小王',
    });
    // a login code for the admin's number, as the SMS service stores it
    const phone = '13800138521';
    await t.db.query('UPDATE sys_user SET phone = $1 WHERE username = $2', [phone, 'admin']);
    const salt = crypto.randomBytes(16).toString('hex');
    await t.db.query(
      `INSERT INTO sys_sms_code (phone, purpose, code_salt, code_hash, expires_at, created_at, client_ip) VALUES ($1, 'login', $2, $3, now() + interval '5 minutes', now(), '10.5.4.1')`,
      [phone, salt, hashSmsCode(salt, phone, 'login', '246810')],
    );
    const bound = await t.call<LoginResult>('POST', '/sys/thirdLogin/bind', {
      body: { method: 'sms', token, thirdType: 1, mobile: phone, captcha: '246810' },
      headers: from('10.5.4.2'),
    });
    expect(bound.body.success).toBe(true);
    // a second sign-in by the same WeChat user goes straight in
    const next = await roundTrip('wechat', { ip: '10.5.4.3' });
    const signed = await t.call<ThirdLoginResult>(
      'GET',
      `/sys/thirdLogin/getLoginUser/${next.searchParams.get('thirdToken')}/1`,
    );
    expect(signed.body.result.status).toBe('signedIn');
  });

  it('WeChat client: a wrong secret or a used code is refused with WeChat errcodes', async () => {
    const cfg = { web: undefined, mp: undefined, openBase: wechat.base, apiBase: wechat.base };
    await expect(
      wechatIdentity(cfg, { appid: WECHAT.appid, secret: 'nope', scope: 'snsapi_login' }, wechat.issueCode('o-1', 'x')),
    ).rejects.toThrow(/40125/);
    const code = wechat.issueCode('o-2', 'y', 'u-2');
    const app = { appid: WECHAT.appid, secret: WECHAT.secret, scope: 'snsapi_login' as const };
    expect(await wechatIdentity(cfg, app, code)).toEqual({ subject: 'union:u-2', displayName: 'y' });
    await expect(wechatIdentity(cfg, app, code)).rejects.toThrow(/40029/);
  });

  it('limits requests per client address (429)', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (
        await t.fastify.inject({
          url: '/ztj-iot/sys/thirdLogin/getLoginUser/' + 'a'.repeat(43) + '/2',
          headers: from('10.5.9.9'),
        })
      ).statusCode;
    expect(last).toBe(429);
  });
});
