import { afterEach, describe, expect, it } from 'vitest';
import { deadPort } from './http-peer.fixture';
import { ROBOT_MSG } from './robot-message.fixture';
import { startWecomPeer, type RobotPeer } from './robots.fixture';
import { createWecomChannel, WECOM_MARKDOWN_MAX_BYTES } from './wecom.channel';

const KEY = '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa';
let peer: RobotPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe('WeCom group robot channel', () => {
  it('posts a markdown message the robot accepts; the address shown is the webhook with its key masked', async () => {
    peer = await startWecomPeer(KEY);
    const bot = createWecomChannel({ webhookUrl: peer.webhook });
    expect(bot).toMatchObject({ code: 'wecom', pushType: 0 });
    const address = bot.addressOf({ name: 'anyone' });
    expect(address).toBe(`${peer.base}/cgi-bin/webhook/send?key=…5aaa`);
    const r = await bot.send(address!, ROBOT_MSG);
    expect(r).toEqual({ ok: true, retryable: false, answer: '{"errcode":0,"errmsg":"ok"}' });
    const content = (peer.delivered[0].markdown as { content: string }).content;
    expect(content.split('\n')[0]).toBe('**<font color="warning">【紧急】SIM-VH-001 温度告警</font>**');
    expect(content).toContain('> 数值:-12.4 °C');
    expect(content).toContain(`[${ROBOT_MSG.url}](${ROBOT_MSG.url})`);
    expect(peer.requests[0].headers['content-type']).toMatch(/^application\/json/);
  });

  it('cuts content to 4096 UTF-8 bytes so a long text is still accepted', async () => {
    peer = await startWecomPeer(KEY);
    const bot = createWecomChannel({ webhookUrl: peer.webhook });
    const r = await bot.send('', { ...ROBOT_MSG, text: '温度超限'.repeat(1000) });
    expect(r.ok).toBe(true);
    const content = (peer.delivered[0].markdown as { content: string }).content;
    expect(Buffer.byteLength(content, 'utf8')).toBeLessThanOrEqual(WECOM_MARKDOWN_MAX_BYTES);
    expect(content.endsWith('…')).toBe(true);
  });

  it('the 21st message in a minute gets 45009 (frequency limit): retryable', async () => {
    peer = await startWecomPeer(KEY);
    const bot = createWecomChannel({ webhookUrl: peer.webhook });
    for (let i = 0; i < 20; i++) expect((await bot.send('', ROBOT_MSG)).ok).toBe(true);
    const r = await bot.send('', ROBOT_MSG);
    expect(r).toMatchObject({ ok: false, retryable: true });
    expect(r.answer).toContain('45009');
  });

  it('a wrong key (93000 invalid webhook url) is permanent', async () => {
    peer = await startWecomPeer(KEY);
    const bot = createWecomChannel({ webhookUrl: peer.webhook.replace(KEY, 'deleted-robot-key') });
    const r = await bot.send('', ROBOT_MSG);
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.answer).toContain('93000');
  });

  it('HTTP 500, no answer and a robot host that is down are retryable within the bound', async () => {
    peer = await startWecomPeer(KEY);
    const bot = createWecomChannel({ webhookUrl: peer.webhook }, { timeoutMs: 300 });
    peer.forced.push({ status: 500, text: 'Internal Server Error' }, 'hang');
    expect(await bot.send('', ROBOT_MSG)).toMatchObject({
      ok: false,
      retryable: true,
      answer: 'HTTP 500: Internal Server Error',
    });
    const started = Date.now();
    const hung = await bot.send('', ROBOT_MSG);
    expect(hung).toMatchObject({ ok: false, retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
    const down = createWecomChannel({
      webhookUrl: `http://127.0.0.1:${await deadPort()}/cgi-bin/webhook/send?key=${KEY}`,
    });
    const r = await down.send('', ROBOT_MSG);
    expect(r).toMatchObject({ ok: false, retryable: true });
    expect(r.answer).not.toContain(KEY);
  });
});
