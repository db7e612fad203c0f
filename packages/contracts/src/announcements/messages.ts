import type { BilingualText } from '../i18n';

/** Envelope messages of announcements, merged into `MESSAGES`. */
export const ANNOUNCEMENT_MESSAGES = {
  announcementNotDraft: {
    'zh-CN': '只有草稿状态的通告可以编辑或发布',
    'en-US': 'Only a draft announcement can be edited or published',
  },
  announcementNotPublished: {
    'zh-CN': '只有已发布的通告可以撤销',
    'en-US': 'Only a published announcement can be revoked',
  },
  announcementNoRecipients: { 'zh-CN': '请选择接收用户', 'en-US': 'Choose the recipients' },
  announcementRecipientUnknown: {
    'zh-CN': '接收用户不属于当前租户',
    'en-US': 'A recipient is not a user of this tenant',
  },
  announcementPublished: { 'zh-CN': '发布成功', 'en-US': 'Published' },
  announcementRevoked: { 'zh-CN': '撤销成功', 'en-US': 'Revoked' },
} as const satisfies Record<string, BilingualText>;
