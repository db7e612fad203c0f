import type { LoginResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app';
import { captchaStore, CaptchaStore } from '../modules/auth/captcha.service';
import { SIGN_IN_POLICY, accountDelayMs, pairCooldownMs } from '../modules/auth/sign-in-throttle';
import { HashGate, passwordHashGate } from '../platform/auth/hash-gate';
import { AppError } from '../platform/http/app-error';
import { expectRefused } from '../../test/refusal';

/**
 * Sign-in abuse: five wrong passwords from a stranger locked the real
 * `admin` for 10 minutes on every path; captcha images were issued without limit, a database
 * row each; parallel wrong sign-ins saturated the process with scrypt.
 */
const from = (ip: string, extra: Record<string, string> = {}): Record<string, string> => ({
  'x-forwarded-for': ip,
  ...extra,
});

describe('the client address behind a proxy', () => {
  it('by default ignores X-Forwarded-For: a client rotating the header stays cooled down', async () => {
    const t = await createTestApp();
    try {
      const tries = [];
      for (let i = 0; i < SIGN_IN_POLICY.pairCooldownAfter + 1; i++) {
        tries.push(
          await t.call('POST', '/sys/login', {
            body: { username: 'admin', password: 'Wrong#Pass1' },
            headers: from(`10.77.0.${i + 1}`),
          }),
        );
      }
      expect(tries.at(-1)!.status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('sign-in abuse, captcha off (the automated-test setting)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'on' });
  });
  afterAll(() => t.close());

  const attempt = (ip: string, password: string, username = 'admin') =>
    t.call<LoginResult>('POST', '/sys/login', {
      body: { username, password },
      headers: from(ip, { 'accept-language': 'en-US' }),
    });

  it("a stranger's many wrong passwords never keep the owner out of another client", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await attempt('10.8.0.66', 'Wrong#Pass1'));
    // the stranger's client cools down (429) after its fifth failure instead of locking the account
    const n = SIGN_IN_POLICY.pairCooldownAfter;
    expect(answers.slice(0, n).map((a) => a.body.message)).toEqual(Array(n).fill('Wrong user name or password'));
    expect(answers[n]).toMatchObject({
      status: 429,
      body: {
        success: false,
        code: 429,
        message: expect.stringMatching(/^Too many requests, try again in \d+ seconds$/),
      },
    });
    // more strangers: the account passes the account-wide thresholds
    for (const ip of ['10.8.0.67', '10.8.0.68']) for (let i = 0; i < n; i++) await attempt(ip, 'Wrong#Pass1');
    const owner = await attempt('10.8.0.1', ADMIN_PASSWORD);
    expect(owner.body.success).toBe(true);
    expect(owner.body.result.userInfo.username).toBe('admin');
  });

  it('slows down repeated failures of one client while another client is answered normally', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.pairCooldownAfter; i++)
      expect((await attempt('10.9.0.5', 'Wrong#Pass1', 'carol')).body.message).toBe('Wrong user name or password');
    const slowed = await attempt('10.9.0.5', 'Wrong#Pass1', 'carol');
    expect(slowed.status).toBe(429);
    const other = await attempt('10.9.0.6', 'Wrong#Pass1', 'carol');
    expect(other.status).toBe(200);
    expect(other.body.message).toBe('Wrong user name or password');
    // the delays grow with the failures and are capped; the account-wide curve is the softer one
    expect([5, 6, 7, 8].map(pairCooldownMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(pairCooldownMs(40)).toBe(SIGN_IN_POLICY.pairCooldownMaxMs);
    expect([9, 10, 11, 30].map(accountDelayMs)).toEqual([0, 100, 200, SIGN_IN_POLICY.accountDelayMaxMs]);
  });

  it('limits sign-in requests per client address, whatever the account', async () => {
    // bodies failing validation are cheap (no hashing) but count like any request
    for (let i = 0; i < SIGN_IN_POLICY.loginRequestsPerMinute; i++) {
      expectRefused(await t.call('POST', '/sys/login', { body: { password: 'x' }, headers: from('10.10.0.9') }), 400);
    }
    const limited = await t.call('POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      headers: from('10.10.0.9'),
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, message: expect.stringMatching(/^请求过于频繁，请\d+秒后再试$/) });
    expect((await t.login('admin', ADMIN_PASSWORD, from('10.10.0.10'))).length).toBe(43);
  });

  it('issues captchas per client up to the limit, then 429, storing nothing in the database', async () => {
    const before = captchaStore.size;
    for (let i = 0; i < SIGN_IN_POLICY.captchaRequestsPerMinute; i++) {
      expect((await t.call('GET', `/sys/randomImage/flood-key-${i}`, { headers: from('10.11.0.3') })).status).toBe(200);
    }
    const refused = await t.call('GET', '/sys/randomImage/flood-key-x', { headers: from('10.11.0.3') });
    expect(refused.status).toBe(429);
    expect(captchaStore.peek('flood-key-x')).toBeUndefined();
    expect(captchaStore.size).toBe(before + SIGN_IN_POLICY.captchaRequestsPerMinute);
    expect((await t.call('GET', '/sys/randomImage/other-client', { headers: from('10.11.0.4') })).status).toBe(200);
    const table = await t.db.one<{ t: string | null }>(`SELECT to_regclass('sys_captcha')::text AS t`);
    expect(table?.t).toBeNull();
  });

  it('keeps the hashing concurrency within the gate under a flood of wrong sign-ins', async () => {
    passwordHashGate.resetStats();
    // an existing account: its wrong passwords are hashed (unknown names are not)
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => attempt(`10.12.0.${i + 1}`, 'Wrong#Pass1', 'admin')),
    );
    for (const a of answers) expect([200, 429]).toContain(a.status);
    expect(answers.filter((a) => a.status === 200).every((a) => a.body.message === 'Wrong user name or password')).toBe(
      true,
    );
    const stats = passwordHashGate.stats();
    expect(stats.peak).toBeGreaterThanOrEqual(1);
    expect(stats.peak).toBeLessThanOrEqual(passwordHashGate.concurrency);
    expect(passwordHashGate.concurrency).toBeLessThanOrEqual(2);
    expect(stats.refused).toBe(answers.filter((a) => a.status === 429).length);
  });
});

describe('sign-in abuse, captcha on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'on', TRUST_PROXY: 'on' });
  });
  afterAll(() => t.close());

  const attempt = (ip: string, password: string, captcha?: { key: string; code: string }) =>
    t.call<LoginResult>('POST', '/sys/login', {
      body: { username: 'admin', password, ...(captcha ? { checkKey: captcha.key, captcha: captcha.code } : {}) },
      headers: from(ip),
    });
  const drawCaptcha = async (ip: string, key: string): Promise<{ key: string; code: string }> => {
    expect((await t.call('GET', `/sys/randomImage/${key}`, { headers: from(ip) })).status).toBe(200);
    return { key, code: captchaStore.peek(key)! };
  };

  it('asks the failing client, then every client of the account, for the captcha; the owner still gets in', async () => {
    const failures = [];
    for (let i = 0; i < SIGN_IN_POLICY.pairCaptchaAfter; i++)
      failures.push((await attempt('10.20.0.66', 'Wrong#Pass1')).body);
    expect(failures[0]).toMatchObject({ message: '用户名或密码错误' });
    expect(failures[0]?.errors).toBeUndefined();
    // the failure that reaches the threshold tells the form to show the captcha
    expect(failures.at(-1)).toMatchObject({
      message: '用户名或密码错误',
      errors: [{ field: 'captcha', message: '请输入验证码' }],
    });
    expect((await attempt('10.20.0.66', 'Wrong#Pass1')).body).toMatchObject({
      message: '请输入验证码',
      errors: [{ field: 'captcha' }],
    });
    // the owner elsewhere needs no captcha yet
    expect((await attempt('10.20.0.1', ADMIN_PASSWORD)).body.success).toBe(true);

    // strangers from several addresses push the account past its threshold
    for (const ip of ['10.20.0.67', '10.20.0.68', '10.20.0.69'])
      for (let i = 0; i < SIGN_IN_POLICY.pairCaptchaAfter; i++) await attempt(ip, 'Wrong#Pass1');
    const asked = await attempt('10.20.0.2', ADMIN_PASSWORD);
    expect(asked.body).toMatchObject({
      success: false,
      message: '请输入验证码',
      errors: [{ field: 'captcha', message: '请输入验证码' }],
    });
    const withCaptcha = await attempt('10.20.0.2', ADMIN_PASSWORD, await drawCaptcha('10.20.0.2', 'owner-key-0001'));
    expect(withCaptcha.body.success).toBe(true);
    // the captcha stays single use
    expect((await attempt('10.20.0.2', ADMIN_PASSWORD, { key: 'owner-key-0001', code: 'abcd' })).body.message).toBe(
      '验证码已失效，请刷新',
    );
  });
});

describe('bounded structures', () => {
  it('the hash gate runs at most `concurrency` tasks, queues at most `maxQueue`, refuses the rest with 429', async () => {
    const gate = new HashGate(2, 3);
    const releases: Array<() => void> = [];
    const task = (): Promise<void> => new Promise<void>((resolve) => releases.push(resolve));
    const runs = Array.from({ length: 7 }, () =>
      gate.run(task).then(
        () => 'done',
        (e: unknown) => e,
      ),
    );
    await Promise.resolve();
    expect(gate.stats()).toMatchObject({ active: 2, queued: 3, refused: 2 });
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((r) => setImmediate(r));
      expect(gate.stats().active).toBeLessThanOrEqual(2);
    }
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(5);
    const refused = outcomes.filter((o): o is AppError => o instanceof AppError);
    expect(refused.map((e) => [e.kind, e.params.seconds])).toEqual([
      ['tooManyRequests', 1],
      ['tooManyRequests', 1],
    ]);
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0, peak: 2 });
  });

  it('the captcha store keeps at most its capacity and forgets the oldest first', () => {
    const store = new CaptchaStore(3);
    for (const k of ['k1', 'k2', 'k3', 'k4', 'k5']) store.put(k, k.toUpperCase());
    expect(store.size).toBe(3);
    expect(store.peek('k1')).toBeUndefined();
    expect(store.take('k5')).toBe('K5');
    expect(store.take('k5')).toBeUndefined();
  });
});
