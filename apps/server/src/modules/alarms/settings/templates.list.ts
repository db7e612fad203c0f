import {
  ALARM_SEVERITIES,
  RuleTemplateSchema,
  type BilingualText,
  type RuleTemplate,
  type RuleTemplateRecord,
  type TEMPLATE_LIST_FIELDS,
} from '@ztj/contracts';
import { AUDIT_LABELS, textOrNull, type ListField, type ListSpec } from '../../../platform/list/list-spec';

/**
 * The rule template list of the one list machinery (SPEC §7 parameter templates list): public
 * fields are exactly `TEMPLATE_LIST_FIELDS`; category, severity and enabled carry dictionary texts.
 */

/** Category texts (SPEC §3 rule template category). */
export const CATEGORY_OPTIONS: Record<string, BilingualText> = {
  environment: { 'zh-CN': '环境', 'en-US': 'Environment' },
  motion: { 'zh-CN': '运动', 'en-US': 'Motion' },
};
/** Severity texts (SPEC §3 announcement priorities). */
export const SEVERITY_OPTIONS: Record<string, BilingualText> = Object.fromEntries(
  ALARM_SEVERITIES.map((s) => [s.code, { 'zh-CN': s.nameZh, 'en-US': s.nameEn }]),
);
/** Enabled texts. */
export const ENABLED_OPTIONS: Record<string, BilingualText> = {
  true: { 'zh-CN': '启用', 'en-US': 'Enabled' },
  false: { 'zh-CN': '停用', 'en-US': 'Disabled' },
};

const FIELDS: Record<(typeof TEMPLATE_LIST_FIELDS)[number], ListField> = {
  name: { sql: 't.name', type: 'string', label: { 'zh-CN': '模板名称', 'en-US': 'Name' } },
  category: {
    sql: 't.category',
    type: 'string',
    multi: true,
    label: { 'zh-CN': '类别', 'en-US': 'Category' },
    options: CATEGORY_OPTIONS,
  },
  severity: {
    sql: 't.severity',
    type: 'string',
    multi: true,
    label: { 'zh-CN': '告警级别', 'en-US': 'Severity' },
    options: SEVERITY_OPTIONS,
  },
  enabled: {
    sql: 't.enabled',
    type: 'boolean',
    label: { 'zh-CN': '状态', 'en-US': 'Status' },
    options: ENABLED_OPTIONS,
  },
  createBy: { sql: 't.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 't.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a template row with its binding counts (`FROM alarm_rule_template t`). */
export const TEMPLATE_SELECT = `t.id, t.name, t.category, t.severity, t.enabled, t.content, t.create_by,
  (extract(epoch FROM t.create_time) * 1000)::float8 AS create_ms,
  (SELECT count(*)::int FROM alarm_rule_binding b WHERE b.template_id = t.id AND b.target_type = 'device') AS device_count,
  (SELECT count(*)::int FROM alarm_rule_binding b WHERE b.template_id = t.id AND b.target_type = 'group') AS group_count`;

/** The API record of a template row (content parsed with the contract; stored content is already parsed). */
export function templateRecordOf(r: Record<string, unknown>): RuleTemplateRecord {
  const raw = (typeof r.content === 'string' ? JSON.parse(r.content) : r.content) as RuleTemplate;
  const parsed = RuleTemplateSchema.safeParse(raw);
  return {
    id: String(r.id),
    name: String(r.name),
    category: r.category as RuleTemplateRecord['category'],
    severity: r.severity as RuleTemplateRecord['severity'],
    enabled: r.enabled === true,
    content: parsed.success ? parsed.data : raw,
    deviceCount: Number(r.device_count ?? 0),
    groupCount: Number(r.group_count ?? 0),
    createBy: textOrNull(r.create_by),
    createTime: Number(r.create_ms),
  };
}

/** Rule templates of the caller's tenant. */
export const TEMPLATE_LIST: ListSpec<RuleTemplateRecord> = {
  name: 'alarmRuleTemplates',
  from: 'alarm_rule_template t',
  select: TEMPLATE_SELECT,
  tenantScope: 't.tenant_id = $tenant',
  idSql: 't.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: templateRecordOf,
};
