import type { BilingualText } from '../i18n';

/** Messages of the JeecgBoot-client calls, merged into MESSAGES. */
export const JEECG_CALL_MESSAGES = {
  permsExists: { 'zh-CN': '授权标识已存在', 'en-US': 'Permission code already exists' },
  logChained: {
    'zh-CN': '操作日志属于记录完整性链，不能删除，只能按保留期清除',
    'en-US': 'Operation logs belong to the record-integrity chain: they cannot be deleted and leave only by retention',
  },
} satisfies Record<string, BilingualText>;
