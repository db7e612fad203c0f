import type { BilingualText } from '../i18n';

/**
 * Texts of alarm notices (push messages on every channel, the console's live notice), both
 * languages, used by `buildAlarmMessage` (`alarm-message.ts`). Placeholders in braces: `{param}`
 * parameter name, `{value}` value with unit, `{limit}` / `{min}` / `{max}` limits with unit,
 * `{n}` a count (minutes, reminder number, metres), `{place}` a location or route name, `{time}` a
 * time with its zone.
 */
export const ALARM_NOTICE_TEXTS = {
  // events
  raised: { 'zh-CN': '告警产生', 'en-US': 'Alarm raised' },
  reminder: { 'zh-CN': '第{n}次提醒', 'en-US': 'Reminder {n}' },
  escalated: { 'zh-CN': '告警升级', 'en-US': 'Escalated' },
  cleared: { 'zh-CN': '告警解除', 'en-US': 'Alarm cleared' },
  // labels of the text lines
  device: { 'zh-CN': '设备', 'en-US': 'Device' },
  severity: { 'zh-CN': '级别', 'en-US': 'Severity' },
  startTime: { 'zh-CN': '开始时间', 'en-US': 'Started' },
  endTime: { 'zh-CN': '解除时间', 'en-US': 'Cleared' },
  rule: { 'zh-CN': '规则', 'en-US': 'Rule' },
  alarmWord: { 'zh-CN': '告警', 'en-US': 'alarm' },
  // an episode learned late (back-filled data), still active when learned of
  late: { 'zh-CN': '迟到（获知于 {time}）', 'en-US': 'late (learned at {time})' },
  // what happened, per condition kind
  above: { 'zh-CN': '{param} {value}，高于上限 {limit}', 'en-US': '{param} {value}, above the limit {limit}' },
  atOrAbove: {
    'zh-CN': '{param} {value}，达到或高于上限 {limit}',
    'en-US': '{param} {value}, at or above the limit {limit}',
  },
  below: { 'zh-CN': '{param} {value}，低于下限 {limit}', 'en-US': '{param} {value}, below the limit {limit}' },
  atOrBelow: {
    'zh-CN': '{param} {value}，达到或低于下限 {limit}',
    'en-US': '{param} {value}, at or below the limit {limit}',
  },
  outside: { 'zh-CN': '{param} {value}，超出 {limit}', 'en-US': '{param} {value}, outside {limit}' },
  inside: { 'zh-CN': '{param} {value}，处于 {limit} 之内', 'en-US': '{param} {value}, within {limit}' },
  sustained: { 'zh-CN': '，持续 {n} 分钟', 'en-US': ' for {n} minute(s)' },
  sustainedOne: { 'zh-CN': '，持续 1 分钟', 'en-US': ' for 1 minute' },
  offline: {
    'zh-CN': '设备离线：超过 {n} 分钟没有数据',
    'en-US': 'Device offline: no reading for {n} minute(s)',
  },
  offlineOne: { 'zh-CN': '设备离线：超过 1 分钟没有数据', 'en-US': 'Device offline: no reading for 1 minute' },
  fenceEnter: { 'zh-CN': '进入围栏「{place}」', 'en-US': 'Entered the fence “{place}”' },
  fenceLeave: { 'zh-CN': '离开围栏「{place}」', 'en-US': 'Left the fence “{place}”' },
  fenceCross: { 'zh-CN': '进出围栏「{place}」', 'en-US': 'Crossed the edge of the fence “{place}”' },
  routeDeviation: {
    'zh-CN': '偏离路线「{place}」超过 {n} 米',
    'en-US': 'Off the route “{place}” by more than {n} m',
  },
  dwell: {
    'zh-CN': '在围栏「{place}」内停留超过 {n} 分钟',
    'en-US': 'Stayed inside the fence “{place}” for more than {n} minute(s)',
  },
  doorWhileOpen: { 'zh-CN': '{param}：处于开启状态', 'en-US': '{param}: open' },
  doorWhileClosed: { 'zh-CN': '{param}：处于关闭状态', 'en-US': '{param}: closed' },
  doorOpened: { 'zh-CN': '{param}：被打开', 'en-US': '{param}: opened' },
  doorClosed: { 'zh-CN': '{param}：被关闭', 'en-US': '{param}: closed after being open' },
  tilt: { 'zh-CN': '{param} {value}，达到或超过 {limit}', 'en-US': '{param} {value}, at or beyond {limit}' },
  tiltNoValue: { 'zh-CN': '设备倾倒', 'en-US': 'Device tipped over' },
  freeFall: { 'zh-CN': '检测到跌落', 'en-US': 'Free fall detected' },
  lowBattery: { 'zh-CN': '{param} {value}，不高于 {limit}', 'en-US': '{param} {value}, at or below {limit}' },
  powerOff: { 'zh-CN': '设备断电', 'en-US': 'Power off' },
  plainValue: { 'zh-CN': '{param} {value}', 'en-US': '{param} {value}' },
  unknownPlace: { 'zh-CN': '未知位置', 'en-US': 'unknown place' },
} as const satisfies Record<string, BilingualText>;

/** A key of {@link ALARM_NOTICE_TEXTS}. */
export type AlarmNoticeTextKey = keyof typeof ALARM_NOTICE_TEXTS;
