import type { SliderPoint } from '@ztj/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startAliyunSmsPeer, type AliyunSmsPeer } from '../../platform/notify/aliyun-sms.fixture';

/**
 * Test fixture of the self-service flows (register, recovery, tenant expiry): a test app whose SMS
 * codes go to a local Aliyun SMS provider (the push channel's fixture) and whose registration
 * policy names `registerTenant`. Process environment is restored by `close()`.
 */
export interface SelfServiceFixture {
  t: TestApp;
  peer: AliyunSmsPeer;
  /** The newest code the provider received for `phone`, waiting (bounded) for the `count`-th message. */
  codeFor(phone: string, count: number): Promise<string>;
  /** Messages the provider received for `phone`. */
  sentTo(phone: string): number;
  close(): Promise<void>;
}

const ACCOUNT = {
  accessKeyId: 'LTAI-test-key',
  accessKeySecret: 'test-secret',
  signName: '中通集',
  templateCode: 'SMS_CODE_1',
};

export async function startSelfServiceFixture(env: Record<string, string> = {}): Promise<SelfServiceFixture> {
  const saved = { ...process.env };
  const peer = await startAliyunSmsPeer(ACCOUNT);
  Object.assign(process.env, {
    ALIYUN_SMS_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: ACCOUNT.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: ACCOUNT.signName,
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_ALARM_1',
    ALIYUN_SMS_ENDPOINT: peer.base,
    ALIYUN_SMS_CODE_TEMPLATE_CODE: ACCOUNT.templateCode,
    ...env,
  });
  const t = await createTestApp({ TRUST_PROXY: 'on' });
  const sentTo = (phone: string): number => peer.sent.filter((m) => m.phone === phone).length;
  return {
    t,
    peer,
    sentTo,
    async codeFor(phone, count) {
      for (let i = 0; i < 200 && sentTo(phone) < count; i++) await new Promise((r) => setTimeout(r, 20));
      const last = peer.sent.filter((m) => m.phone === phone).at(-1);
      if (!last || sentTo(phone) < count) throw new Error(`no SMS #${count} for ${phone}`);
      return last.template.value!;
    },
    async close() {
      process.env = saved;
      await t.close();
      await peer.close();
    },
  };
}

/** A human-like drag over `width` px: `points` moves over `durationMs`, easing in and out. */
export function dragTrace(width: number, points = 30, durationMs = 700): SliderPoint[] {
  return Array.from({ length: points }, (_, i) => {
    const f = i / (points - 1);
    return { x: Math.round(width * (0.5 - Math.cos(Math.PI * f) / 2) * 100) / 100, t: Math.round(durationMs * f) };
  });
}

/** Request headers from client address `ip` in `lang`. */
export function from(ip: string, lang = 'en-US'): Record<string, string> {
  return { 'x-forwarded-for': ip, 'accept-language': lang };
}
