import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config';
import { alarmLink, createChannels, PUSH_ENV_VARS, pushEnvTable, readPushConfig } from './push-config';
import { ROBOT_MSG } from './robot-message.fixture';
import { startWecomPeer, type RobotPeer } from './robots.fixture';

const FULL = {
  SMTP_URL: 'smtps://alarm%40ztj.example:p%40ss@smtp.example.com:465',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '冷链监控',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  WECHAT_APP_ID: 'wx1',
  WECHAT_APP_SECRET: 's',
  WECHAT_TEMPLATE_ID: 'T',
  WECOM_WEBHOOK_URL: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k-123',
  DINGTALK_WEBHOOK_URL: 'https://oapi.dingtalk.com/robot/send?access_token=t-123',
  DINGTALK_SECRET: 'SECabc',
};

function configError(env: Record<string, string>): string {
  try {
    readPushConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

let peer: RobotPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe('push channel configuration', () => {
  it('PUSH_CONSOLE_URL: kept without trailing slash, hash or query; not a URL → error naming it', () => {
    expect(readPushConfig({ PUSH_CONSOLE_URL: 'https://iot.example.com/console/#/x?y=1' }).consoleUrl).toBe(
      'https://iot.example.com/console',
    );
    expect(alarmLink('https://iot.example.com', 'a 1')).toBe('https://iot.example.com/#/alarm/list?alarmId=a%201');
    expect(configError({ PUSH_CONSOLE_URL: 'iot.example.com' })).toContain('PUSH_CONSOLE_URL');
  });
  it('configures nothing by default: no channel, 10 s bound', () => {
    const cfg = readPushConfig({ SMTP_URL: '', PATH: '/usr/bin' });
    expect(cfg).toEqual({ timeoutMs: 10_000 });
    expect(createChannels(cfg)).toEqual([]);
  });

  it('creates exactly the configured channels, in order, with the SPEC §4 push types and default endpoints', async () => {
    const cfg = readPushConfig({ ...FULL, PUSH_TIMEOUT_MS: '5000' });
    expect(cfg.timeoutMs).toBe(5000);
    expect(cfg.email).toEqual({ smtpUrl: FULL.SMTP_URL, from: 'alarm@ztj.example' });
    expect(cfg.sms?.endpoint).toBe('https://dysmsapi.aliyuncs.com');
    expect(cfg.wechat?.apiBase).toBe('https://api.weixin.qq.com');
    expect(cfg.dingtalk).toEqual({ webhookUrl: FULL.DINGTALK_WEBHOOK_URL, secret: 'SECabc' });
    const channels = createChannels(cfg);
    expect(channels.map((c) => [c.code, c.pushType])).toEqual([
      ['sms', 1],
      ['wechat', 2],
      ['email', 4],
      ['wecom', 0],
      ['dingtalk', 0],
    ]);
    await Promise.all(channels.map((c) => c.close?.()));
    const onlyRobot = createChannels(readPushConfig({ WECOM_WEBHOOK_URL: FULL.WECOM_WEBHOOK_URL }));
    expect(onlyRobot.map((c) => c.code)).toEqual(['wecom']);
  });

  it('refuses half-configured channels and malformed values, naming every variable', () => {
    const message = configError({
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      WECHAT_APP_SECRET: 's',
      SMTP_URL: 'http://mail.example.com',
      WECOM_WEBHOOK_URL: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send',
      DINGTALK_SECRET: 'SECx',
      PUSH_TIMEOUT_MS: '10s',
    });
    for (const name of [
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
      'WECHAT_APP_ID',
      'WECHAT_TEMPLATE_ID',
      'SMTP_URL',
      'WECOM_WEBHOOK_URL',
      'DINGTALK_SECRET',
      'PUSH_TIMEOUT_MS',
    ]) {
      expect(message).toContain(`${name}:`);
    }
    expect(message).not.toContain('secret: s');
    expect(configError({ SMTP_URL: 'smtp://relay:pw@mail.example.com:587' })).toContain('SMTP_FROM: required');
    expect(
      readPushConfig({ SMTP_URL: 'smtp://relay:pw@mail.example.com:587', SMTP_FROM: '"ZTJ" <alarm@ztj.example>' }).email
        ?.from,
    ).toBe('"ZTJ" <alarm@ztj.example>');
    expect(configError({ DINGTALK_WEBHOOK_URL: 'https://oapi.dingtalk.com/robot/send' })).toContain(
      'DINGTALK_WEBHOOK_URL:',
    );
  });

  it('wires the configured webhook, the fetch option and PUSH_TIMEOUT_MS into a working channel', async () => {
    peer = await startWecomPeer('k-1');
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const [bot] = createChannels(readPushConfig({ WECOM_WEBHOOK_URL: peer.webhook, PUSH_TIMEOUT_MS: '300' }), {
      fetch: counting,
    });
    expect(await bot.send(bot.addressOf({})!, ROBOT_MSG)).toMatchObject({ ok: true });
    expect(calls).toBe(1);
    peer.forced.push('hang');
    const started = Date.now();
    expect(await bot.send('', ROBOT_MSG)).toMatchObject({ ok: false, retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('documents every variable it reads, and renders them as the README table', () => {
    const source = fs
      .readFileSync(new URL('./push-config.ts', import.meta.url), 'utf8')
      .split('export function readPushConfig')[1];
    const read = new Set(
      [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9_]{3,})'/g)].map((m) => m[1] ?? m[2]),
    );
    expect([...read].sort()).toEqual(PUSH_ENV_VARS.map((v) => v.name).sort());
    const table = pushEnvTable().split('\n');
    expect(table.slice(0, 2)).toEqual(['| variable | default | meaning |', '|---|---|---|']);
    expect(table).toHaveLength(PUSH_ENV_VARS.length + 2);
    expect(table).toContain(`| \`PUSH_TIMEOUT_MS\` | \`10000\` | ${PUSH_ENV_VARS[0].meaning} |`);
    expect(table.find((l) => l.startsWith('| `SMTP_URL` |'))).toMatch(/^\| `SMTP_URL` \| unset \| /);
    for (const row of table.slice(2)) expect(row.split(' | ')).toHaveLength(3);
  });
});
