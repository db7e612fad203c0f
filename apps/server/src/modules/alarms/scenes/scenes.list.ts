import { SceneActionsSchema, SceneRuleSchema, type SCENE_LIST_FIELDS, type SceneRecord } from '@ztj/contracts';
import { AUDIT_LABELS, textOrNull, type ListField, type ListSpec } from '../../../platform/list/list-spec';
import { ENABLED_OPTIONS } from '../settings/templates.list';

/**
 * The scene list (SPEC §2 scene list) of the one list machinery: public fields are
 * `SCENE_LIST_FIELDS`; each record carries its devices and the counts of its alarms (alarm rows
 * with rule_source 'scene' and rule_id = the scene id; active = status 'active').
 */

const FIELDS: Record<(typeof SCENE_LIST_FIELDS)[number], ListField> = {
  name: { sql: 's.name', type: 'string', label: { 'zh-CN': '场景名称', 'en-US': 'Name' } },
  description: { sql: 's.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
  enabled: {
    sql: 's.enabled',
    type: 'boolean',
    label: { 'zh-CN': '状态', 'en-US': 'Status' },
    options: ENABLED_OPTIONS,
  },
  createBy: { sql: 's.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 's.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a scene row with devices (JSON) and alarm counts (`FROM alarm_scene s`). */
export const SCENE_SELECT = `s.id, s.name, s.description, s.enabled, s.rule, s.actions, s.create_by,
  (extract(epoch FROM s.create_time) * 1000)::float8 AS create_ms,
  (SELECT coalesce(json_agg(json_build_object('id', d.dev_no, 'name', d.name) ORDER BY d.dev_no), '[]'::json)
     FROM alarm_scene_device sd JOIN device d ON d.dev_no = sd.device_id WHERE sd.scene_id = s.id) AS devices,
  (SELECT count(*)::int FROM alarm a WHERE a.tenant_id = s.tenant_id AND a.rule_source = 'scene' AND a.rule_id = s.id) AS alarm_count,
  (SELECT count(*)::int FROM alarm a WHERE a.tenant_id = s.tenant_id AND a.rule_source = 'scene' AND a.rule_id = s.id AND a.status = 'active') AS active_count`;

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The API record of a scene row (rule and actions parsed with the contract, defaults filled). */
export function sceneRecordOf(r: Record<string, unknown>): SceneRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    description: String(r.description ?? ''),
    enabled: r.enabled === true,
    devices: json(r.devices) as SceneRecord['devices'],
    rule: SceneRuleSchema.parse(json(r.rule)),
    actions: SceneActionsSchema.parse(json(r.actions)),
    alarmCount: Number(r.alarm_count ?? 0),
    activeCount: Number(r.active_count ?? 0),
    createBy: textOrNull(r.create_by),
    createTime: Number(r.create_ms),
  };
}

/** Scenes of the caller's tenant. */
export const SCENE_LIST: ListSpec<SceneRecord> = {
  name: 'alarmScenes',
  from: 'alarm_scene s',
  select: SCENE_SELECT,
  tenantScope: 's.tenant_id = $tenant',
  idSql: 's.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: sceneRecordOf,
};
