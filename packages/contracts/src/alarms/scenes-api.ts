import { z } from 'zod';
import { DevicePeriodsSchema } from '../devices/periods';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from '../system/list';
import { PATTERNS } from '../validation';
import { minutesSchema, RuleConditionSchema } from './rule-conditions';
import {
  AlarmSeveritySchema,
  ReminderSchema,
  RULE_CONDITIONS_MAX,
  RULE_NAME_MAX,
  RULE_NAME_MIN,
  RuleNotifySchema,
} from './rule-template';

/**
 * Scenes (SPEC §2 scene list, detail, edit steps 1-3, params; §9 comparison and
 * effect codes): a scene is devices (step 1) + conditions (step 2) + actions (step 3). The engine
 * evaluates a scene like a rule template bound to its devices; its actions say what happens when a
 * condition is met: raise an alarm of a severity, push to recipients, send a device command
 * (period settings, checked against each device's model limits when saved).
 */

/** Permission codes of the scene area (SPEC §6; scene:export is one of the download-center codes). */
export const SCENE_PERMS = {
  list: 'scene:list',
  add: 'scene:add',
  edit: 'scene:edit',
  delete: 'scene:delete',
  export: 'scene:export',
} as const;

/** Step 3: what a met condition does. At least one of raise, push or command. */
export const SceneActionsSchema = z
  .object({
    /** Raise an alarm (listed, notified on the console); false = only push / command. */
    raise: z.boolean().default(true),
    /** Push to the users who may see the device (their alarm-push settings) and to these groups. */
    push: z
      .object({
        users: z.boolean().default(true),
        notify: RuleNotifySchema.default({ groupIds: [], escalateGroupIds: [], robots: false }),
      })
      .nullable()
      .default(null),
    /** Period settings sent to each device when raised (minutes, within the device model's limits, SPEC §5). */
    command: z
      .object({ type: z.literal('setPeriods'), periods: DevicePeriodsSchema })
      .nullable()
      .default(null),
  })
  .superRefine((a, ctx) => {
    if (!a.raise && !a.push && !a.command)
      ctx.addIssue({ code: 'custom', path: ['raise'], message: 'validation.sceneNoAction', input: a.raise });
  });
/** See {@link SceneActionsSchema}. */
export type SceneActions = z.infer<typeof SceneActionsSchema>;

/** Step 2: conditions with the alarm delay, repeat reminder and severity (as in a rule template). */
export const SceneRuleSchema = z.object({
  severity: AlarmSeveritySchema.default('M'),
  delayMinutes: minutesSchema(0).default(0),
  conditions: z
    .array(RuleConditionSchema)
    .min(1, 'validation.ruleNoConditions')
    .max(RULE_CONDITIONS_MAX, 'validation.tooLong'),
  reminder: ReminderSchema.nullable().default(null),
});
/** See {@link SceneRuleSchema}. */
export type SceneRule = z.infer<typeof SceneRuleSchema>;

/** Body of scene add: name (2-30, no slash), step 1 devices (at least one), step 2 rule, step 3 actions. */
export const SceneAddSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .min(RULE_NAME_MIN, 'validation.tooShort')
    .max(RULE_NAME_MAX, 'validation.tooLong')
    .regex(PATTERNS.noSlash, 'validation.noSlash'),
  description: z.string().trim().max(200, 'validation.tooLong').default(''),
  enabled: z.boolean().default(true),
  deviceIds: z.array(z.string().min(1).max(64)).min(1, 'validation.sceneNoDevice').max(1_000, 'validation.tooLong'),
  rule: SceneRuleSchema,
  actions: SceneActionsSchema,
});
/** See {@link SceneAddSchema}. */
export type SceneAdd = z.input<typeof SceneAddSchema>;
export const SceneUpdateSchema = SceneAddSchema.extend({ id: z.string().min(1).max(64) });

/** A stored scene with its devices and counts of its alarms. */
export const SceneRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  devices: z.array(z.object({ id: z.string(), name: z.string() })),
  rule: SceneRuleSchema,
  actions: SceneActionsSchema,
  /** Alarms raised by this scene / of them still active. */
  alarmCount: z.number().int(),
  activeCount: z.number().int(),
  createBy: z.string().nullable(),
  createTime: z.number(),
});
/** See {@link SceneRecordSchema}. */
export type SceneRecord = z.infer<typeof SceneRecordSchema>;
/** Public fields of the scene list. */
export const SCENE_LIST_FIELDS = ['name', 'description', 'enabled', 'createBy', 'createTime'] as const;

const ok = z.null();
const S = '/wlx/scene';

/** Scene calls, relative to the base path. */
export const SceneRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${S}/list`,
    access: SCENE_PERMS.list,
    tag: 'scenes',
    summary: 'Scenes (generic list over SCENE_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(SceneRecordSchema),
  }),
  view: defineRoute({
    method: 'GET',
    path: `${S}/queryById`,
    access: SCENE_PERMS.list,
    tag: 'scenes',
    summary: 'One scene with devices, rule and actions',
    query: IdQuerySchema,
    result: SceneRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: `${S}/add`,
    access: SCENE_PERMS.add,
    tag: 'scenes',
    summary: 'Add a scene (devices, conditions, actions)',
    body: SceneAddSchema,
    result: SceneRecordSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${S}/update`,
    access: SCENE_PERMS.edit,
    tag: 'scenes',
    summary: 'Replace a scene; takes effect on the next reading',
    body: SceneUpdateSchema,
    result: SceneRecordSchema,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: `${S}/delete`,
    access: SCENE_PERMS.delete,
    tag: 'scenes',
    summary: 'Delete scenes (their alarms stay)',
    query: IdsQuerySchema,
    result: ok,
  }),
} as const;
