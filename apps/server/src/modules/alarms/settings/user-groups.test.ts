import type { PageResult, UserGroupRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { userOf } from '../runtime/alarm.fixtures';
import { expectRefused } from '../../../../test/refusal';

/** Recipient groups (settings → user groups): members, contacts, field errors, tenant isolation. */

let app: TestApp;
let admin: { userId: string; token: string };
let member: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'ugadmin1', 'admin');
  member = await userOf(app, DEMO_TENANT_ID, 'ugmember1', 'viewer');
  other = await userOf(app, PLATFORM_TENANT_ID, 'ugother1', 'admin');
  await app.db.query(
    "UPDATE sys_user SET realname = 'Li Lei', phone = '13800138000', email = 'li@example.com', wechat_open_id = 'oLi' WHERE id = $1",
    [member.userId],
  );
});
afterAll(async () => {
  await app?.close();
});

describe('recipient groups', () => {
  it('adds a group of a console user and an outside contact; lists them with the user contacts read at read time', async () => {
    const res = await app.call<UserGroupRecord>('POST', '/wlx/userGroup/add', {
      token: admin.token,
      body: {
        name: 'Night shift',
        description: 'd',
        members: [
          { userId: member.userId, pushMode: 5 },
          { name: 'Carrier desk', email: 'desk@example.com', pushMode: 4 },
        ],
      },
    });
    expect(res.body.success, res.body.message).toBe(true);
    const g = res.body.result;
    expect(g.members).toEqual([
      {
        id: expect.any(String),
        userId: member.userId,
        name: 'Li Lei',
        phone: '13800138000',
        email: 'li@example.com',
        wechatOpenId: 'oLi',
        pushMode: 5,
      },
      {
        id: expect.any(String),
        userId: null,
        name: 'Carrier desk',
        phone: '',
        email: 'desk@example.com',
        wechatOpenId: '',
        pushMode: 4,
      },
    ]);
    await app.db.query("UPDATE sys_user SET phone = '13900139000' WHERE id = $1", [member.userId]);
    const list = await app.call<PageResult<UserGroupRecord>>('GET', '/wlx/userGroup/list?name=Night*', {
      token: admin.token,
    });
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]!.members[0]!.phone).toBe('13900139000');

    const upd = await app.call<UserGroupRecord>('PUT', '/wlx/userGroup/update', {
      token: admin.token,
      body: { id: g.id, name: 'Night shift 2', members: [{ name: 'Ops', phone: '13700137000' }] },
    });
    expect(upd.body.result).toMatchObject({
      name: 'Night shift 2',
      members: [{ name: 'Ops', phone: '13700137000', userId: null }],
    });
    const dup = await app.call('POST', '/wlx/userGroup/add', {
      token: admin.token,
      body: { name: 'Night shift 2' },
      headers: EN,
    });
    expect(dup.body.message).toBe('A user group with this name already exists');
    const del = await app.call('DELETE', `/wlx/userGroup/delete?ids=${g.id}`, { token: admin.token });
    expect(del.body.success).toBe(true);
    expect(await app.db.query('SELECT 1 FROM alarm_user_group_member WHERE group_id = $1', [g.id])).toHaveLength(0);
  });

  it('refuses a contact without phone, e-mail or openid, and a user of another tenant, with field errors', async () => {
    const noContact = await app.call('POST', '/wlx/userGroup/add', {
      token: admin.token,
      body: { name: 'No contact', members: [{ name: 'Somebody' }] },
      headers: EN,
    });
    expectRefused(noContact, 400);
    expect(noContact.body.errors).toContainEqual({
      field: 'members.0.phone',
      message: 'A recipient needs a phone number, an e-mail address or a WeChat account',
    });
    const foreign = await app.call('POST', '/wlx/userGroup/add', {
      token: admin.token,
      body: { name: 'Foreign user', members: [{ name: 'x', email: 'x@example.com' }, { userId: other.userId }] },
      headers: EN,
    });
    expectRefused(foreign, 400);
    expect(foreign.body.errors).toEqual([
      { field: 'members.1.userId', message: 'The user does not belong to this tenant' },
    ]);
    expect(
      await app.db.query("SELECT 1 FROM alarm_user_group WHERE name IN ('No contact', 'Foreign user')"),
    ).toHaveLength(0);
  });

  it('takes a deleted group out of the templates and scenes that notify it', async () => {
    const g = (
      await app.call<UserGroupRecord>('POST', '/wlx/userGroup/add', { token: admin.token, body: { name: 'Soon gone' } })
    ).body.result;
    const keep = (
      await app.call<UserGroupRecord>('POST', '/wlx/userGroup/add', { token: admin.token, body: { name: 'Staying' } })
    ).body.result;
    const t = await app.call<{ id: string }>('POST', '/wlx/paramTemplate/add', {
      token: admin.token,
      body: {
        name: 'Notifies groups',
        category: 'environment',
        conditions: [{ type: 'lowBattery', percent: 20 }],
        notify: { groupIds: [g.id, keep.id], escalateGroupIds: [g.id] },
      },
    });
    expect(t.body.success, t.body.message).toBe(true);
    await app.call('DELETE', `/wlx/userGroup/delete?ids=${g.id}`, { token: admin.token });
    const view = await app.call<{ content: { notify: { groupIds: string[]; escalateGroupIds: string[] } } }>(
      'GET',
      `/wlx/paramTemplate/queryById?id=${t.body.result.id}`,
      { token: admin.token },
    );
    expect(view.body.result.content.notify).toMatchObject({ groupIds: [keep.id], escalateGroupIds: [] });
  });

  it('isolates tenants', async () => {
    const g = (
      await app.call<UserGroupRecord>('POST', '/wlx/userGroup/add', {
        token: admin.token,
        body: { name: 'Private group' },
      })
    ).body.result;
    const list = await app.call<PageResult<UserGroupRecord>>('GET', '/wlx/userGroup/list?pageSize=1000', {
      token: other.token,
    });
    expect(list.body.result.records.map((r) => r.id)).not.toContain(g.id);
    const upd = await app.call('PUT', '/wlx/userGroup/update', {
      token: other.token,
      body: { id: g.id, name: 'Stolen' },
    });
    expectRefused(upd, 404);
    const del = await app.call('DELETE', `/wlx/userGroup/delete?ids=${g.id}`, { token: other.token });
    expectRefused(del, 404);
    expect(
      await app.db.query("SELECT 1 FROM alarm_user_group WHERE id = $1 AND name = 'Private group'", [g.id]),
    ).toHaveLength(1);
  });
});
