import type { LoginResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { dragTrace, from, startSelfServiceFixture, type SelfServiceFixture } from './self-service.fixture';
import { createUser } from '../users/users.service';
import { sendTenantExpiryReminders } from './tenant-expiry';

const EXPIRED = 'Tenant use period ended, contact the platform administrator to renew';
const PHONE = '13500000321';
const USER = { username: 'demo_only', password: 'Demo-Only#2026' };

describe('tenant expiry: refused on every way in, reminder, renewal', () => {
  let f: SelfServiceFixture;
  let ipN = 0;
  const ip = (): string => `10.50.0.${++ipN}`;
  const expire = (id: number): Promise<unknown> =>
    f.t.db.query(`UPDATE sys_tenant SET end_date = now() - interval '1 day' WHERE id = $1`, [id]);

  beforeAll(async () => {
    f = await startSelfServiceFixture({ REGISTER_TENANT_ID: String(DEMO_TENANT_ID) });
    // a user of the demo tenant only, with a phone
    await createUser(
      f.t.db,
      {
        username: USER.username,
        realname: 'DemoOnly',
        password: USER.password,
        phone: PHONE,
        userIdentity: 1,
        onlyMultiLevelAlarm: false,
        alarmPushMode: [],
      },
      { tenantId: DEMO_TENANT_ID, userId: '', username: 'test', orgCode: null },
    );
  });
  afterAll(() => f.close());

  it('an ended tenant refuses the password login, the phone login, registration and a recovered account with the SPEC §6 text', async () => {
    await expire(DEMO_TENANT_ID);
    const pw = await f.t.call('POST', '/sys/login', { body: USER, headers: from(ip()) });
    expect(pw.body).toMatchObject({ success: false, message: EXPIRED });
    const zh = await f.t.call('POST', '/sys/login', { body: USER, headers: from(ip(), 'zh-CN') });
    expect(zh.body.message).toBe('租户使用期限已结束，请联系平台管理员续费');

    let addr = ip();
    await f.t.call('POST', '/sys/sms', { body: { mobile: PHONE, purpose: 'login' }, headers: from(addr) });
    const code = await f.codeFor(PHONE, 1);
    const phone = await f.t.call('POST', '/sys/phoneLogin', {
      body: { mobile: PHONE, captcha: code },
      headers: from(addr),
    });
    expect(phone.body).toMatchObject({ success: false, message: EXPIRED });

    addr = ip();
    const { body: ch } = await f.t.call<{ token: string }>('POST', '/sys/slider/challenge', { headers: from(addr) });
    await f.t.call('POST', '/sys/slider/verify', {
      body: { token: ch.result.token, width: 300, trace: dragTrace(300) },
      headers: from(addr),
    });
    const reg = await f.t.call('POST', '/sys/user/register', {
      body: {
        username: 'late_user',
        password: USER.password,
        confirmPassword: USER.password,
        mobile: '13500000322',
        smsCode: '123456',
        sliderToken: ch.result.token,
      },
      headers: from(addr),
    });
    expect(reg.body).toMatchObject({ success: false, message: EXPIRED });

    // a user of an ended tenant recovers the password, and still cannot sign in
    await f.t.db.query(`UPDATE sys_sms_code SET created_at = created_at - interval '2 minutes'`);
    addr = ip();
    expect(
      (await f.t.call('POST', '/sys/user/recovery/code', { body: { account: USER.username }, headers: from(addr) }))
        .body.success,
    ).toBe(true);
    const rc = await f.codeFor(PHONE, 2);
    const { body: v } = await f.t.call<{ ticket: string }>('POST', '/sys/user/recovery/verify', {
      body: { account: USER.username, code: rc },
      headers: from(addr),
    });
    const np = 'Renewed-Pass#1';
    await f.t.call('POST', '/sys/user/recovery/reset', {
      body: { ticket: v.result.ticket, password: np, confirmPassword: np },
      headers: from(addr),
    });
    const after = await f.t.call('POST', '/sys/login', {
      body: { username: USER.username, password: np },
      headers: from(ip()),
    });
    expect(after.body).toMatchObject({ success: false, message: EXPIRED });
    USER.password = np;
  });

  it('the platform administrator renews the tenant (server-side permission); its users sign in again', async () => {
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const demoAdmin = await f.t.login('admin', undefined, { 'tenant-id': String(PLATFORM_TENANT_ID) });
    // a member of the tenant without the platform tenant: refused
    await f.t.db.query(`UPDATE sys_tenant SET end_date = NULL WHERE id = $1`, [DEMO_TENANT_ID]);
    const own = await f.t.login(USER.username, USER.password, from(ip()));
    const refused = await f.t.call('PUT', '/sys/tenant/renew', {
      token: own,
      body: { id: DEMO_TENANT_ID, endDate: future },
    });
    expect(refused.body.success).toBe(false);
    expect([403, 510]).toContain(refused.body.code);
    // a tenant administrator holding tenant:edit, but outside the platform tenant: refused too
    const tenantAdmin = await f.t.login('admin', undefined, { 'tenant-id': String(DEMO_TENANT_ID) });
    const notPlatform = await f.t.call('PUT', '/sys/tenant/renew', {
      token: tenantAdmin,
      body: { id: DEMO_TENANT_ID, endDate: future },
      headers: { 'accept-language': 'en-US' },
    });
    expect(notPlatform.body).toMatchObject({
      success: false,
      message: 'Only the platform tenant can change this data',
    });
    await expire(DEMO_TENANT_ID);
    const past = await f.t.call('PUT', '/sys/tenant/renew', {
      token: demoAdmin,
      body: { id: DEMO_TENANT_ID, endDate: new Date(Date.now() - 1000).toISOString() },
      headers: { 'accept-language': 'en-US' },
    });
    expect(past.body).toMatchObject({ success: false, message: 'The new end date must be in the future' });
    const ok = await f.t.call<{ endDate: string }>('PUT', '/sys/tenant/renew', {
      token: demoAdmin,
      body: { id: DEMO_TENANT_ID, endDate: future },
    });
    expect(ok.body).toMatchObject({ success: true, result: { endDate: future } });
    const login = await f.t.call<LoginResult>('POST', '/sys/login', { body: USER, headers: from(ip()) });
    expect(login.body.success).toBe(true);
    expect(login.body.result.userInfo.loginTenantId).toBe(DEMO_TENANT_ID);
  });

  it('the reminder job notifies the administrators of tenants ending within its days, once per end date', async () => {
    const at = Date.now();
    await f.t.db.query(`UPDATE sys_tenant SET end_date = to_timestamp($2::float8 / 1000) WHERE id = $1`, [
      DEMO_TENANT_ID,
      at + 3 * 86_400_000,
    ]);
    const sent: { userId: string; text: string }[] = [];
    const hub = {
      toUser: (userId: string, m: { msgTxt?: string }) => sent.push({ userId, text: m.msgTxt ?? '' }),
    } as never;
    const first = await sendTenantExpiryReminders(f.t.db, {
      tenantId: PLATFORM_TENANT_ID,
      at,
      days: 7,
      lang: 'en-US',
      hub,
    });
    expect(first.tenants).toEqual([DEMO_TENANT_ID]);
    const admins = await f.t.db.query<{ id: string }>(
      `SELECT DISTINCT ur.user_id AS id FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE r.tenant_id = $1 AND r.role_code = 'admin'`,
      [DEMO_TENANT_ID],
    );
    expect(sent.map((s) => s.userId).sort()).toEqual(admins.map((a) => a.id).sort());
    expect(sent[0]!.text).toMatch(
      /^Tenant expiry reminder: the use period of .+ ends .+ Contact the platform administrator to renew/,
    );
    expect(await f.t.db.query('SELECT tenant_id FROM sys_tenant_expiry_reminder')).toEqual([
      { tenant_id: DEMO_TENANT_ID },
    ]);
    // once per end date; a tenant's own job covers only itself; a renewal is reminded again
    expect(
      (await sendTenantExpiryReminders(f.t.db, { tenantId: PLATFORM_TENANT_ID, at, days: 7, lang: 'en-US', hub }))
        .tenants,
    ).toEqual([]);
    await f.t.db.query(`UPDATE sys_tenant SET end_date = end_date + interval '1 day' WHERE id = $1`, [DEMO_TENANT_ID]);
    expect(
      (await sendTenantExpiryReminders(f.t.db, { tenantId: PLATFORM_TENANT_ID + 50, at, days: 7, lang: 'en-US', hub }))
        .tenants,
    ).toEqual([]);
    expect(
      (await sendTenantExpiryReminders(f.t.db, { tenantId: DEMO_TENANT_ID, at, days: 7, lang: 'zh-CN', hub })).tenants,
    ).toEqual([DEMO_TENANT_ID]);
    expect(sent.at(-1)!.text).toMatch(/^【租户到期提醒】/);
    // ending beyond the days: nothing
    await f.t.db.query(`UPDATE sys_tenant SET end_date = to_timestamp($2::float8 / 1000) WHERE id = $1`, [
      DEMO_TENANT_ID,
      at + 30 * 86_400_000,
    ]);
    expect(
      (await sendTenantExpiryReminders(f.t.db, { tenantId: PLATFORM_TENANT_ID, at, days: 7, lang: 'en-US', hub }))
        .tenants,
    ).toEqual([]);
  });

  it('the job class runs from the scheduled-job list', async () => {
    const { jobClassOf } = await import('../../platform/jobs/job-classes');
    expect(jobClassOf('tenantExpiryReminder')?.label['en-US']).toBe('Tenant expiry reminder');
  });
});
