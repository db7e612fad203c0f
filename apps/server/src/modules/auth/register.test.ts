import type { LoginResult, SliderChallenge } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { dragTrace, from, startSelfServiceFixture, type SelfServiceFixture } from './self-service.fixture';
import { SELF_SERVICE_LIMITS } from './self-service-limits';

const PASSWORD = 'New-User#2026';

describe('registration: slider token, SMS code, self-service tenant with the least role', () => {
  let f: SelfServiceFixture;
  let ipN = 0;
  /** A fresh client address per flow, so the per-address limits of one test do not reach the next. */
  const ip = (): string => `10.20.${Math.floor(ipN / 250)}.${(ipN++ % 250) + 1}`;

  const challenge = async (addr: string): Promise<string> => {
    const r = await f.t.call<SliderChallenge>('POST', '/sys/slider/challenge', { headers: from(addr) });
    expect(r.body.success).toBe(true);
    return r.body.result.token;
  };
  const verified = async (addr: string): Promise<string> => {
    const token = await challenge(addr);
    const r = await f.t.call('POST', '/sys/slider/verify', {
      body: { token, width: 260, trace: dragTrace(260) },
      headers: from(addr),
    });
    expect(r.body).toMatchObject({ success: true });
    return token;
  };
  const smsCode = async (mobile: string, addr: string): Promise<string> => {
    const before = f.sentTo(mobile);
    const r = await f.t.call('POST', '/sys/sms', { body: { mobile, purpose: 'register' }, headers: from(addr) });
    expect(r.body.success).toBe(true);
    return f.codeFor(mobile, before + 1);
  };
  const register = (body: Record<string, unknown>, addr: string, lang = 'en-US') =>
    f.t.call<{ username: string }>('POST', '/sys/user/register', {
      body: { password: PASSWORD, confirmPassword: PASSWORD, ...body },
      headers: from(addr, lang),
    });

  beforeAll(async () => {
    f = await startSelfServiceFixture({ REGISTER_TENANT_ID: String(DEMO_TENANT_ID) });
  });
  afterAll(() => f.close());

  it('registers with a verified slider token and the SMS code; the account signs in to the self-service tenant with the viewer role only', async () => {
    const addr = ip();
    expect((await f.t.call('GET', '/sys/user/registerConfig', { headers: from(addr) })).body).toMatchObject({
      success: true,
      result: { open: true },
    });
    const sliderToken = await verified(addr);
    const smsCodeValue = await smsCode('13700000001', addr);
    const r = await register(
      { username: 'new_user1', mobile: '13700000001', smsCode: smsCodeValue, sliderToken },
      addr,
    );
    expect(r.body).toMatchObject({ success: true, result: { username: 'new_user1' } });
    const login = await f.t.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'new_user1', password: PASSWORD },
      headers: from(addr),
    });
    expect(login.body.success).toBe(true);
    expect(login.body.result.userInfo).toMatchObject({
      username: 'new_user1',
      phone: '13700000001',
      loginTenantId: DEMO_TENANT_ID,
      userIdentity: 1,
    });
    const roles = await f.t.db.query<{ role_code: string; tenant_id: number }>(
      'SELECT r.role_code, r.tenant_id FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id JOIN sys_user u ON u.id = ur.user_id WHERE u.username = $1',
      ['new_user1'],
    );
    expect(roles).toEqual([{ role_code: 'viewer', tenant_id: DEMO_TENANT_ID }]);
    // the slider token was used up
    const again = await register(
      { username: 'new_user1b', mobile: '13700000001', smsCode: smsCodeValue, sliderToken },
      addr,
    );
    expect(again.body).toMatchObject({
      success: false,
      message: 'Slider verification failed or expired, drag it again',
    });
  });

  it('refuses a missing, unverified, reused or expired slider token, and a drag that is not plausible', async () => {
    const addr = ip();
    const base = { username: 'slider_user', mobile: '13700000002', smsCode: '123456' };
    expect((await register({ ...base, sliderToken: 'x'.repeat(43) }, addr)).body).toMatchObject({
      success: false,
      message: 'Slider verification failed or expired, drag it again',
    });
    const unverified = await challenge(addr);
    expect((await register({ ...base, sliderToken: unverified }, addr)).body).toMatchObject({
      success: false,
      message: 'Slider verification failed or expired, drag it again',
    });
    // an unverified token is spent by that attempt: verifying it now fails
    expect(
      (
        await f.t.call('POST', '/sys/slider/verify', {
          body: { token: unverified, width: 260, trace: dragTrace(260) },
          headers: from(addr),
        })
      ).body.success,
    ).toBe(false);
    // a teleport to the end, a drag stopping short and a too-fast drag are refused and spend the token
    for (const trace of [
      [
        { x: 0, t: 0 },
        { x: 1, t: 100 },
        { x: 2, t: 200 },
        { x: 3, t: 300 },
        { x: 260, t: 400 },
      ],
      dragTrace(200).map((p) => ({ ...p })),
      dragTrace(260, 10, 50),
    ]) {
      const token = await challenge(addr);
      const r = await f.t.call('POST', '/sys/slider/verify', {
        body: { token, width: 260, trace },
        headers: from(addr),
      });
      expect(r.body).toMatchObject({ success: false, message: 'Slider verification failed or expired, drag it again' });
      expect(
        (
          await f.t.call('POST', '/sys/slider/verify', {
            body: { token, width: 260, trace: dragTrace(260) },
            headers: from(addr),
          })
        ).body.success,
      ).toBe(false);
    }
    // a verified token used twice for verification: refused the second time
    const token = await verified(addr);
    expect(
      (
        await f.t.call('POST', '/sys/slider/verify', {
          body: { token, width: 260, trace: dragTrace(260) },
          headers: from(addr),
        })
      ).body.success,
    ).toBe(false);
    // expired: past its 2 minutes
    await f.t.db.query(`UPDATE sys_auth_ticket SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await register({ ...base, sliderToken: token }, addr)).body).toMatchObject({
      success: false,
      message: 'Slider verification failed or expired, drag it again',
    });
  });

  it('refuses a wrong SMS code, a phone that has an account (as a wrong code) and a taken user name', async () => {
    let addr = ip();
    const wrong = await register(
      { username: 'code_user', mobile: '13700000003', smsCode: '000000', sliderToken: await verified(addr) },
      addr,
      'zh-CN',
    );
    expect(wrong.body).toMatchObject({ success: false, message: '手机号或短信验证码错误' });
    // the admin's number: the register code is never sent to a number that has an account
    await f.t.db.query("UPDATE sys_user SET phone = '13700000009' WHERE username = 'admin'");
    addr = ip();
    const before = f.sentTo('13700000009');
    const sent = await f.t.call('POST', '/sys/sms', {
      body: { mobile: '13700000009', purpose: 'register' },
      headers: from(addr),
    });
    expect(sent.body).toMatchObject({ success: true, result: { resendSeconds: 60 } });
    await new Promise((r) => setTimeout(r, 200)); // a send, if any, happens after the answer
    const taken = await register(
      { username: 'phone_user', mobile: '13700000009', smsCode: '123456', sliderToken: await verified(addr) },
      addr,
    );
    expect(taken.body).toMatchObject({ success: false, message: 'Wrong mobile number or SMS code' });
    expect(f.sentTo('13700000009')).toBe(before);
    // a taken name: "user name already exists" with a field error, whichever tenant holds it
    addr = ip();
    const name = await register(
      { username: 'admin', mobile: '13700000004', smsCode: '123456', sliderToken: await verified(addr) },
      addr,
    );
    expect(name.body).toMatchObject({ success: false, message: 'User name already exists' });
  });

  it('checks the SPEC §5 rules: user name, password strength, confirmation, mobile', async () => {
    const addr = ip();
    const sliderToken = 'y'.repeat(43);
    const cases: Record<string, unknown>[] = [
      { username: 'ab', mobile: '13700000005' },
      { username: 'good_name', mobile: '13700000005', password: 'weakpass', confirmPassword: 'weakpass' },
      { username: 'good_name', mobile: '13700000005', confirmPassword: 'Other-Pass#1' },
      { username: 'good_name', mobile: '12700000005' },
    ];
    for (const c of cases) {
      const r = await register({ smsCode: '123456', sliderToken, ...c }, addr);
      expect(r.body.success).toBe(false);
      expect(r.body.code).toBe(400);
    }
  });

  it('limits register requests per phone (any address) and per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SELF_SERVICE_LIMITS.registerPerPhone; i++) {
      statuses.push(
        (
          await register(
            { username: `lim_${i}x`, mobile: '13700000006', smsCode: '123456', sliderToken: 'z'.repeat(43) },
            ip(),
          )
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    const addr = ip();
    const byAddress: number[] = [];
    for (let i = 0; i <= SELF_SERVICE_LIMITS.registerPerAddress; i++) {
      byAddress.push(
        (
          await register(
            { username: `adr_${i}x`, mobile: `1370000010${i % 10}`, smsCode: '123456', sliderToken: 'z'.repeat(43) },
            addr,
          )
        ).status,
      );
    }
    expect(byAddress.at(-1)).toBe(429);
    expect(byAddress.slice(0, -1).every((s) => s !== 429)).toBe(true);
  });
});

describe('registration closed (no REGISTER_TENANT_ID)', () => {
  let f: SelfServiceFixture;
  beforeAll(async () => {
    f = await startSelfServiceFixture({ REGISTER_TENANT_ID: '' });
  });
  afterAll(() => f.close());

  it('says so in the config and refuses the call', async () => {
    expect((await f.t.call('GET', '/sys/user/registerConfig')).body).toMatchObject({ result: { open: false } });
    const r = await f.t.call('POST', '/sys/user/register', {
      body: {
        username: 'closed_user',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        mobile: '13700000007',
        smsCode: '123456',
        sliderToken: 'q'.repeat(43),
      },
      headers: from('10.30.0.1'),
    });
    expect(r.body).toMatchObject({
      success: false,
      message: 'Registration is not open on this platform, contact the platform administrator',
    });
  });
});
