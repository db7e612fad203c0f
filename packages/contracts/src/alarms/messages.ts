import type { BilingualText } from '../i18n';

/**
 * Envelope messages of the alarm area, merged into `MESSAGES`. Keys used by the alarm
 * handling calls come first, then settings (templates, user groups, scenes) and push.
 */
export const ALARM_MESSAGES = {
  alarmNotFound: { 'zh-CN': '告警不存在', 'en-US': 'Alarm not found' },
  alarmAlreadyProcessed: { 'zh-CN': '该告警已处理', 'en-US': 'This alarm has already been processed' },
  templateNotFound: { 'zh-CN': '规则模板不存在', 'en-US': 'Rule template not found' },
  templateNameExists: { 'zh-CN': '规则模板名称已存在', 'en-US': 'A rule template with this name already exists' },
  userGroupNotFound: { 'zh-CN': '用户组不存在', 'en-US': 'User group not found' },
  userGroupNameExists: { 'zh-CN': '用户组名称已存在', 'en-US': 'A user group with this name already exists' },
  userNotInTenant: { 'zh-CN': '用户不属于当前租户', 'en-US': 'The user does not belong to this tenant' },
  sceneNotFound: { 'zh-CN': '场景不存在', 'en-US': 'Scene not found' },
  sceneNameExists: { 'zh-CN': '场景名称已存在', 'en-US': 'A scene with this name already exists' },
  sceneCommandOutOfLimits: {
    'zh-CN': '设备{device}的周期设置超出型号限制：{detail}',
    'en-US': 'Period settings out of the model limits of device {device}: {detail}',
  },
  deviceNotInTenant: { 'zh-CN': '设备不存在或不属于当前租户：{id}', 'en-US': 'Device not found in this tenant: {id}' },
  groupNotInTenant: { 'zh-CN': '设备分组不存在：{id}', 'en-US': 'Device group not found: {id}' },
} as const satisfies Record<string, BilingualText>;
