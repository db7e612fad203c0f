import { randomUUID } from 'node:crypto';
import { signedQuery, rpcTimestamp } from './aliyun-rpc-signature';
import { DEFAULT_PUSH_TIMEOUT_MS, type PushChannel, type PushMessage } from './channel';
import { attempt, callProvider, type HttpChannelDeps } from './provider-http';

/** Settings of the Aliyun SMS channel (docs/alarms-and-push.md, ALIYUN_SMS_* variables). */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** Approved signature name (签名). */
  signName: string;
  /** Approved template code, `SMS_…`, whose variables are `${device} ${type} ${value} ${time}`. */
  templateCode: string;
  /** Service endpoint, https://dysmsapi.aliyuncs.com unless a test peer or proxy is used. */
  endpoint: string;
}

/** Longest template variable sent, characters; longer values are cut (Aliyun limits variable length). */
export const SMS_VARIABLE_MAX_CHARS = 20;

function shortValue(value: string): string {
  const chars = [...value.trim()];
  if (chars.length === 0) return '-';
  return chars.length <= SMS_VARIABLE_MAX_CHARS
    ? chars.join('')
    : `${chars.slice(0, SMS_VARIABLE_MAX_CHARS - 1).join('')}…`;
}

/**
 * The TemplateParam JSON: `{device, type, value, time}`, each at most {@link SMS_VARIABLE_MAX_CHARS}
 * characters and never empty (an empty variable is refused; "-" stands for none): device name,
 * parameter name (`温度`), value with unit and the limit breached (`12.0 °C(2.0–8.0 °C)`; a long
 * limit is cut), start time with its zone (`12-02 14:03 UTC+8`).
 */
export function smsTemplateParam(msg: PushMessage): string {
  const value = msg.value && msg.limit ? `${msg.value}(${msg.limit})` : msg.value || msg.limit || '';
  return JSON.stringify({
    device: shortValue(msg.deviceName || msg.deviceId),
    type: shortValue(msg.parameter || msg.alarmType),
    value: shortValue(value),
    time: shortValue(msg.shortTime || msg.time),
  });
}

/** Codes documented as transient: flow control and the platform's own faults. */
const RETRYABLE_CODES = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'SignatureNonceUsed',
  'ServiceUnavailable',
  'InternalError',
]);

/**
 * Whether a failed SendSms `Code` may succeed on a later attempt. Flow control
 * (`isv.BUSINESS_LIMIT_CONTROL`, `Throttling*`) and platform faults (`isp.*` except
 * `isp.RAM_PERMISSION_DENY`) are retried; request and account faults (`isv.*`: bad number,
 * template, signature, balance, daily or monthly quota) and gateway refusals (bad signature,
 * unknown key, expired timestamp, missing parameter; HTTP 4xx) are not. An unknown code on
 * HTTP 200 is retried (the dispatcher bounds retries).
 */
export function smsCodeRetryable(code: string, httpStatus: number): boolean {
  if (RETRYABLE_CODES.has(code) || code.startsWith('Throttling')) return true;
  if (code.startsWith('isp.')) return code !== 'isp.RAM_PERMISSION_DENY';
  if (code.startsWith('isv.')) return false;
  return httpStatus < 400;
}

/**
 * Aliyun SMS (dysmsapi SendSms, Version 2017-05-25, RPC style, GET with HMAC-SHA1 signature 1.0).
 * Push type 1 (SPEC §4). Address: the recipient's phone, passed as the API takes it (11 digits,
 * or with a +86/0086/86 prefix). Success is `Code: "OK"`; the answer is the JSON body.
 */
export function createAliyunSmsChannel(cfg: AliyunSmsConfig, deps: HttpChannelDeps = {}): PushChannel {
  const fetchFn = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const base = new URL('/', cfg.endpoint).toString();
  return {
    code: 'sms',
    pushType: 1,
    addressOf(r) {
      const phone = r.phone?.trim();
      return phone ? phone : null;
    },
    async send(address, msg) {
      const params: Record<string, string> = {
        AccessKeyId: cfg.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: address,
        RegionId: 'cn-hangzhou',
        SignName: cfg.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: cfg.templateCode,
        TemplateParam: smsTemplateParam(msg),
        Timestamp: rpcTimestamp(now()),
        Version: '2017-05-25',
      };
      const url = `${base}?${signedQuery(params, cfg.accessKeySecret)}`;
      const outcome = await callProvider(fetchFn, url, { method: 'GET' }, timeoutMs);
      if ('failed' in outcome) return outcome.failed;
      const { status, body, json } = outcome.answered;
      const code = json && typeof json === 'object' ? (json as { Code?: unknown }).Code : undefined;
      if (typeof code !== 'string') return attempt(false, status < 400, `HTTP ${status}: ${body}`);
      if (code === 'OK' && status < 300) return attempt(true, false, body);
      return attempt(false, smsCodeRetryable(code, status), body);
    },
  };
}
