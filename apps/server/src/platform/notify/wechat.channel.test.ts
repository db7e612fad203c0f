import { afterEach, describe, expect, it } from 'vitest';
import type { PushMessage } from './channel';
import { startWechatPeer, type WechatPeer, type WechatPeerOptions } from './wechat.fixture';
import { createWechatChannel, type WechatConfig } from './wechat.channel';

const MSG: PushMessage = {
  title: '【紧急】SIM-VH-001 温度告警',
  text: '温度超过上限 -15 °C\n请尽快处理',
  severity: 'H',
  deviceId: 'SIM-VH-001',
  deviceName: '冷藏车一号',
  alarmType: 'P003',
  value: '-12.4 °C',
  time: '2026-01-05 08:00:00',
  url: 'https://iot.example.com/ztj-iot/#/alarm/list?id=42',
};
const APP = { appId: 'wx1234567890abcdef', appSecret: 'app-secret-0123456789', templateId: 'TPL-alarm-1' };
const FOLLOWERS = ['oOPEN-alice', 'oOPEN-bob', 'oOPEN-carol', 'oOPEN-dave', 'oOPEN-erin'];

let peer: WechatPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

async function setup(
  peerOpts: Partial<WechatPeerOptions> = {},
  cfg: Partial<WechatConfig> = {},
  deps: { now?: () => number; timeoutMs?: number } = {},
) {
  peer = await startWechatPeer({ ...APP, followers: FOLLOWERS, unsubscribed: ['oOPEN-gone'], ...peerOpts });
  return createWechatChannel({ ...APP, apiBase: peer.base, ...cfg }, deps);
}

describe('WeChat template message channel', () => {
  it('sends the template message with the alarm fields; five concurrent sends share one token request', async () => {
    const wx = await setup({ tokenDelayMs: 50 });
    const results = await Promise.all(FOLLOWERS.map((id) => wx.send(id, MSG)));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true]);
    expect(JSON.parse(results[0].answer)).toMatchObject({ errcode: 0, errmsg: 'ok' });
    expect(peer!.tokenRequests).toBe(1);
    expect(peer!.delivered.map((d) => d.touser).sort()).toEqual([...FOLLOWERS].sort());
    expect(peer!.delivered[0]).toMatchObject({
      url: MSG.url,
      data: {
        first: { value: MSG.title },
        keyword1: { value: '冷藏车一号 (SIM-VH-001)' },
        keyword2: { value: 'P003' },
        keyword3: { value: '-12.4 °C' },
        keyword4: { value: '2026-01-05 08:00:00' },
        remark: { value: MSG.text },
      },
    });
  });

  it('keeps the token until expires_in minus 5 minutes, then fetches a new one', async () => {
    let clock = Date.parse('2026-01-05T00:00:00Z');
    const wx = await setup({ expiresInS: 7200 }, {}, { now: () => clock });
    expect((await wx.send('oOPEN-alice', MSG)).ok).toBe(true);
    clock += 114 * 60_000; // 1 h 54 min: still inside 2 h − 5 min
    expect((await wx.send('oOPEN-alice', MSG)).ok).toBe(true);
    expect(peer!.tokenRequests).toBe(1);
    clock += 2 * 60_000; // 1 h 56 min: past it
    expect((await wx.send('oOPEN-alice', MSG)).ok).toBe(true);
    expect(peer!.tokenRequests).toBe(2);
  });

  it('on 40001 (token no longer valid) fetches one new token and repeats the send, once for concurrent failures', async () => {
    const wx = await setup({ tokenDelayMs: 30 });
    expect((await wx.send('oOPEN-alice', MSG)).ok).toBe(true);
    peer!.expireTokens();
    const results = await Promise.all(['oOPEN-bob', 'oOPEN-carol', 'oOPEN-dave'].map((id) => wx.send(id, MSG)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(peer!.tokenRequests).toBe(2);
    expect(peer!.delivered).toHaveLength(4);
  });

  it('retries a rejected token only once: a token that keeps failing gives a retryable failure', async () => {
    const wx = await setup();
    // Every send answer is 40001, whatever token is presented.
    const reject = { json: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' } };
    peer!.forced.push(
      { json: { access_token: 'T1', expires_in: 7200 } },
      reject,
      { json: { access_token: 'T2', expires_in: 7200 } },
      reject,
    );
    const r = await wx.send('oOPEN-alice', MSG);
    expect(r).toMatchObject({ ok: false, retryable: true });
    expect(r.answer).toContain('40001');
    expect(peer!.requests.map((q) => q.url.pathname)).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/message/template/send',
      '/cgi-bin/token',
      '/cgi-bin/message/template/send',
    ]);
  });

  it('an unsubscribed user (43004) and an unknown openid (40003) are permanent failures', async () => {
    const wx = await setup();
    const gone = await wx.send('oOPEN-gone', MSG);
    expect(gone).toMatchObject({ ok: false, retryable: false });
    expect(gone.answer).toContain('43004');
    const stranger = await wx.send('oOPEN-nobody', MSG);
    expect(stranger).toMatchObject({ ok: false, retryable: false });
    expect(stranger.answer).toContain('40003');
  });

  it('a wrong AppSecret (token answer 40125) is permanent and its answer never shows the secret', async () => {
    const wx = await setup({}, { appSecret: 'wrong-secret' });
    const r = await wx.send('oOPEN-alice', MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toMatch(/^token: .*40125/);
    expect(r.answer).not.toContain('wrong-secret');
  });

  it('a busy system (-1), HTTP 502 on the token and a send that never answers are retryable within the bound', async () => {
    const wx = await setup({}, {}, { timeoutMs: 300 });
    peer!.forced.push({ status: 502, text: 'Bad Gateway' });
    const r502 = await wx.send('oOPEN-alice', MSG);
    expect(r502).toMatchObject({ ok: false, retryable: true, answer: 'token: HTTP 502: Bad Gateway' });
    expect((await wx.send('oOPEN-alice', MSG)).ok).toBe(true);
    peer!.forced.push({ json: { errcode: -1, errmsg: 'system error' } });
    expect(await wx.send('oOPEN-alice', MSG)).toMatchObject({ ok: false, retryable: true });
    peer!.forced.push('hang');
    const started = Date.now();
    const hung = await wx.send('oOPEN-alice', MSG);
    expect(hung).toMatchObject({ ok: false, retryable: true });
    expect(hung.answer).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('addresses a recipient by openid', async () => {
    const wx = await setup();
    expect(wx).toMatchObject({ code: 'wechat', pushType: 2 });
    expect(wx.addressOf({ wechatOpenId: 'oOPEN-alice' })).toBe('oOPEN-alice');
    expect(wx.addressOf({ phone: '13800138000', wechatOpenId: null })).toBeNull();
  });
});
