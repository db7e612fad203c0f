import type { AddressInfo } from 'node:net';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  API_JSON_LIMITS,
  JSON_REFUSAL_MESSAGE,
  formatMessage,
  type AnnouncementRecord,
  type ListByUserResult,
  type MyAnnouncement,
  type PageResult,
} from '@ztj/contracts';
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, tenantHeader, USER_PASSWORD, type AdminFixtures } from '../../../test/admin-fixtures';
import { expectRefused } from '../../../test/refusal';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openSocket } from '../../../test/ws-client';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';

describe('announcements and system messages', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let base: string;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    await t.fastify.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
    f = await adminFixtures(t);
    for (const name of ['alice', 'bob', 'carol']) {
      ids[name] = await f.addUser(f.admin, `${name}_u1`);
      tokens[name] = await t.login(`${name}_u1`, USER_PASSWORD);
    }
    ids.admin = (await t.db.one<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'admin'`))!.id;
    ids.otheradmin = (await t.db.one<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'otheradmin'`))!.id;
  });
  afterAll(() => t.close());

  const draft = (body: Record<string, unknown>, token = f.admin) =>
    t.call<{ id: string }>('POST', '/sys/annountCement/add', {
      token,
      body: { priority: 'M', msgCategory: '1', msgType: 'ALL', ...body },
    });
  const publish = (id: string, token = f.admin) =>
    t.call('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token });
  const bell = async (token: string) =>
    (await t.call<ListByUserResult>('GET', '/sys/annountCement/listByUser', { token })).body.result;

  /** Opens a console socket of `user` and collects the announcement pushes it receives. */
  async function listen(
    user: string,
    token: string,
    headers = '',
  ): Promise<{ ws: WebSocket; got: { cmd: string; msgId: string }[] }> {
    const ws = await openSocket(`${base}/${ids[user]}${headers}`, token);
    const got: { cmd: string; msgId: string }[] = [];
    ws.on('message', (m) => {
      const msg = JSON.parse(m.toString()) as { cmd: string; msgId: string };
      if (msg.cmd === 'topic' || msg.cmd === 'user') got.push(msg);
    });
    return { ws, got };
  }

  it('sanitises the content on the server: no script, event handler or javascript: URL survives', async () => {
    const html =
      '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src="x" onerror="alert(2)"><img src="https://ok.example/a.png">' +
      '<a href="javascript:alert(3)">bad</a><a href="https://example.com/x">good</a><iframe src="https://evil"></iframe><svg onload="alert(4)"></svg>' +
      '<span style="color: red; background-image: url(javascript:alert(5))">c</span>';
    const id = (await draft({ titile: 'Sanitised', msgContent: html })).body.result.id;
    const stored = (await t.db.one<{ msg_content: string }>('SELECT msg_content FROM sys_announcement WHERE id = $1', [
      id,
    ]))!.msg_content;
    const read = (await t.call<AnnouncementRecord>('GET', `/sys/annountCement/queryById?id=${id}`, { token: f.admin }))
      .body.result.msgContent!;
    for (const out of [stored, read]) {
      expect(out).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg|url\(/i);
      expect(out).toContain('<b>there</b>');
      expect(out).toContain('<img src="https://ok.example/a.png" />');
      expect(out).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">good</a>');
      expect(out).toContain('style="color:red"');
    }
  });

  it('takes a content of 200,000 Chinese characters (600 kB) though other routes stop strings at 128 KiB', async () => {
    const content = `<p>${'冷'.repeat(ANNOUNCEMENT_CONTENT_MAX - 7)}</p>`;
    const id = (await draft({ titile: 'Long', msgContent: content })).body.result.id;
    const read = (await t.call<AnnouncementRecord>('GET', `/sys/annountCement/queryById?id=${id}`, { token: f.admin }))
      .body.result.msgContent!;
    expect(read).toBe(content);
    // the same text in a field of another route is refused by the body's bounds, before its schema
    const other = await t.call('POST', '/sys/position/add', {
      token: f.admin,
      headers: { 'accept-language': 'en-US' },
      body: { code: 'P1', name: content },
    });
    expect(other.body).toMatchObject({
      success: false,
      code: 400,
      message: formatMessage(JSON_REFUSAL_MESSAGE.stringTooLong, 'en-US', { max: API_JSON_LIMITS.maxStringBytes }),
    });
  });

  it('refuses callers without the announcement permissions and a non-URL open page', async () => {
    const denied = await draft({ titile: 'x' }, f.viewer);
    expect(denied.body).toMatchObject({ success: false, code: 510 });
    expect((await t.call('GET', '/sys/annountCement/list', { token: f.viewer })).body).toMatchObject({
      success: false,
      code: 510,
    });
    const id = (await draft({ titile: 'y' })).body.result.id;
    expect((await publish(id, tokens.alice)).body).toMatchObject({ success: false, code: 510 });
    expectRefused(await draft({ titile: 'z', openType: 'url', openPage: 'javascript:alert(1)' }), 400);
    expectRefused(await draft({ titile: 'z', msgType: 'USER', userIds: '' }), 400);
  });

  it('pushes an announcement to all users with cmd topic, only in its tenant, and each bell counts it', async () => {
    const alice = await listen('alice', tokens.alice);
    const other = await listen('otheradmin', f.otherAdmin);
    const id = (await draft({ titile: 'To everyone', msgContent: '<p>hello</p>' })).body.result.id;
    expect((await publish(id)).body.success).toBe(true);
    await expect.poll(() => alice.got).toEqual([{ cmd: 'topic', msgId: id, msgTxt: 'To everyone' }]);
    for (const name of ['alice', 'bob', 'carol'])
      expect((await bell(tokens[name]!)).anntMsgList.map((a) => a.id)).toContain(id);
    // another tenant's administrator neither got the push nor sees it
    expect(other.got).toEqual([]);
    expect((await bell(f.otherAdmin)).anntMsgTotal).toBe(0);
    expectRefused(
      await t.call('GET', `/sys/annountCement/queryById?id=${id}`, {
        token: f.otherAdmin,
        headers: tenantHeader(DEMO_TENANT_ID),
      }),
      404,
    );
    expectRefused(await t.call('GET', `/sys/sysAnnouncementSend/queryById?anntId=${id}`, { token: f.otherAdmin }), 404);
    expectRefused(
      await t.call('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
        token: f.otherAdmin,
        body: { anntId: id },
      }),
      404,
    );
    expectRefused(await t.call('GET', `/sys/annountCement/doReovkeData?id=${id}`, { token: f.otherAdmin }), 404);
    alice.ws.close();
    other.ws.close();
  });

  it('pushes to chosen users only with cmd user; the others get nothing', async () => {
    const alice = await listen('alice', tokens.alice);
    const bob = await listen('bob', tokens.bob);
    const id = (await draft({ titile: 'Only Bob', msgType: 'USER', userIds: ids.bob, priority: 'H', msgCategory: '2' }))
      .body.result.id;
    await publish(id);
    await expect.poll(() => bob.got).toEqual([{ cmd: 'user', msgId: id, msgTxt: 'Only Bob' }]);
    // a later push to all reaches alice: had the first one gone to her, it would be here first
    const all = (await draft({ titile: 'Marker' })).body.result.id;
    await publish(all);
    await expect.poll(() => alice.got.map((m) => m.msgId)).toEqual([all]);
    expect((await bell(tokens.bob)).sysMsgList.map((a) => a.id)).toEqual([id]);
    expect((await bell(tokens.alice)).sysMsgTotal).toBe(0);
    expectRefused(await t.call('GET', `/sys/sysAnnouncementSend/queryById?anntId=${id}`, { token: tokens.alice }), 404);
    // a recipient outside the tenant is refused
    expectRefused(await draft({ titile: 'x', msgType: 'USER', userIds: ids.otheradmin }), 400);
    alice.ws.close();
    bob.ws.close();
  });

  it('opening marks read, mark all read, star and search in the own list', async () => {
    const before = await bell(tokens.carol);
    const first = before.anntMsgList[0]!;
    const one = await t.call<MyAnnouncement>('GET', `/sys/sysAnnouncementSend/queryById?anntId=${first.id}`, {
      token: tokens.carol,
    });
    expect(one.body.result).toMatchObject({ titile: first.titile, readFlag: false });
    expect(
      (
        await t.call('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
          token: tokens.carol,
          body: { anntId: first.id },
        })
      ).body.success,
    ).toBe(true);
    expect((await bell(tokens.carol)).anntMsgTotal).toBe(before.anntMsgTotal - 1);
    await t.call('PUT', '/sys/sysAnnouncementSend/star', {
      token: tokens.carol,
      body: { anntId: first.id, starFlag: true },
    });
    const starred = await t.call<PageResult<MyAnnouncement>>(
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?starFlag=true',
      { token: tokens.carol },
    );
    expect(starred.body.result.records.map((r) => r.id)).toEqual([first.id]);
    const search = await t.call<PageResult<MyAnnouncement>>(
      'GET',
      `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent('*every*')}`,
      { token: tokens.carol },
    );
    expect(search.body.result.records.map((r) => r.titile)).toEqual(['To everyone']);
    // the list is the caller's own, whatever the query says
    const forged = await t.call<PageResult<MyAnnouncement>>(
      'GET',
      `/sys/sysAnnouncementSend/getMyAnnouncementSend?receiver=${ids.bob}`,
      { token: tokens.carol },
    );
    expect(forged.body.result.records.map((r) => r.titile)).not.toContain('Only Bob');
    await t.call('PUT', '/sys/sysAnnouncementSend/readAll', { token: tokens.carol });
    expect(await bell(tokens.carol)).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
    const all = await t.call<PageResult<MyAnnouncement>>(
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=false',
      { token: tokens.carol },
    );
    expect(all.body.result.total).toBe(0);
  });

  it('follows the notification preferences: a user with system messages off gets no announcement to all', async () => {
    await t.call('PUT', '/sys/user/settings/notification', {
      token: tokens.bob,
      body: { systemMessage: false, userMessage: true, todoTask: true, alarmMessage: true },
    });
    const bob = await listen('bob', tokens.bob);
    const id = (await draft({ titile: 'Quiet' })).body.result.id;
    await publish(id);
    const direct = (await draft({ titile: 'Direct', msgType: 'USER', userIds: ids.bob })).body.result.id;
    await publish(direct);
    await expect.poll(() => bob.got.map((m) => m.msgId)).toEqual([direct]);
    expect((await bell(tokens.bob)).anntMsgList.map((a) => a.id)).not.toContain(id);
    bob.ws.close();
  });

  it('publishes drafts only, revokes published ones, which leave the bells', async () => {
    const id = (await draft({ titile: 'Revoke me' })).body.result.id;
    await publish(id);
    expectRefused(await publish(id), 400);
    expectRefused(
      await t.call('PUT', '/sys/annountCement/edit', {
        token: f.admin,
        body: { id, titile: 'changed', priority: 'L', msgCategory: '1', msgType: 'ALL' },
      }),
      400,
    );
    expect((await bell(tokens.alice)).anntMsgList.map((a) => a.id)).toContain(id);
    expect((await t.call('GET', `/sys/annountCement/doReovkeData?id=${id}`, { token: f.admin })).body.success).toBe(
      true,
    );
    expect((await bell(tokens.alice)).anntMsgList.map((a) => a.id)).not.toContain(id);
    const rec = (await t.call<AnnouncementRecord>('GET', `/sys/annountCement/queryById?id=${id}`, { token: f.admin }))
      .body.result;
    expect(rec.sendStatus).toBe('2');
    expect(rec.cancelTime).not.toBeNull();
    const list = await t.call<PageResult<AnnouncementRecord>>('GET', '/sys/annountCement/list?sendStatus=2', {
      token: f.admin,
    });
    expect(list.body.result.records.map((r) => r.id)).toEqual([id]);
  });
});
