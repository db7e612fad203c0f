import type { THIRD_PARTY_LIST_FIELDS, ThirdPartyRecord } from '@ztj/contracts';
import { AUDIT_LABELS, epochMsSql, type ListField, type ListSpec } from '../../../platform/list/list-spec';

/**
 * The third-party integration list (SPEC §7 thirdParty/list) of the one list machinery, and the
 * record of an integration row (times ms epoch; never the key).
 */

const FIELDS: Record<(typeof THIRD_PARTY_LIST_FIELDS)[number], ListField> = {
  name: { sql: 'i.name', type: 'string', label: { 'zh-CN': '名称', 'en-US': 'Name' } },
  type: {
    sql: 'i.type',
    type: 'string',
    label: { 'zh-CN': '类型', 'en-US': 'Type' },
    options: {
      meter: { 'zh-CN': '电表', 'en-US': 'Meter' },
      ammeter: { 'zh-CN': '电流表', 'en-US': 'Ammeter' },
      water: { 'zh-CN': '水表', 'en-US': 'Water meter' },
      weightFeed: { 'zh-CN': '投料秤', 'en-US': 'Weight feed' },
    },
  },
  enabled: { sql: 'i.enabled', type: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' } },
  note: { sql: 'i.note', type: 'string', label: { 'zh-CN': '备注', 'en-US': 'Note' } },
  lastUsedTime: { sql: 'i.last_used_time', type: 'datetime', label: { 'zh-CN': '最后推送时间', 'en-US': 'Last push' } },
  createTime: { sql: 'i.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

export const THIRD_PARTY_SELECT = `i.id, i.name, i.type, i.enabled, i.note, i.key_prefix, ${epochMsSql('i.key_created_time')} AS key_ms,
  ${epochMsSql('i.last_used_time')} AS used_ms, ${epochMsSql('i.create_time')} AS create_ms,
  (SELECT coalesce(json_agg(t.dev_no ORDER BY t.dev_no), '[]'::json) FROM third_party_device t WHERE t.integration_id = i.id) AS device_ids`;

/** The API record of an integration row (never the key). */
export function thirdPartyRecordOf(r: Record<string, unknown>): ThirdPartyRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    type: r.type as ThirdPartyRecord['type'],
    enabled: Boolean(r.enabled),
    note: String(r.note ?? ''),
    deviceIds: (typeof r.device_ids === 'string' ? JSON.parse(r.device_ids) : r.device_ids) as string[],
    keyPrefix: String(r.key_prefix),
    keyCreatedTime: Number(r.key_ms),
    lastUsedTime: r.used_ms == null ? null : Number(r.used_ms),
    createTime: Number(r.create_ms),
  };
}

/** Integrations of the caller's tenant (list machinery). */
export const THIRD_PARTY_LIST: ListSpec<ThirdPartyRecord> = {
  name: 'thirdPartyIntegrations',
  from: 'third_party_integration i',
  select: THIRD_PARTY_SELECT,
  tenantScope: 'i.tenant_id = $tenant',
  idSql: 'i.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: thirdPartyRecordOf,
};
