import type { BilingualText } from '../i18n';

/**
 * Server messages of the device area (SPEC §8 "this device is already on" and its siblings),
 * merged into the shared `MESSAGES` catalogue so `AppError` can name them.
 */
export const DEVICE_MESSAGES = {
  deviceNotFound: { 'zh-CN': '设备不存在', 'en-US': 'Device not found' },
  deviceAlreadyOn: { 'zh-CN': '该设备已开机', 'en-US': 'This device is already on' },
  deviceAlreadyOff: { 'zh-CN': '该设备已关机', 'en-US': 'This device is already off' },
  remoteShutdownNotAllowed: {
    'zh-CN': '该设备不支持或未开启远程关机',
    'en-US': 'Remote shutdown is not available or not enabled for this device',
  },
  commandSent: { 'zh-CN': '指令已下发', 'en-US': 'Command sent' },
  groupNotFound: { 'zh-CN': '分组不存在', 'en-US': 'Group not found' },
  groupNameLength: { 'zh-CN': '分组名称长度为4到20个字符', 'en-US': 'The group name must be 4 to 20 characters' },
  groupNameExists: { 'zh-CN': '分组名称已存在', 'en-US': 'The group name already exists' },
  gatewayNotFound: { 'zh-CN': '网关不存在', 'en-US': 'Gateway not found' },
  deviceAuthFailed: { 'zh-CN': '设备认证失败', 'en-US': 'Device authentication failed' },
  ingestRejected: { 'zh-CN': '数据被拒收：{reason}', 'en-US': 'Data rejected: {reason}' },
  exportNoData: { 'zh-CN': '文件下载失败', 'en-US': 'File download failed' },
  exportTypeUnavailable: {
    'zh-CN': '暂不能生成“{type}”：平台尚未接入此类设备',
    'en-US': '“{type}” cannot be generated yet: the platform has no devices of this kind',
  },
  historyRangeInvalid: {
    'zh-CN': '结束时间必须晚于开始时间',
    'en-US': 'The end time must be later than the start time',
  },
} as const satisfies Record<string, BilingualText>;
