import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, ListQuerySchema } from '../system/list';
import { AlarmSeveritySchema } from './rule-template';

/**
 * Alarm handling calls (SPEC §2 alarm list, gateway alarm list, process record list,
 * process and comment drawers; §4 alarm flag; §5 process record 1-500 characters; §7 alarmList,
 * commonAlarmList, comments, alarm statistics, process records add/list/export). Lists take the
 * generic list query (`system/list.ts`) over the public fields named in `*_LIST_FIELDS`.
 * Times: device time in ms since the Unix epoch (`startTs`, `endTs`), server time in ms (`createdAt`).
 */

/** Permission codes of the alarm area (menu perms and buttons seeded on the alarm menus, SPEC §6). */
export const ALARM_PERMS = {
  list: 'alarm:list',
  process: 'alarm:process',
  export: 'alarm:export',
  gatewayList: 'alarm:gateway:list',
  processList: 'alarm:record:list',
  processExport: 'alarm:record:export',
} as const;

/** Alarm flag of SPEC §4: 0 non-alarm (false alarm), 1 alarm, 3 ignore (ignored alarms stay queryable). */
export const ALARM_FLAGS = [0, 1, 3] as const;
/** An alarm flag. */
export type AlarmFlag = (typeof ALARM_FLAGS)[number];
/** zod schema of an alarm flag (query strings coerce). */
export const AlarmFlagSchema = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(3)]));

/** Lifecycle of an alarm: `active` while the condition holds, `cleared` once it stopped (with hysteresis). */
export const ALARM_STATUSES = ['active', 'cleared'] as const;
/** An alarm status. */
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

/** One alarm as listed (alarmList, commonAlarmList, gateway alarm list, device alarms tab). */
export const AlarmRecordSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  /** Relaying gateway of the device, null for a directly connected device. */
  gatewayId: z.string().nullable(),
  ruleSource: z.enum(['template', 'scene']),
  ruleId: z.string(),
  ruleName: z.string(),
  conditionIndex: z.number().int(),
  conditionType: z.string(),
  /** Parameter code (P003…), T001 for a duration, or the condition type (door, tilt, offline…). */
  alarmType: z.string(),
  severity: AlarmSeveritySchema,
  /** True start of the episode, device ms. */
  startTs: z.number(),
  /** When it was raised (start + delay), device ms. */
  raisedTs: z.number(),
  /** When it cleared, device ms; null while active. */
  endTs: z.number().nullable(),
  /** Value that raised it, in the parameter's unit (°C, %RH…); null for non-numeric conditions. */
  value: z.number().nullable(),
  /** Worst value of the episode, same unit. */
  peak: z.number().nullable(),
  /**
   * Parameter code whose unit `value` and `peak` are in when the alarm type does not say it (a
   * duration T001 carries its inner condition's parameter, e.g. P003 °C); absent or null otherwise.
   */
  valueParam: z.string().nullable().optional(),
  status: z.enum(ALARM_STATUSES),
  processed: z.boolean(),
  flag: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  /**
   * True for an episode learned late: found in back-filled data (readings delivered after newer
   * ones, a logger's buffer after a dead zone). Its times are its true device times; `createdAt`
   * is when the server learned of it.
   */
  backfill: z.boolean(),
  /**
   * True when the clock raised it: its deadline (start + delay or duration) passed with no reading
   * at that moment — the device was silent — rather than a reading confirming it. Absent from
   * records written before this field existed (read as false).
   */
  raisedBySilence: z.boolean().optional(),
  /**
   * Id of the alarm of the same device this one is linked with by a silence: on an offline alarm,
   * an alarm active (or raised by silence) when it was raised; on that alarm, the offline alarm.
   * Null or absent when none.
   */
  linkedAlarmId: z.string().nullable().optional(),
  reminders: z.number().int(),
  escalated: z.boolean(),
  processedBy: z.string().nullable(),
  /** Server ms. */
  processedAt: z.number().nullable(),
  /** Server ms when stored. */
  createdAt: z.number(),
});
/** See {@link AlarmRecordSchema}. */
export type AlarmRecord = z.infer<typeof AlarmRecordSchema>;

/**
 * Public fields of the alarm lists (filters `deviceId`, `alarmType`, `severity`, `status`, `flag`,
 * `processed`, `backfill` (true: episodes found in back-filled data, learned late),
 * `startTs_begin`/`startTs_end` ranges; sort by any).
 */
export const ALARM_LIST_FIELDS = [
  'deviceId',
  'deviceName',
  'gatewayId',
  'ruleName',
  'alarmType',
  'severity',
  'startTs',
  'endTs',
  'value',
  'peak',
  'status',
  'processed',
  'flag',
  'backfill',
  'createdAt',
] as const;

/** Process record (SPEC §5: content 1-500 characters; `flag` the result, SPEC §4). */
export const PROCESS_CONTENT_MAX = 500;
/** Body of `process/add`: processes an alarm (stops its reminders) and records what was done. */
export const ProcessAddSchema = z.object({
  alarmId: z.string().min(1, 'validation.required').max(64),
  content: z.string().trim().min(1, 'validation.required').max(PROCESS_CONTENT_MAX, 'validation.tooLong'),
  flag: z.union([z.literal(0), z.literal(1), z.literal(3)], 'validation.required'),
});
/** See {@link ProcessAddSchema}. */
export type ProcessAdd = z.infer<typeof ProcessAddSchema>;
/** One process record (process record list, process drawer history). */
export const ProcessRecordSchema = z.object({
  id: z.string(),
  alarmId: z.string(),
  deviceId: z.string(),
  alarmType: z.string(),
  severity: AlarmSeveritySchema,
  startTs: z.number(),
  content: z.string(),
  flag: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  createBy: z.string(),
  /** Server ms. */
  createTime: z.number(),
});
/** See {@link ProcessRecordSchema}. */
export type ProcessRecord = z.infer<typeof ProcessRecordSchema>;
/** Public fields of the process record list. */
export const PROCESS_LIST_FIELDS = [
  'alarmId',
  'deviceId',
  'alarmType',
  'severity',
  'startTs',
  'content',
  'flag',
  'createBy',
  'createTime',
] as const;

/** A comment on an alarm (comment drawer); 1-500 characters. */
export const CommentAddSchema = z.object({
  alarmId: z.string().min(1, 'validation.required').max(64),
  content: z.string().trim().min(1, 'validation.required').max(PROCESS_CONTENT_MAX, 'validation.tooLong'),
});
export const CommentRecordSchema = z.object({
  id: z.string(),
  alarmId: z.string(),
  content: z.string(),
  createBy: z.string(),
  createTime: z.number(),
});
/** See {@link CommentRecordSchema}. */
export type CommentRecord = z.infer<typeof CommentRecordSchema>;

/** Statistics query: device-time range (ms), default the last 7 days; optional device. */
export const AlarmStatsQuerySchema = z.object({
  beginTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
  deviceId: z.string().max(64).optional(),
});
/** Alarm statistics (SPEC §7): counts by type, by severity and by day (`day` = YYYY-MM-DD, server time zone). */
export const AlarmStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  unprocessed: z.number().int(),
  byType: z.array(z.object({ alarmType: z.string(), count: z.number().int() })),
  bySeverity: z.array(z.object({ severity: AlarmSeveritySchema, count: z.number().int() })),
  byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
/** See {@link AlarmStatsSchema}. */
export type AlarmStats = z.infer<typeof AlarmStatsSchema>;

/**
 * Live alarm notice on the console WebSocket `/websocket/{userId}` (SPEC §7): sent to every user
 * of the tenant who may see the device and has the notification preference `alarmMessage` on,
 * when an alarm is raised, cleared or processed.
 */
export const WsAlarmMessageSchema = z.object({
  cmd: z.literal('alarm'),
  event: z.enum(['raised', 'cleared', 'processed']),
  alarm: AlarmRecordSchema,
  /**
   * What happened, from the one notice builder (`buildAlarmMessage`), both languages: summary with
   * parameter, value with unit and limit, then the start time in the tenant's zone with the zone
   * (`温度 12.0 °C，超出 2.0–8.0 °C，持续 1 分钟 · 2026-12-02 14:03 (UTC+08:00)`). Raised and cleared only.
   */
  notice: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }).optional(),
});
/** See {@link WsAlarmMessageSchema}. */
export type WsAlarmMessage = z.infer<typeof WsAlarmMessageSchema>;

const ok = z.null();
const A = '/wlx/alarm';

/** Alarm calls (SPEC §7), relative to the base path. */
export const AlarmRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/wlx/device/alarmList',
    access: ALARM_PERMS.list,
    tag: 'alarms',
    summary: 'Alarms of the tenant (generic list over ALARM_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(AlarmRecordSchema),
  }),
  commonList: defineRoute({
    method: 'GET',
    path: '/wlx/device/commonAlarmList',
    access: ALARM_PERMS.list,
    tag: 'alarms',
    summary: 'Active and unprocessed alarms, newest first (notice bell, dashboard)',
    query: ListQuerySchema,
    result: pageResultOf(AlarmRecordSchema),
  }),
  gatewayList: defineRoute({
    method: 'GET',
    path: `${A}/gatewayAlarmList`,
    access: ALARM_PERMS.gatewayList,
    tag: 'alarms',
    summary: 'Alarms of devices relayed by a gateway',
    query: ListQuerySchema,
    result: pageResultOf(AlarmRecordSchema),
  }),
  view: defineRoute({
    method: 'GET',
    path: `${A}/queryById`,
    access: ALARM_PERMS.list,
    tag: 'alarms',
    summary: 'One alarm',
    query: IdQuerySchema,
    result: AlarmRecordSchema,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: `${A}/exportXls`,
    access: ALARM_PERMS.export,
    tag: 'alarms',
    summary: 'Export alarms as .xls (same filters as the list)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  gatewayExportXls: defineRoute({
    method: 'GET',
    path: `${A}/gatewayAlarmExportXls`,
    access: ALARM_PERMS.export,
    tag: 'alarms',
    summary: 'Export the gateway alarm list as .xls (download-center type ga, same filters as the gateway list)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  comments: defineRoute({
    method: 'GET',
    path: '/wlx/device/comments',
    access: ALARM_PERMS.list,
    tag: 'alarms',
    summary: 'Comments of an alarm, oldest first',
    query: z.object({ alarmId: z.string().min(1).max(64) }),
    result: z.array(CommentRecordSchema),
  }),
  commentAdd: defineRoute({
    method: 'POST',
    path: '/wlx/device/comments/add',
    access: ALARM_PERMS.list,
    tag: 'alarms',
    summary: 'Comment on an alarm',
    body: CommentAddSchema,
    result: CommentRecordSchema,
  }),
  statistics: defineRoute({
    method: 'GET',
    path: `${A}/statistics`,
    access: ALARM_PERMS.list,
    tag: 'alarms',
    summary: 'Alarm counts by type, severity and day',
    query: AlarmStatsQuerySchema,
    result: AlarmStatsSchema,
  }),
  processAdd: defineRoute({
    method: 'POST',
    path: `${A}/process/add`,
    access: ALARM_PERMS.process,
    tag: 'alarms',
    summary: 'Process an alarm with a record (1-500 characters) and a result flag',
    body: ProcessAddSchema,
    result: ProcessRecordSchema,
  }),
  processList: defineRoute({
    method: 'GET',
    path: `${A}/process/list`,
    access: ALARM_PERMS.processList,
    tag: 'alarms',
    summary: 'Process records (generic list over PROCESS_LIST_FIELDS; alarmId filters one alarm)',
    query: ListQuerySchema,
    result: pageResultOf(ProcessRecordSchema),
  }),
  processExport: defineRoute({
    method: 'GET',
    path: `${A}/process/exportXls`,
    access: ALARM_PERMS.processExport,
    tag: 'alarms',
    summary: 'Export process records as .xls',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  ignore: defineRoute({
    method: 'PUT',
    path: `${A}/flag`,
    access: ALARM_PERMS.process,
    tag: 'alarms',
    summary: 'Set the flag of alarms without a record (batch ignore)',
    body: z.object({
      ids: z.array(z.string().min(1).max(64)).min(1).max(500),
      flag: z.union([z.literal(0), z.literal(1), z.literal(3)]),
    }),
    result: ok,
  }),
} as const;
