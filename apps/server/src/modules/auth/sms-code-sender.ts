import { createAliyunSmsChannel } from '../../platform/notify/aliyun-sms.channel';
import type { PushMessage } from '../../platform/notify/channel';
import { readPushConfig } from '../../platform/notify/push-config';
import type { FetchFn } from '../../platform/notify/provider-http';
import type { SmsPurpose } from '@ztj/contracts';

/** Environment variable naming the approved verification-code template (docs/security.md "Phone sign-in"). */
export const SMS_CODE_TEMPLATE_VAR = 'ALIYUN_SMS_CODE_TEMPLATE_CODE';

/** Sends one SMS code; resolves to the provider's outcome, never throws for provider faults. */
export interface SmsCodeSender {
  send(phone: string, code: string, purpose: SmsPurpose): Promise<{ ok: boolean; answer: string }>;
}

/**
 * The SMS code sender of this environment: the alarm push SMS channel (Aliyun SendSms, the
 * `ALIYUN_SMS_*` settings of the push channels) with the code template `ALIYUN_SMS_CODE_TEMPLATE_CODE`
 * instead of the alarm template. The code template takes the channel's four variables:
 * `${value}` is the code, `${time}` the minutes it stays valid (5), `${type}` the purpose
 * (login, register, recovery, changePhone), `${device}` the product name; a template may use only
 * `${value}`. Null when the SMS channel or the code template is not configured (or the push
 * settings are invalid: the server refuses to start on those elsewhere).
 */
export function smsCodeSenderFromEnv(
  env: Record<string, string | undefined>,
  deps: { fetch?: FetchFn; now?: () => number } = {},
): SmsCodeSender | null {
  const template = env[SMS_CODE_TEMPLATE_VAR]?.trim();
  if (!template) return null;
  let sms;
  try {
    sms = readPushConfig(env).sms;
  } catch {
    return null;
  }
  if (!sms) return null;
  const channel = createAliyunSmsChannel({ ...sms, templateCode: template }, deps);
  return {
    async send(phone, code, purpose) {
      const msg: PushMessage = {
        title: code,
        text: code,
        severity: 'L',
        deviceId: 'ZTJ',
        deviceName: 'ZTJ IoT',
        alarmType: purpose,
        value: code,
        time: '5',
      };
      const r = await channel.send(phone, msg);
      return { ok: r.ok, answer: r.answer };
    },
  };
}
