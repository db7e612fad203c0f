import { ConfigError } from '../config/config';
import { createAliyunSmsChannel, type AliyunSmsConfig } from './aliyun-sms.channel';
import { DEFAULT_PUSH_TIMEOUT_MS, type PushChannel } from './channel';
import { createDingtalkChannel, type DingtalkConfig } from './dingtalk.channel';
import { createEmailChannel, type EmailConfig } from './email.channel';
import type { FetchFn } from './provider-http';
import { createWechatChannel, type WechatConfig } from './wechat.channel';
import { createWecomChannel, type WecomConfig } from './wecom.channel';

/** One documented environment variable of the push channels (the table in docs/alarms-and-push.md is made from these). */
export interface PushEnvVar {
  name: string;
  /** Default value, or null for "unset". */
  default: string | null;
  meaning: string;
}

/** The push channels' environment variables, in the order of docs/alarms-and-push.md. */
export const PUSH_ENV_VARS: readonly PushEnvVar[] = [
  {
    name: 'PUSH_TIMEOUT_MS',
    default: '10000',
    meaning:
      'bound of one alarm push attempt on any channel (connect, send, answer), ms (100-120000); past it the attempt fails and may be retried',
  },
  {
    name: 'PUSH_CONSOLE_URL',
    default: null,
    meaning:
      'address of the console as recipients reach it, `https://iot.example.com/`: every push message links to its alarm (`…/#/alarm/list?alarmId=…`); unset → messages without a link',
  },
  {
    name: 'SMTP_URL',
    default: null,
    meaning:
      'e-mail push (push type 4): `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://user:password@host:465`; URL-encode special characters of the password; unset → no e-mail channel',
  },
  {
    name: 'SMTP_FROM',
    default: '(the SMTP user)',
    meaning:
      'From of alarm e-mails, `alarm@example.com` or `"ZTJ IoT" <alarm@example.com>`; required when the SMTP user is not an e-mail address',
  },
  {
    name: 'ALIYUN_SMS_ACCESS_KEY_ID',
    default: null,
    meaning:
      'SMS push (push type 1) through Aliyun SMS SendSms: AccessKey id of a RAM user allowed to send SMS; with the next three → SMS channel, none → no SMS channel',
  },
  { name: 'ALIYUN_SMS_ACCESS_KEY_SECRET', default: null, meaning: "that AccessKey's secret" },
  { name: 'ALIYUN_SMS_SIGN_NAME', default: null, meaning: 'approved SMS signature name (签名)' },
  {
    name: 'ALIYUN_SMS_TEMPLATE_CODE',
    default: null,
    meaning:
      'approved notification template `SMS_…` with the variables `${device}` (device name), `${type}` (parameter name), `${value}` (value with unit and the limit breached) and `${time}` (start time with its zone, `12-02 14:03 UTC+8`), each sent cut to 20 characters',
  },
  { name: 'ALIYUN_SMS_ENDPOINT', default: 'https://dysmsapi.aliyuncs.com', meaning: 'SMS API endpoint' },
  {
    name: 'WECHAT_APP_ID',
    default: null,
    meaning:
      "WeChat push (push type 2) as Official Account template messages: the account's AppID; with the next two → WeChat channel (the server's address must be on the account's IP whitelist)",
  },
  {
    name: 'WECHAT_APP_SECRET',
    default: null,
    meaning: "the account's AppSecret (the access_token it gets is cached in memory, refreshed 5 min before expiry)",
  },
  {
    name: 'WECHAT_TEMPLATE_ID',
    default: null,
    meaning:
      'template id with the fields `first`, `keyword1` (device), `keyword2` (what happened: parameter, value, limit), `keyword3` (value with unit), `keyword4` (start time with its zone), `remark`',
  },
  { name: 'WECHAT_API_BASE', default: 'https://api.weixin.qq.com', meaning: 'WeChat API base URL' },
  {
    name: 'WECOM_WEBHOOK_URL',
    default: null,
    meaning:
      'WeCom group robot for the whole tenant: `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`; unset → none',
  },
  {
    name: 'DINGTALK_WEBHOOK_URL',
    default: null,
    meaning: 'DingTalk custom group robot: `https://oapi.dingtalk.com/robot/send?access_token=…`; unset → none',
  },
  {
    name: 'DINGTALK_SECRET',
    default: null,
    meaning:
      "the robot's signing secret (`SEC…`, security setting 加签); unset → requests are not signed (keyword or IP security)",
  },
];

/** Markdown table of PUSH_ENV_VARS in the format of docs/alarms-and-push.md (`| variable | default | meaning |`). */
export function pushEnvTable(): string {
  const rows = PUSH_ENV_VARS.map(
    (v) =>
      `| \`${v.name}\` | ${v.default === null ? 'unset' : v.default.startsWith('(') ? v.default : `\`${v.default}\``} | ${v.meaning} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The configured channels' settings; an absent member is a channel not configured. */
export interface PushConfig {
  /** Bound of one send, ms. */
  timeoutMs: number;
  /** Console address for the alarm link of messages (`PUSH_CONSOLE_URL`), without the trailing slash. */
  consoleUrl?: string;
  email?: EmailConfig;
  sms?: AliyunSmsConfig;
  wechat?: WechatConfig;
  wecom?: WecomConfig;
  dingtalk?: DingtalkConfig;
}

function httpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A group of variables that configure one channel together: all or none. */
function group(env: Record<string, string | undefined>, names: string[], issues: string[]): string[] | undefined {
  const missing = names.filter((n) => !env[n]);
  if (missing.length === names.length) return undefined;
  for (const n of missing) issues.push(`${n}: required with ${names.filter((x) => env[x]).join(', ')}`);
  return missing.length ? undefined : names.map((n) => env[n] as string);
}

/**
 * Reads the push channels' settings from the environment (PUSH_ENV_VARS; an empty value is unset).
 * @throws ConfigError naming each bad variable: a channel's group half set, a URL of the wrong
 * kind, a webhook without its key/access_token, a bad PUSH_TIMEOUT_MS.
 */
export function readPushConfig(envIn: Record<string, string | undefined>): PushConfig {
  const env = Object.fromEntries(
    Object.entries(envIn)
      .filter(([, v]) => v !== undefined && v.trim() !== '')
      .map(([k, v]) => [k, (v as string).trim()]),
  );
  const issues: string[] = [];
  const cfg: PushConfig = { timeoutMs: DEFAULT_PUSH_TIMEOUT_MS };

  if (env.PUSH_TIMEOUT_MS !== undefined) {
    const n = Number(env.PUSH_TIMEOUT_MS);
    if (!Number.isInteger(n) || n < 100 || n > 120_000)
      issues.push('PUSH_TIMEOUT_MS: an integer from 100 to 120000 (ms)');
    else cfg.timeoutMs = n;
  }

  if (env.PUSH_CONSOLE_URL !== undefined) {
    if (!httpUrl(env.PUSH_CONSOLE_URL)) issues.push('PUSH_CONSOLE_URL: expected an http(s) URL');
    else cfg.consoleUrl = env.PUSH_CONSOLE_URL.replace(/[#?].*$/, '').replace(/\/+$/, '');
  }

  if (env.SMTP_URL) {
    let user = '';
    try {
      const u = new URL(env.SMTP_URL);
      if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') throw new Error('scheme');
      if (!u.hostname) throw new Error('host');
      user = decodeURIComponent(u.username);
    } catch {
      issues.push('SMTP_URL: expected smtp://user:password@host:port or smtps://…');
    }
    const from = env.SMTP_FROM ?? (user.includes('@') ? user : '');
    if (!from) issues.push('SMTP_FROM: required when the SMTP user is not an e-mail address');
    else if (!from.includes('@')) issues.push('SMTP_FROM: expected an e-mail address');
    cfg.email = { smtpUrl: env.SMTP_URL, from };
  } else if (env.SMTP_FROM) issues.push('SMTP_FROM: set without SMTP_URL');

  const sms = group(
    env,
    ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'],
    issues,
  );
  const smsEndpoint = env.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com';
  if (!httpUrl(smsEndpoint)) issues.push('ALIYUN_SMS_ENDPOINT: expected an http(s) URL');
  if (sms)
    cfg.sms = {
      accessKeyId: sms[0],
      accessKeySecret: sms[1],
      signName: sms[2],
      templateCode: sms[3],
      endpoint: smsEndpoint,
    };

  const wx = group(env, ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TEMPLATE_ID'], issues);
  const wxBase = env.WECHAT_API_BASE ?? 'https://api.weixin.qq.com';
  if (!httpUrl(wxBase)) issues.push('WECHAT_API_BASE: expected an http(s) URL');
  if (wx) cfg.wechat = { appId: wx[0], appSecret: wx[1], templateId: wx[2], apiBase: wxBase };

  if (env.WECOM_WEBHOOK_URL) {
    const ok = httpUrl(env.WECOM_WEBHOOK_URL) && new URL(env.WECOM_WEBHOOK_URL).searchParams.get('key');
    if (!ok) issues.push('WECOM_WEBHOOK_URL: expected the robot webhook https://…/cgi-bin/webhook/send?key=…');
    cfg.wecom = { webhookUrl: env.WECOM_WEBHOOK_URL };
  }

  if (env.DINGTALK_WEBHOOK_URL) {
    const ok = httpUrl(env.DINGTALK_WEBHOOK_URL) && new URL(env.DINGTALK_WEBHOOK_URL).searchParams.get('access_token');
    if (!ok) issues.push('DINGTALK_WEBHOOK_URL: expected the robot webhook https://…/robot/send?access_token=…');
    cfg.dingtalk = {
      webhookUrl: env.DINGTALK_WEBHOOK_URL,
      ...(env.DINGTALK_SECRET ? { secret: env.DINGTALK_SECRET } : {}),
    };
  } else if (env.DINGTALK_SECRET) issues.push('DINGTALK_SECRET: set without DINGTALK_WEBHOOK_URL');

  if (issues.length) throw new ConfigError(`Invalid configuration:\n${issues.map((l) => `  ${l}`).join('\n')}`);
  return cfg;
}

/** Console link of an alarm in push messages: `<consoleUrl>/#/alarm/list?alarmId=<id>`. */
export function alarmLink(consoleUrl: string, alarmId: string): string {
  return `${consoleUrl}/#/alarm/list?alarmId=${encodeURIComponent(alarmId)}`;
}

/** Options of createChannels: HTTP client and clock for tests, and a bound overriding cfg.timeoutMs. */
export interface CreateChannelsOptions {
  fetch?: FetchFn;
  now?: () => number;
  timeoutMs?: number;
}

/**
 * The configured channels only, in the order sms, wechat, email, wecom, dingtalk; a channel whose
 * settings are absent is not in the list (the dispatcher records "not configured").
 */
export function createChannels(cfg: PushConfig, opts: CreateChannelsOptions = {}): PushChannel[] {
  const deps = { fetch: opts.fetch, now: opts.now, timeoutMs: opts.timeoutMs ?? cfg.timeoutMs };
  const channels: PushChannel[] = [];
  if (cfg.sms) channels.push(createAliyunSmsChannel(cfg.sms, deps));
  if (cfg.wechat) channels.push(createWechatChannel(cfg.wechat, deps));
  if (cfg.email) channels.push(createEmailChannel(cfg.email, { timeoutMs: deps.timeoutMs }));
  if (cfg.wecom) channels.push(createWecomChannel(cfg.wecom, deps));
  if (cfg.dingtalk) channels.push(createDingtalkChannel(cfg.dingtalk, deps));
  return channels;
}
