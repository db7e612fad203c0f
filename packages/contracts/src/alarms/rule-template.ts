import { z } from 'zod';
import { PATTERNS } from '../validation';
import { minutesSchema, RuleConditionSchema } from './rule-conditions';

/**
 * Rule template (SPEC §2 settings → rule templates, §3 "Rule template: name, category, content",
 * §7 parameter templates list/add/update/delete/importDevs). `conditions` is the content:
 * each condition raises its own alarm; the alarm delay and the repeat reminder apply to all of
 * them, the hysteresis is per condition (`rule-conditions.ts`).
 *
 * Example (a frozen truck warming past −15 °C for 10 minutes):
 * ```json
 * {"name":"Frozen -18","category":"environment","severity":"H","delayMinutes":0,
 *  "conditions":[{"type":"duration","minutes":10,
 *    "condition":{"type":"threshold","param":"P003","comparison":0,"value":-15,
 *                 "hysteresis":{"margin":1,"clearDelayMinutes":5}}}],
 *  "reminder":{"everyMinutes":30,"escalateAfterMinutes":60}}
 * ```
 */

/** Categories of SPEC §3: environment (temperature, humidity…) or motion (tilt, fall, door…). */
export const RULE_CATEGORIES = ['environment', 'motion'] as const;
/** A rule template category. */
export type RuleCategory = (typeof RULE_CATEGORIES)[number];

/**
 * Alarm severities, coded like the announcement priorities of SPEC §3 whose colours they share:
 * L general (blue), M important (orange), H urgent (red).
 */
export const ALARM_SEVERITIES = [
  { code: 'L', key: 'general', nameZh: '一般', nameEn: 'General', colour: 'blue' },
  { code: 'M', key: 'important', nameZh: '重要', nameEn: 'Important', colour: 'orange' },
  { code: 'H', key: 'urgent', nameZh: '紧急', nameEn: 'Urgent', colour: 'red' },
] as const;
/** A severity code L, M or H. */
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number]['code'];
/** zod schema of a severity code. */
export const AlarmSeveritySchema = z.enum(['L', 'M', 'H']);

/** Rule template name length (SPEC §5: required; "lengths 2-30"; no slashes). */
export const RULE_NAME_MIN = 2;
/** Longest rule template name, characters (SPEC §5). */
export const RULE_NAME_MAX = 30;
/** Most conditions in one template. */
export const RULE_CONDITIONS_MAX = 20;

/**
 * Repeat reminder: re-notify every `everyMinutes` (1…1440) while the alarm is active and not
 * processed; after `escalateAfterMinutes` (optional, 1…1440) unprocessed, escalate once to the
 * second recipient group. Both counted from the moment the alarm was raised (device time).
 */
export const ReminderSchema = z.object({
  everyMinutes: minutesSchema(1),
  escalateAfterMinutes: minutesSchema(1).optional(),
});
/** See {@link ReminderSchema}. */
export type Reminder = z.infer<typeof ReminderSchema>;

/**
 * Who is notified of a rule's alarms besides the users of the tenant who may see the device (their
 * own alarm-push settings, SPEC §3): recipient groups of settings → user groups (ids), the second
 * group reached by the escalation of the repeat reminder, and the tenant's work-chat robots
 * (WeCom / DingTalk webhooks) when `robots` is true.
 */
export const RuleNotifySchema = z.object({
  groupIds: z.array(z.string().min(1).max(64)).max(20, 'validation.tooLong').default([]),
  escalateGroupIds: z.array(z.string().min(1).max(64)).max(20, 'validation.tooLong').default([]),
  robots: z.boolean().default(false),
});
/** See {@link RuleNotifySchema}. */
export type RuleNotify = z.infer<typeof RuleNotifySchema>;

/** A rule template as written by the administrator (request body of parameter templates add/update, SPEC §7). */
export const RuleTemplateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .min(RULE_NAME_MIN, 'validation.tooShort')
    .max(RULE_NAME_MAX, 'validation.tooLong')
    .regex(PATTERNS.noSlash, 'validation.noSlash'),
  category: z.enum(RULE_CATEGORIES, 'validation.required'),
  severity: AlarmSeveritySchema.default('M'),
  /** Minutes the condition must hold before the alarm is raised (0 = at once), 0…1440. */
  delayMinutes: minutesSchema(0).default(0),
  conditions: z
    .array(RuleConditionSchema)
    .min(1, 'validation.ruleNoConditions')
    .max(RULE_CONDITIONS_MAX, 'validation.tooLong'),
  /** Repeat reminder and escalation; null = notify once. */
  reminder: ReminderSchema.nullable().default(null),
  notify: RuleNotifySchema.default({ groupIds: [], escalateGroupIds: [], robots: false }),
});
/** A parsed rule template (defaults filled). */
export type RuleTemplate = z.infer<typeof RuleTemplateSchema>;
/** A rule template as sent (defaults optional). */
export type RuleTemplateInput = z.input<typeof RuleTemplateSchema>;
