import type { BilingualText } from './i18n';

/** Envelope messages of the self-service pages and tenant renewal. */
export const SELF_SERVICE_MESSAGES = {
  registerClosed: {
    'zh-CN': '本平台未开放注册，请联系平台管理员',
    'en-US': 'Registration is not open on this platform, contact the platform administrator',
  },
  sliderInvalid: {
    'zh-CN': '滑块验证失败或已过期，请重新拖动',
    'en-US': 'Slider verification failed or expired, drag it again',
  },
  recoveryTicketInvalid: {
    'zh-CN': '验证已过期，请重新获取短信验证码',
    'en-US': 'The verification expired, ask for a new SMS code',
  },
  renewEndInPast: { 'zh-CN': '续期的结束时间必须晚于现在', 'en-US': 'The new end date must be in the future' },
} satisfies Record<string, BilingualText>;
