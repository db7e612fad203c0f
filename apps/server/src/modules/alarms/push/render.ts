import { buildAlarmMessage, type AlarmMessageInput, type Language } from '@ztj/contracts';
import type { PushMessage } from '../../../platform/notify/channel';
import type { AlarmNotice } from '../runtime/alarm-notice';
import { formatEpochMs } from '../../../platform/time/format-time';

/** Alarm event kinds that push (AlarmNotice `kind`). */
export type PushEvent = AlarmNotice['kind'];

/**
 * What a push message is made from (JSON: it travels in the push job): the alarm as pushed, the
 * event, the condition that raised it and the place name of a position condition
 * ({@link AlarmMessageInput}), and the tenant's time zone.
 */
export interface RenderInput extends AlarmMessageInput {
  event: PushEvent;
  /** IANA zone of the tenant (`sys_tenant.time_zone`); absent → {@link RenderOptions.timeZone}. */
  timeZone?: string;
}

/** Options of {@link renderPushMessage}. */
export interface RenderOptions {
  lang?: Language;
  /** IANA time zone when the input carries none (default Asia/Shanghai; always written). */
  timeZone?: string;
  /** Console link to the alarm (its detail route). */
  url?: string;
}

/** A time of the push list (`YYYY-MM-DD HH:mm:ss`, default Asia/Shanghai). */
export function formatDeviceTime(ms: number, timeZone?: string): string {
  return formatEpochMs(ms, timeZone);
}

/**
 * The push message of one alarm event for every channel, made by the contracts' one builder
 * `buildAlarmMessage` (SPEC §2 alarms and push): title, text (what happened with parameter,
 * value with unit and the limit breached; device name and number; severity; start time in the
 * tenant's zone with the zone written; rule), the fields channels with fixed slots use (SMS
 * variables, WeChat keywords) and the console link.
 */
export function renderPushMessage(input: RenderInput, opts: RenderOptions = {}): PushMessage {
  const m = buildAlarmMessage(input, {
    lang: opts.lang,
    timeZone: input.timeZone ?? opts.timeZone,
    ...(opts.url ? { url: opts.url } : {}),
  });
  return {
    title: m.title,
    text: m.text,
    severity: input.alarm.severity,
    deviceId: input.alarm.deviceId,
    deviceName: input.alarm.deviceName || input.alarm.deviceId,
    alarmType: input.alarm.alarmType,
    parameter: m.parameter,
    summary: m.summary,
    value: m.value,
    limit: m.limit,
    time: m.time,
    shortTime: m.shortTime,
    ...(m.url ? { url: m.url } : {}),
  };
}
