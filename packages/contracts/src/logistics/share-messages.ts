import type { BilingualText } from '../i18n';

/** Envelope and field-error messages of shares, merged into `MESSAGES`. */
export const SHARE_MESSAGES = {
  shareNotFound: { 'zh-CN': '共享不存在', 'en-US': 'Share not found' },
  shareEnded: { 'zh-CN': '共享已解除，不能修改', 'en-US': 'The share has ended and cannot be changed' },
  shareNoAccess: {
    'zh-CN': '该设备未共享给您或共享已失效',
    'en-US': 'This device is not shared with you or the share is no longer valid',
  },
  shareToSelf: { 'zh-CN': '不能共享给自己', 'en-US': 'You cannot share with yourself' },
  shareAccountUnknown: { 'zh-CN': '账号不存在', 'en-US': 'The account does not exist' },
  shareExpirePast: { 'zh-CN': '到期时间必须晚于当前时间', 'en-US': 'The expiry time must be later than now' },
  shareShareIdRequired: { 'zh-CN': '请选择一条记录', 'en-US': 'Please select a record' },
} as const satisfies Record<string, BilingualText>;
