import type { LoginResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken, hashToken } from '../../src/platform/auth/tokens';
import { startSelfServiceFixture, type SelfServiceFixture } from '../../src/modules/auth/self-service.fixture';
import { startCasPeer, type CasPeer } from '../../src/modules/auth/sso/sso-peers.fixture';
import { adminFixtures, type AdminFixtures } from '../admin-fixtures';
import { expectReplayed } from './calls';
import { jeecgClient, type JeecgClient } from './client';

const CAS_PORT = 18536;
const SERVICE = 'http://127.0.0.1:18532/';
const PHONE = '13911112222';

/**
 * JeecgBoot's sign-in family as its Login.vue, store (user.js: Login, PhoneLogin, ThirdLogin,
 * ValidateLogin, Logout) and department-select dialog call it: the answer shapes its
 * store reads (result.token, result.userInfo).
 */
describe('JeecgBoot client: sign-in family', () => {
  let f: SelfServiceFixture;
  let cas: CasPeer;
  let a: AdminFixtures;
  let anon: JeecgClient;
  let user: JeecgClient;
  const clients: JeecgClient[] = [];
  beforeAll(async () => {
    cas = await startCasPeer(CAS_PORT);
    f = await startSelfServiceFixture({ SSO_CAS_URL: cas.base, SSO_CAS_SERVICES: SERVICE });
    a = await adminFixtures(f.t);
    await a.addUser(a.admin, 'jclogin', {
      phone: PHONE,
      selecteddeparts: `${await a.departId('A01A01')},${await a.departId('A01A02')}`,
    });
    anon = jeecgClient(f.t, '');
    clients.push(anon);
  });
  afterAll(async () => {
    await f.close();
    await cas.close();
  });

  const signedIn = (r: LoginResult | undefined, username: string): string => {
    expect(r?.userInfo.username).toBe(username);
    expect(r?.token).toEqual(expect.any(String));
    return r!.token;
  };

  it('gets the image captcha under a timestamp key and signs in with the password form', async () => {
    const key = Date.now();
    const image = await anon.get<string>(`/sys/randomImage/${key}`);
    expect(image.body.result).toMatch(/^data:image\//);
    const login = await anon.post<LoginResult>('/sys/login', {
      username: 'jclogin',
      password: 'Fixture#2026a',
      captcha: '',
      checkKey: key,
      remember_me: true,
    });
    user = jeecgClient(f.t, signedIn(login.body.result, 'jclogin'));
    clients.push(user);
  });

  it('sends the SMS code with smsmode and signs in with phoneLogin (mobile, captcha)', async () => {
    const sent = await anon.post('/sys/sms', { mobile: PHONE, smsmode: '0' });
    expect(sent.body.success).toBe(true);
    const code = await f.codeFor(PHONE, 1);
    const res = await anon.post<LoginResult>('/sys/phoneLogin', { mobile: PHONE, captcha: code, remember_me: true });
    signedIn(res.body.result, 'jclogin');
    expect((await anon.post('/sys/phoneLogin', { mobile: PHONE, captcha: code })).body.success).toBe(false);
    // smsmode 2 (forgotten password) issues a recovery code, which does not sign in
    await a.addUser(a.admin, 'jclogin2', { phone: '13911113333' });
    expect((await anon.post('/sys/sms', { mobile: '13911113333', smsmode: '2' })).body.success).toBe(true);
    const recovery = await f.codeFor('13911113333', 1);
    expect((await anon.post('/sys/phoneLogin', { mobile: '13911113333', captcha: recovery })).body.success).toBe(false);
    const bad = await anon.post('/sys/sms', { mobile: '123', smsmode: '0' });
    expect(bad.body).toMatchObject({ success: false, code: 400 });
  });

  it('answers thirdLogin/getLoginUser with token and userInfo at the top of result (a bound identity)', async () => {
    const userId = (await f.t.db.one<{ id: string }>("SELECT id FROM sys_user WHERE username = 'jclogin'"))!.id;
    await f.t.db.query(
      "INSERT INTO sso_identity (provider_type, subject, user_id, display_name) VALUES (2, 'oidc-jclogin', $1, 'JC')",
      [userId],
    );
    const token = newToken();
    await f.t.db.query(
      "INSERT INTO sso_handoff (token_hash, provider_type, subject, display_name, expires_at) VALUES ($1, 2, 'oidc-jclogin', 'JC', now() + interval '5 minutes')",
      [hashToken(token)],
    );
    const res = await anon.get<LoginResult & { status: string }>(`/sys/thirdLogin/getLoginUser/${token}/2`);
    expect(res.body.result.status).toBe('signedIn');
    signedIn(res.body.result, 'jclogin');
    expect((await anon.get(`/sys/thirdLogin/getLoginUser/${token}/2`)).body.success).toBe(false);
  });

  it("validates a CAS ticket with GET ticket/service as the store's ValidateLogin does", async () => {
    const ticket = cas.issueTicket('jclogin', SERVICE);
    const res = await anon.get<LoginResult>('/sys/cas/client/validateLogin', { ticket, service: SERVICE });
    signedIn(res.body.result, 'jclogin');
    expect((await anon.get('/sys/cas/client/validateLogin', { ticket, service: SERVICE })).body.success).toBe(false);
    expect(
      (
        await anon.get('/sys/cas/client/validateLogin', {
          ticket: cas.issueTicket('jclogin', 'https://evil.example/'),
          service: 'https://evil.example/',
        })
      ).body.success,
    ).toBe(false);
  });

  it('loads permissions, chooses the department and signs out', async () => {
    const perms = await user.get<{ menu: unknown[]; auth: unknown[]; allAuth: unknown[] }>(
      '/sys/permission/getUserPermissionByToken',
    );
    expect(perms.body.result).toMatchObject({
      menu: expect.any(Array),
      auth: expect.any(Array),
      allAuth: expect.any(Array),
    });
    const departs = await user.get<{ list: { orgCode: string }[]; orgCode: string | null }>(
      '/sys/user/getCurrentUserDeparts',
    );
    expect(departs.body.result.list.length).toBe(2);
    const chosen = departs.body.result.list[1]!.orgCode;
    const sel = await user.put<{ userInfo: { orgCode: string } }>('/sys/selectDepart', {
      orgCode: chosen,
      username: 'jclogin',
    });
    expect(sel.body.result.userInfo.orgCode).toBe(chosen);
    expect((await user.post('/sys/logout')).body.success).toBe(true);
    expect((await user.get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
  });

  it('replays every call listed as working', () => {
    expectReplayed('login', ...clients);
  });
});
