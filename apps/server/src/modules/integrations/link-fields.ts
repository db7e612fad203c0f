import type { ListField } from '../../platform/list/list-spec';

/**
 * List fields the Modbus config list and the external device list share: the link state of a
 * polled or fed device and the time of its last poll (ms epoch).
 */

/** The link state column at `sql`: online, offline, backoff (retrying after failures) or disabled. */
export const linkStateField = (sql: string): ListField => ({
  sql,
  type: 'string',
  label: { 'zh-CN': '状态', 'en-US': 'State' },
  options: {
    online: { 'zh-CN': '在线', 'en-US': 'Online' },
    offline: { 'zh-CN': '离线', 'en-US': 'Offline' },
    backoff: { 'zh-CN': '重试中', 'en-US': 'Backing off' },
    disabled: { 'zh-CN': '已停用', 'en-US': 'Disabled' },
  },
});

/** The last poll time column at `sql` (ms epoch). */
export const lastPollField = (sql: string): ListField => ({
  sql,
  type: 'number',
  epochMs: true,
  label: { 'zh-CN': '最后采集时间', 'en-US': 'Last poll' },
});
