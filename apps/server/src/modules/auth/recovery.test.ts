import { timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { from, startSelfServiceFixture, type SelfServiceFixture } from './self-service.fixture';
import { SELF_SERVICE_LIMITS } from './self-service-limits';

// Spy on the constant-time comparison (the real function still answers).
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, default: actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const PHONE = '13600000001';
const NEW_PASSWORD = 'Recovered#2026';

describe('password recovery: /user/alteration steps 1-3', () => {
  let f: SelfServiceFixture;
  let ipN = 0;
  const ip = (): string => `10.40.${Math.floor(ipN / 250)}.${(ipN++ % 250) + 1}`;
  const call = <T>(path: string, body: unknown, addr: string, lang = 'en-US') =>
    f.t.call<T>('POST', `/sys/user/recovery/${path}`, { body, headers: from(addr, lang) });

  beforeAll(async () => {
    f = await startSelfServiceFixture();
    await f.t.db.query('UPDATE sys_user SET phone = $1 WHERE username = $2', [PHONE, 'admin']);
  });
  afterAll(() => f.close());

  it('by user name: code to the phone, ticket, new password; every session revoked, the code and the ticket work once', async () => {
    const addr = ip();
    const token1 = await f.t.login('admin', undefined, from(addr));
    const token2 = await f.t.login('admin', undefined, from(addr));
    const step1 = await call('code', { account: 'ADMIN' }, addr);
    expect(step1.body).toMatchObject({ success: true, result: { resendSeconds: 60 } });
    const code = await f.codeFor(PHONE, 1);
    const step2 = await call<{ ticket: string }>('verify', { account: 'admin', code }, addr);
    expect(step2.body.success).toBe(true);
    const ticket = step2.body.result.ticket;
    // the code was used up
    expect((await call('verify', { account: 'admin', code }, addr)).body).toMatchObject({
      success: false,
      message: 'Wrong mobile number or SMS code',
    });
    // the §5 rules and the confirmation
    expect((await call('reset', { ticket, password: 'weak', confirmPassword: 'weak' }, addr)).body).toMatchObject({
      success: false,
      code: 400,
    });
    expect(
      (await call('reset', { ticket, password: NEW_PASSWORD, confirmPassword: 'Other#2026x' }, addr)).body,
    ).toMatchObject({ success: false, code: 400 });
    vi.mocked(timingSafeEqual).mockClear();
    expect(
      (await call('reset', { ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, addr)).body,
    ).toMatchObject({ success: true });
    expect(vi.mocked(timingSafeEqual)).toHaveBeenCalled();
    // the ticket works once
    expect(
      (await call('reset', { ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, addr)).body,
    ).toMatchObject({
      success: false,
      message: 'The verification expired, ask for a new SMS code',
    });
    for (const token of [token1, token2])
      expect((await f.t.call('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);
    expect(await f.t.login('admin', NEW_PASSWORD, from(addr))).toMatch(/^[\w-]{43}$/);
    const old = await f.t.call('POST', '/sys/login', {
      body: { username: 'admin', password: 'Test-Admin#2026' },
      headers: from(ip()),
    });
    expect(old.body.success).toBe(false);
  });

  it('by mobile number, and an unknown account answers exactly as a known one (nothing sent)', async () => {
    // a number: the SMS code service's own answers, the same for a known and an unknown number
    const known = await call('code', { account: PHONE }, ip());
    const unknownPhone = await call('code', { account: '13600000999' }, ip());
    expect(unknownPhone.body).toMatchObject({ success: true, result: { resendSeconds: 60 } });
    // the previous test's code went out under 60 s ago: the 60 s wait applies to any number alike
    expect(known.body.success || /ask again in \d+ seconds/.test(known.body.message)).toBe(true);
    // a user name: one answer for a known name (whose phone had a code under 60 s ago) and unknown ones
    const addr = ip();
    const answers = [];
    for (const account of ['admin', 'no_such_user', 'another_ghost']) {
      const { success, code, message, result } = (await call('code', { account }, addr)).body;
      answers.push({ success, code, message, result });
    }
    expect(answers[0]).toMatchObject({ success: true, result: { resendSeconds: 60 } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await new Promise((r) => setTimeout(r, 200)); // sends happen after the answer
    expect(f.sentTo('13600000999')).toBe(0);
    const ghost = await call('verify', { account: 'no_such_user', code: '123456' }, ip());
    const wrong = await call(
      'verify',
      { account: 'admin', code: '000000' === (await f.codeFor(PHONE, 1)) ? '111111' : '000000' },
      ip(),
    );
    expect(ghost.body).toMatchObject({ success: false, message: 'Wrong mobile number or SMS code' });
    expect(wrong.body).toMatchObject({ success: false, message: ghost.body.message, code: ghost.body.code });
  });

  it('limits code requests per account (any address) and per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SELF_SERVICE_LIMITS.recoveryCodePerAccount; i++)
      statuses.push((await call('code', { account: 'limited_user' }, ip())).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const addr = ip();
    const byAddress: number[] = [];
    for (let i = 0; i <= SELF_SERVICE_LIMITS.recoveryCodePerAddress; i++)
      byAddress.push((await call('code', { account: `someone_${i}` }, addr)).status);
    expect(byAddress.at(-1)).toBe(429);
    const verifies: number[] = [];
    for (let i = 0; i <= SELF_SERVICE_LIMITS.recoveryVerifyPerAccount; i++)
      verifies.push((await call('verify', { account: 'verify_user', code: '123456' }, ip())).status);
    expect(verifies.at(-1)).toBe(429);
  });
});
