import { timingSafeEqual } from 'node:crypto';
import type { LoginResult, SmsSendResult } from '@ztj/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startAliyunSmsPeer, type AliyunSmsPeer } from '../../platform/notify/aliyun-sms.fixture';
import { SIGN_IN_POLICY } from './sign-in-throttle';
import { smsCodeSenderFromEnv } from './sms-code-sender';
import { SMS_CODE_POLICY, SmsCodeService, type SmsCodeLog } from './sms-code.service';

// Spy on the constant-time comparison (the real function still answers).
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, default: actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const ACCOUNT = {
  accessKeyId: 'LTAI-test-key',
  accessKeySecret: 'test-secret',
  signName: '中通集',
  templateCode: 'SMS_CODE_1',
};
/** The push channel's variables plus the code template, pointed at the local provider. */
function smsEnv(peer: AliyunSmsPeer): Record<string, string> {
  return {
    ALIYUN_SMS_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: ACCOUNT.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: ACCOUNT.signName,
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_ALARM_1',
    ALIYUN_SMS_ENDPOINT: peer.base,
    ALIYUN_SMS_CODE_TEMPLATE_CODE: ACCOUNT.templateCode,
  };
}

const KNOWN = '13800000001';
const UNKNOWN = '13900000009';
const silentLog: SmsCodeLog = { warn: () => {}, error: () => {} };

describe('SMS code service (clock injected, codes through the SMS channel to the local provider)', () => {
  let t: TestApp;
  let peer: AliyunSmsPeer;
  let clock = Date.parse('2026-03-01T08:00:00Z');
  let svc: SmsCodeService;
  const codeSentTo = (phone: string): string => peer.sent.filter((m) => m.phone === phone).at(-1)!.template.value!;

  beforeAll(async () => {
    t = await createTestApp();
    peer = await startAliyunSmsPeer(ACCOUNT);
    await t.db.query('UPDATE sys_user SET phone = $1 WHERE username = $2', [KNOWN, 'admin']);
    svc = new SmsCodeService(t.db, {
      sender: smsCodeSenderFromEnv(smsEnv(peer)),
      demo: false,
      log: silentLog,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });
  beforeEach(async () => {
    await svc.idle();
    clock += 86_400_000; // a new day: caps and resend waits start over
    await t.db.query('DELETE FROM sys_sms_code');
  });

  it('sends a 6-digit code stored only as a salted hash; right once, then refused (single use)', async () => {
    const r = await svc.issue(KNOWN, 'login', '10.0.0.1');
    expect(r).toEqual({ demoCodeInLog: false, resendSeconds: 60 });
    await svc.idle();
    const code = codeSentTo(KNOWN);
    expect(code).toMatch(/^\d{6}$/);
    expect(peer.sent.at(-1)!.params.TemplateCode).toBe('SMS_CODE_1');
    const rows = await t.db.query<{ code_hash: string; code_salt: string }>(
      'SELECT code_hash, code_salt FROM sys_sms_code',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(await svc.verify(KNOWN, 'register', code)).toBe(false); // another purpose
    expect(await svc.verify(KNOWN, 'login', code)).toBe(true);
    expect(await svc.verify(KNOWN, 'login', code)).toBe(false);
  });

  it('compares code hashes with crypto.timingSafeEqual', async () => {
    await svc.issue(KNOWN, 'login', '10.0.0.1');
    await svc.idle();
    vi.mocked(timingSafeEqual).mockClear();
    expect(await svc.verify(KNOWN, 'login', '000000' === codeSentTo(KNOWN) ? '111111' : '000000')).toBe(false);
    expect(vi.mocked(timingSafeEqual)).toHaveBeenCalledTimes(1);
    // no code at all: the same comparison still happens
    vi.mocked(timingSafeEqual).mockClear();
    expect(await svc.verify(UNKNOWN, 'recovery', '123456')).toBe(false);
    expect(vi.mocked(timingSafeEqual)).toHaveBeenCalledTimes(1);
  });

  it('a code expires 5 minutes after it was issued', async () => {
    await svc.issue(KNOWN, 'login', '10.0.0.1');
    await svc.idle();
    const code = codeSentTo(KNOWN);
    clock += SMS_CODE_POLICY.ttlMs;
    expect(await svc.verify(KNOWN, 'login', code)).toBe(false);
    await svc.issue(KNOWN, 'login', '10.0.0.1');
    await svc.idle();
    const fresh = codeSentTo(KNOWN);
    clock += SMS_CODE_POLICY.ttlMs - 1;
    expect(await svc.verify(KNOWN, 'login', fresh)).toBe(true);
  });

  it('refuses a second code to one number within 60 s, whatever the purpose, then allows it', async () => {
    await svc.issue(KNOWN, 'login', '10.0.0.1');
    clock += 59_000;
    await expect(svc.issue(KNOWN, 'recovery', '10.0.0.2')).rejects.toMatchObject({
      messageKey: 'smsResendWait',
      params: { seconds: 1 },
    });
    clock += 1_000;
    await expect(svc.issue(KNOWN, 'recovery', '10.0.0.2')).resolves.toMatchObject({ resendSeconds: 60 });
  });

  it('a newer code replaces the older one', async () => {
    await svc.issue(KNOWN, 'login', '10.0.0.1');
    await svc.idle();
    const first = codeSentTo(KNOWN);
    clock += 60_000;
    await svc.issue(KNOWN, 'login', '10.0.0.1');
    await svc.idle();
    const second = codeSentTo(KNOWN);
    if (first !== second) expect(await svc.verify(KNOWN, 'login', first)).toBe(false);
    expect(await svc.verify(KNOWN, 'login', second)).toBe(true);
  });

  it('5 wrong attempts void the code, even the right one afterwards', async () => {
    await svc.issue(KNOWN, 'login', '10.0.0.1');
    await svc.idle();
    const code = codeSentTo(KNOWN);
    const wrong = code === '999999' ? '000000' : '999999';
    for (let i = 0; i < SMS_CODE_POLICY.maxAttempts; i++) expect(await svc.verify(KNOWN, 'login', wrong)).toBe(false);
    expect(await svc.verify(KNOWN, 'login', code)).toBe(false);
  });

  it('caps codes per number and per client address in 24 hours', async () => {
    for (let i = 0; i < SMS_CODE_POLICY.perPhonePerDay; i++) {
      await svc.issue(UNKNOWN, 'login', `10.1.0.${i}`);
      clock += 60_000;
    }
    await expect(svc.issue(UNKNOWN, 'login', '10.1.1.1')).rejects.toMatchObject({ messageKey: 'smsDailyLimit' });
    clock += 86_400_000 - SMS_CODE_POLICY.perPhonePerDay * 60_000;
    await expect(svc.issue(UNKNOWN, 'login', '10.1.1.1')).resolves.toBeDefined();

    for (let i = 0; i < SMS_CODE_POLICY.perAddressPerDay; i++)
      await svc.issue(`1380000${String(1000 + i)}`, 'register', '10.2.0.1');
    await expect(svc.issue('13700000000', 'register', '10.2.0.1')).rejects.toMatchObject({
      messageKey: 'smsDailyLimit',
    });
    await expect(svc.issue('13700000000', 'register', '10.2.0.2')).resolves.toBeDefined();
  });

  it('answers the same for a number without an account but sends nothing (login, recovery), and the reverse for register', async () => {
    const before = peer.sent.length;
    const known = await svc.issue(KNOWN, 'login', '10.0.0.1');
    const unknown = await svc.issue(UNKNOWN, 'login', '10.0.0.1');
    await svc.idle();
    expect(unknown).toEqual(known);
    expect(peer.sent.slice(before).map((m) => m.phone)).toEqual([KNOWN]);
    clock += 60_000;
    expect(await svc.issue(KNOWN, 'register', '10.0.0.1')).toEqual(known);
    expect(await svc.issue(UNKNOWN, 'register', '10.0.0.1')).toEqual(known);
    await svc.idle();
    expect(peer.sent.slice(before).map((m) => m.phone)).toEqual([KNOWN, UNKNOWN]);
  });

  it('DEMO mode without a provider writes the code to the log at warn level and says so', async () => {
    const warn = vi.fn();
    const demo = new SmsCodeService(t.db, {
      sender: null,
      demo: true,
      log: { warn, error: () => {} },
      now: () => clock,
    });
    expect(demo.mode).toBe('demoLog');
    expect(await demo.issue(KNOWN, 'login', '10.0.0.1')).toEqual({ demoCodeInLog: true, resendSeconds: 60 });
    expect(warn).toHaveBeenCalledTimes(1);
    const line = warn.mock.calls[0]![1] as string;
    const code = /is (\d{6})/.exec(line)![1]!;
    expect(line).toContain('DEMO mode, no SMS provider: SMS code for 138****0001 (login)');
    expect(await demo.verify(KNOWN, 'login', code)).toBe(true);
    const off = new SmsCodeService(t.db, { sender: null, demo: false, log: { warn, error: () => {} } });
    expect(off.mode).toBe('off');
    await expect(off.issue(KNOWN, 'login', '10.0.0.1')).rejects.toMatchObject({ messageKey: 'smsNotConfigured' });
  });
});

describe('POST /sys/sms and /sys/phoneLogin', () => {
  let t: TestApp;
  let peer: AliyunSmsPeer;
  const saved = { ...process.env };
  const from = (ip: string, lang = 'en-US'): Record<string, string> => ({
    'x-forwarded-for': ip,
    'accept-language': lang,
  });
  const lastCode = (phone: string): string => peer.sent.filter((m) => m.phone === phone).at(-1)!.template.value!;
  const send = (
    mobile: string,
    ip: string,
  ): Promise<{ status: number; body: { success: boolean; message: string; result: SmsSendResult } }> =>
    t.call<SmsSendResult>('POST', '/sys/sms', { body: { mobile, purpose: 'login' }, headers: from(ip) });
  /** Waits (bounded) until the provider has the code for `phone`: the send happens after the answer. */
  const codeFor = async (phone: string, count: number): Promise<string> => {
    for (let i = 0; i < 100 && peer.sent.filter((m) => m.phone === phone).length < count; i++)
      await new Promise((r) => setTimeout(r, 20));
    return lastCode(phone);
  };

  beforeAll(async () => {
    peer = await startAliyunSmsPeer(ACCOUNT);
    Object.assign(process.env, smsEnv(peer));
    t = await createTestApp({ TRUST_PROXY: 'on' });
    await t.db.query('UPDATE sys_user SET phone = $1 WHERE username = $2', [KNOWN, 'admin']);
  });
  afterAll(async () => {
    process.env = saved;
    await t.close();
    await peer.close();
  });

  it('signs in with the SMS code: the password login result, and the code works once', async () => {
    const sent = await send(KNOWN, '10.3.0.1');
    expect(sent.body).toMatchObject({ success: true, result: { demoCodeInLog: false, resendSeconds: 60 } });
    const code = await codeFor(KNOWN, 1);
    const res = await t.call<LoginResult>('POST', '/sys/phoneLogin', {
      body: { mobile: KNOWN, captcha: code },
      headers: from('10.3.0.1'),
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.result.userInfo).toMatchObject({ username: 'admin', phone: KNOWN });
    expect(res.body.result.tenantList.length).toBeGreaterThan(0);
    const perm = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: res.body.result.token });
    expect(perm.status).toBe(200);
    const again = await t.call('POST', '/sys/phoneLogin', {
      body: { mobile: KNOWN, captcha: code },
      headers: from('10.3.0.1'),
    });
    expect(again.body).toMatchObject({ success: false, message: 'Wrong mobile number or SMS code' });
  });

  it('an unknown number answers exactly as a known one, and its login fails as a wrong code does', async () => {
    const a = await send(UNKNOWN, '10.4.0.1');
    expect(a.body).toMatchObject({ success: true, result: { demoCodeInLog: false, resendSeconds: 60 } });
    const wrong = await t.call('POST', '/sys/phoneLogin', {
      body: { mobile: UNKNOWN, captcha: '123456' },
      headers: from('10.4.0.1', 'zh-CN'),
    });
    expect(wrong.body).toMatchObject({ success: false, message: '手机号或短信验证码错误' });
    expect(peer.sent.some((m) => m.phone === UNKNOWN)).toBe(false);
    const resend = await send(UNKNOWN, '10.4.0.2');
    expect(resend.body).toMatchObject({ success: false });
    expect(resend.body.message).toMatch(/^A code was just sent, ask again in \d+ seconds$/);
  });

  it('validates the number (SPEC §5) and the code format', async () => {
    const bad = await t.call('POST', '/sys/sms', { body: { mobile: '12345' }, headers: from('10.5.0.1') });
    expect(bad.body.success).toBe(false);
    const badCode = await t.call('POST', '/sys/phoneLogin', {
      body: { mobile: KNOWN, captcha: '12ab' },
      headers: from('10.5.0.1'),
    });
    expect(badCode.body.success).toBe(false);
  });

  it('limits sends per number (429 from the 4th request in a minute, any address)', async () => {
    const phone = '13500000005';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(phone, `10.6.0.${i}`)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });

  it('limits sends per client address (429 past 10 a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_POLICY.smsRequestsPerMinute + 1; i++)
      statuses.push((await send(`1350000${String(1000 + i)}`, '10.7.0.1')).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
  });

  it('wrong codes cool the client down on that number without touching the password sign-in', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < SIGN_IN_POLICY.pairCooldownAfter; i++) {
      const r = await t.call('POST', '/sys/phoneLogin', {
        body: { mobile: KNOWN, captcha: '000001' },
        headers: from(ip),
      });
      expect(r.body.message).toBe('Wrong mobile number or SMS code');
    }
    const cooled = await t.call('POST', '/sys/phoneLogin', {
      body: { mobile: KNOWN, captcha: '000001' },
      headers: from(ip),
    });
    expect(cooled.status).toBe(429);
    // the same client still signs in with the password, without a captcha (other counters)
    expect(await t.login('admin', undefined, { 'x-forwarded-for': ip })).toMatch(/^[\w-]{43}$/);
  });

  it('limits phone sign-in requests per number (one account) from all addresses', async () => {
    const phone = '13500000077';
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_POLICY.phoneLoginRequestsPerPhonePerMinute + 1; i++) {
      statuses.push(
        (
          await t.call('POST', '/sys/phoneLogin', {
            body: { mobile: phone, captcha: '000001' },
            headers: from(`10.9.0.${i}`),
          })
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  });
});

describe('without an SMS provider and DEMO off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the send answers "SMS is not configured"', async () => {
    const r = await t.call('POST', '/sys/sms', {
      body: { mobile: KNOWN, purpose: 'login' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(r.body).toMatchObject({ success: false, message: 'SMS is not configured' });
    const zh = await t.call('POST', '/sys/sms', { body: { mobile: KNOWN } });
    expect(zh.body.message).toBe('短信服务未配置');
  });
});
