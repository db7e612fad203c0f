import { afterEach, describe, expect, it } from 'vitest';
import { createDingtalkChannel, dingtalkSign } from './dingtalk.channel';
import { ROBOT_MSG } from './robot-message.fixture';
import { startDingtalkPeer, type RobotPeer } from './robots.fixture';

const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';
const SECRET = 'SECb6a1c5e4b7a6d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
let peer: RobotPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe('DingTalk group robot channel', () => {
  it('signs the request (timestamp + sign) and posts a markdown message the robot accepts', async () => {
    peer = await startDingtalkPeer({ accessToken: TOKEN, secret: SECRET, keywords: ['告警'] });
    // A timestamp whose signature holds a '+': sent unencoded it would arrive as a space and fail.
    let ts = Date.now();
    while (!dingtalkSign(ts, SECRET).includes('+')) ts--;
    const bot = createDingtalkChannel({ webhookUrl: peer.webhook, secret: SECRET }, { now: () => ts });
    expect(bot).toMatchObject({ code: 'dingtalk', pushType: 0 });
    expect(bot.addressOf({})).toBe(`${peer.base}/robot/send?access_token=…e8f9`);
    for (let i = 0; i < 3; i++) {
      const r = await bot.send('', { ...ROBOT_MSG, title: `${ROBOT_MSG.title} #${i}` });
      expect(r).toEqual({ ok: true, retryable: false, answer: '{"errcode":0,"errmsg":"ok"}' });
    }
    const md = peer.delivered[0].markdown as { title: string; text: string };
    expect(md.title).toBe(`${ROBOT_MSG.title} #0`);
    expect(md.text).toContain('#### 【紧急】SIM-VH-001 温度告警 #0\n\n设备:冷藏车一号 (SIM-VH-001)\n\n类型:温度 P003');
    expect(peer.requests[0].url.searchParams.get('timestamp')).toBe(String(ts));
    expect(peer.requests[0].rawUrl).toContain(`&sign=${encodeURIComponent(dingtalkSign(ts, SECRET))}`);
  });

  it('a wrong secret (sign not match, 310000) is permanent', async () => {
    peer = await startDingtalkPeer({ accessToken: TOKEN, secret: SECRET });
    const r = await createDingtalkChannel({ webhookUrl: peer.webhook, secret: 'SECwrong' }).send('', ROBOT_MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('sign not match');
  });

  it('a clock more than an hour off is refused (310000 invalid timestamp): permanent', async () => {
    peer = await startDingtalkPeer({ accessToken: TOKEN, secret: SECRET });
    const bot = createDingtalkChannel(
      { webhookUrl: peer.webhook, secret: SECRET },
      { now: () => Date.now() - 61 * 60_000 },
    );
    const r = await bot.send('', ROBOT_MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('invalid timestamp');
  });

  it('a robot secured by keywords refuses a message without them (310000); without a secret no sign is sent', async () => {
    peer = await startDingtalkPeer({ accessToken: TOKEN, keywords: ['冷链'] });
    const bot = createDingtalkChannel({ webhookUrl: peer.webhook });
    const r = await bot.send('', ROBOT_MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('keywords not in content');
    expect(peer.requests[0].url.searchParams.has('sign')).toBe(false);
    expect((await bot.send('', { ...ROBOT_MSG, text: `冷链 ${ROBOT_MSG.text}` })).ok).toBe(true);
  });

  it('the 21st message in a minute gets 130101 (too fast): retryable; an unknown token is permanent', async () => {
    peer = await startDingtalkPeer({ accessToken: TOKEN, secret: SECRET });
    const bot = createDingtalkChannel({ webhookUrl: peer.webhook, secret: SECRET });
    for (let i = 0; i < 20; i++) expect((await bot.send('', ROBOT_MSG)).ok).toBe(true);
    const r = await bot.send('', ROBOT_MSG);
    expect(r).toMatchObject({ ok: false, retryable: true });
    expect(r.answer).toContain('130101');
    const stranger = createDingtalkChannel({ webhookUrl: peer.webhook.replace(TOKEN, 'nope'), secret: SECRET });
    expect(await stranger.send('', ROBOT_MSG)).toMatchObject({ ok: false, retryable: false });
  });

  it('HTTP 503 and no answer are retryable within the bound', async () => {
    peer = await startDingtalkPeer({ accessToken: TOKEN, secret: SECRET });
    const bot = createDingtalkChannel({ webhookUrl: peer.webhook, secret: SECRET }, { timeoutMs: 300 });
    peer.forced.push({ status: 503, text: 'busy' }, 'hang');
    expect(await bot.send('', ROBOT_MSG)).toMatchObject({ ok: false, retryable: true, answer: 'HTTP 503: busy' });
    const started = Date.now();
    const hung = await bot.send('', ROBOT_MSG);
    expect(hung).toMatchObject({ ok: false, retryable: true });
    expect(hung.answer).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
