import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from '../system/list';
import { PATTERNS } from '../validation';
import { AlarmSeveritySchema, RULE_CATEGORIES, RuleTemplateSchema } from './rule-template';

/**
 * Rule templates, their bindings and recipient groups (SPEC §2 settings →
 * rule templates and user groups; §7 parameter templates list/add/update/delete/importDevs,
 * monitoring parameter defaults). Lists take the generic list query over `*_LIST_FIELDS`.
 */

/** Permission codes of settings → rule templates and user groups (menu perms and buttons, SPEC §6). */
export const ALARM_SETTINGS_PERMS = {
  templateList: 'template:list',
  templateAdd: 'template:add',
  templateEdit: 'template:edit',
  templateDelete: 'template:delete',
  templateBind: 'template:bind',
  groupList: 'usergroup:list',
  groupAdd: 'usergroup:add',
  groupEdit: 'usergroup:edit',
  groupDelete: 'usergroup:delete',
} as const;

/** A stored rule template: the written template plus id, binding counts and audit fields. */
export const RuleTemplateRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(RULE_CATEGORIES),
  severity: AlarmSeveritySchema,
  enabled: z.boolean(),
  /** The template as written (defaults filled). */
  content: RuleTemplateSchema,
  /** Devices bound directly. */
  deviceCount: z.number().int(),
  /** Device groups bound. */
  groupCount: z.number().int(),
  createBy: z.string().nullable(),
  /** Server ms. */
  createTime: z.number(),
});
/** See {@link RuleTemplateRecordSchema}. */
export type RuleTemplateRecord = z.infer<typeof RuleTemplateRecordSchema>;
/** Public fields of the rule template list. */
export const TEMPLATE_LIST_FIELDS = ['name', 'category', 'severity', 'enabled', 'createBy', 'createTime'] as const;

/** Body of `add`: a template; `enabled` defaults to true. */
export const RuleTemplateAddSchema = RuleTemplateSchema.extend({ enabled: z.boolean().default(true) });
/** Body of `update`: id plus a whole template. */
export const RuleTemplateUpdateSchema = RuleTemplateAddSchema.extend({ id: z.string().min(1).max(64) });

/**
 * Body of `importDevs`: the devices and device groups a template is bound to (replaces the
 * template's bindings). A device carries the templates bound to it and to its group; several
 * templates per device are allowed.
 */
export const TemplateBindSchema = z.object({
  id: z.string().min(1).max(64),
  deviceIds: z.array(z.string().min(1).max(64)).max(10_000).default([]),
  groupIds: z.array(z.string().min(1).max(64)).max(1_000).default([]),
});
/** See {@link TemplateBindSchema}. */
export type TemplateBind = z.infer<typeof TemplateBindSchema>;
/** Bindings of one template. */
export const TemplateBindingsSchema = z.object({
  id: z.string(),
  devices: z.array(z.object({ id: z.string(), name: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});

/**
 * Monitoring parameter defaults (SPEC §7 dictionary lookups): per numeric parameter code its unit,
 * physical range and the suggested alarm limits the template editor starts from.
 */
export const ParamDefaultSchema = z.object({
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
  /** Suggested lower / upper alarm limits in the unit, null when none. */
  low: z.number().nullable(),
  high: z.number().nullable(),
});

/** Push mode bitmask of SPEC §4: 1 SMS, 2 WeChat, 4 email (0 = none). */
export const PushModeSchema = z.number().int().min(0).max(7);

/**
 * A member of a recipient group: a console user of the tenant (`userId`; their contacts are read
 * from the user at push time) or an outside contact with at least one of phone, email or WeChat
 * openid (SPEC §5 mobile and email rules); `pushMode` chooses the channels.
 */
export const UserGroupMemberSchema = z
  .object({
    userId: z.string().max(64).nullable().default(null),
    name: z.string().trim().max(50, 'validation.tooLong').default(''),
    phone: z.union([z.literal(''), z.string().regex(PATTERNS.mobile, 'validation.mobile')]).default(''),
    email: z.union([z.literal(''), z.email('validation.email')]).default(''),
    wechatOpenId: z.string().max(64).default(''),
    pushMode: PushModeSchema.default(0),
  })
  .superRefine((m, ctx) => {
    if (!m.userId && !m.phone && !m.email && !m.wechatOpenId) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.recipientNoContact', input: m.phone });
    }
    if (!m.userId && !m.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.required', input: m.name });
  });
/** See {@link UserGroupMemberSchema}. */
export type UserGroupMember = z.infer<typeof UserGroupMemberSchema>;
/** Body of user group add (name 2-30 characters). */
export const UserGroupAddSchema = z.object({
  name: z.string().trim().min(2, 'validation.tooShort').max(30, 'validation.tooLong'),
  description: z.string().trim().max(200, 'validation.tooLong').default(''),
  members: z.array(UserGroupMemberSchema).max(200, 'validation.tooLong').default([]),
});
export const UserGroupUpdateSchema = UserGroupAddSchema.extend({ id: z.string().min(1).max(64) });
/** A stored recipient group; members of console users carry the user's name and contacts. */
export const UserGroupRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(
    z.object({
      id: z.string(),
      userId: z.string().nullable(),
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      wechatOpenId: z.string(),
      pushMode: z.number().int(),
    }),
  ),
  createTime: z.number(),
});
/** See {@link UserGroupRecordSchema}. */
export type UserGroupRecord = z.infer<typeof UserGroupRecordSchema>;
/** Public fields of the user group list. */
export const USER_GROUP_LIST_FIELDS = ['name', 'description', 'createTime'] as const;

const ok = z.null();
const T = '/wlx/paramTemplate';
const U = '/wlx/userGroup';
const P = ALARM_SETTINGS_PERMS;

/** Rule template and user group calls (SPEC §7), relative to the base path. */
export const AlarmSettingsRoutes = {
  templateList: defineRoute({
    method: 'GET',
    path: `${T}/list`,
    access: P.templateList,
    tag: 'rule-templates',
    summary: 'Rule templates (generic list over TEMPLATE_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(RuleTemplateRecordSchema),
  }),
  templateView: defineRoute({
    method: 'GET',
    path: `${T}/queryById`,
    access: P.templateList,
    tag: 'rule-templates',
    summary: 'One rule template',
    query: IdQuerySchema,
    result: RuleTemplateRecordSchema,
  }),
  templateAdd: defineRoute({
    method: 'POST',
    path: `${T}/add`,
    access: P.templateAdd,
    tag: 'rule-templates',
    summary: 'Add a rule template (validated conditions, SPEC §5 name)',
    body: RuleTemplateAddSchema,
    result: RuleTemplateRecordSchema,
  }),
  templateUpdate: defineRoute({
    method: 'PUT',
    path: `${T}/update`,
    access: P.templateEdit,
    tag: 'rule-templates',
    summary: 'Replace a rule template; takes effect on the next reading',
    body: RuleTemplateUpdateSchema,
    result: RuleTemplateRecordSchema,
  }),
  templateDelete: defineRoute({
    method: 'DELETE',
    path: `${T}/delete`,
    access: P.templateDelete,
    tag: 'rule-templates',
    summary: 'Delete rule templates and their bindings (alarms stay)',
    query: IdsQuerySchema,
    result: ok,
  }),
  templateBind: defineRoute({
    method: 'POST',
    path: `${T}/importDevs`,
    access: P.templateBind,
    tag: 'rule-templates',
    summary: 'Bind a template to devices and device groups (replaces its bindings)',
    body: TemplateBindSchema,
    result: TemplateBindingsSchema,
    jsonLimits: { maxArrayItems: 10_000 },
  }),
  templateBindings: defineRoute({
    method: 'GET',
    path: `${T}/bindings`,
    access: P.templateList,
    tag: 'rule-templates',
    summary: 'Devices and groups a template is bound to',
    query: IdQuerySchema,
    result: TemplateBindingsSchema,
  }),
  deviceTemplates: defineRoute({
    method: 'GET',
    path: `${T}/byDevice`,
    access: P.templateList,
    tag: 'rule-templates',
    summary: 'Templates in effect on a device (direct and through its group)',
    query: z.object({ deviceId: z.string().min(1).max(64) }),
    result: z.array(RuleTemplateRecordSchema),
  }),
  paramDefaults: defineRoute({
    method: 'GET',
    path: `${T}/paramDefaults`,
    access: 'session',
    tag: 'rule-templates',
    summary: 'Monitoring parameter defaults: unit, range, suggested limits',
    result: z.array(ParamDefaultSchema),
  }),
  groupList: defineRoute({
    method: 'GET',
    path: `${U}/list`,
    access: P.groupList,
    tag: 'user-groups',
    summary: 'Recipient groups (generic list over USER_GROUP_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(UserGroupRecordSchema),
  }),
  groupAdd: defineRoute({
    method: 'POST',
    path: `${U}/add`,
    access: P.groupAdd,
    tag: 'user-groups',
    summary: 'Add a recipient group (every member needs a contact)',
    body: UserGroupAddSchema,
    result: UserGroupRecordSchema,
  }),
  groupUpdate: defineRoute({
    method: 'PUT',
    path: `${U}/update`,
    access: P.groupEdit,
    tag: 'user-groups',
    summary: 'Replace a recipient group',
    body: UserGroupUpdateSchema,
    result: UserGroupRecordSchema,
  }),
  groupDelete: defineRoute({
    method: 'DELETE',
    path: `${U}/delete`,
    access: P.groupDelete,
    tag: 'user-groups',
    summary: 'Delete recipient groups',
    query: IdsQuerySchema,
    result: ok,
  }),
} as const;
