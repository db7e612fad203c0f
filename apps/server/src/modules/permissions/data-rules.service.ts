import type { DataRuleCreate, DataRuleEdit, DataRuleRecord } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ListCaller, ListSpec } from '../../platform/list/list-spec';
import { DEVICE_LOG_LIST } from '../devices/device-log-list';
import { LOG_LIST } from '../logs/logs.list';
import { ROLE_LIST } from '../roles/roles.service';
import { ADDRESS_LIST, USER_LIST } from '../users/users.list';
import * as repo from './data-rules.repo';

/** Lists whose permission codes data rules may restrict, to check rule columns when saved. */
const RULED_LISTS: Record<string, ListSpec<unknown>> = {
  'user:list': USER_LIST,
  'role:list': ROLE_LIST,
  'log:list': LOG_LIST,
  'addresslist:list': ADDRESS_LIST,
  // the device log list applies the rules of device:list (the device list itself does not yet)
  'device:list': DEVICE_LOG_LIST,
};

/**
 * Refuses a rule column that a list of the permission does not have (ARCHITECTURE §3: fields
 * of data rules are allow-listed like every other field).
 */
async function checkColumn(db: Db, permissionId: string, column: string): Promise<void> {
  const perms = await repo.livePermissionPerms(db, permissionId);
  if (perms === undefined) throw new AppError('notFound', 'notFound');
  for (const code of (perms ?? '').split(',').map((c) => c.trim())) {
    const spec = RULED_LISTS[code];
    if (spec && !Object.prototype.hasOwnProperty.call(spec.fields, column))
      throw new AppError('badRequest', 'listFieldUnknown', { field: column });
  }
}

const record = (r: Record<string, unknown>): DataRuleRecord => ({
  id: String(r.id),
  permissionId: String(r.permission_id),
  ruleName: String(r.rule_name),
  ruleColumn: String(r.rule_column),
  ruleConditions: r.rule_conditions as DataRuleRecord['ruleConditions'],
  ruleValue: String(r.rule_value),
  status: r.status === '0' ? '0' : '1',
  createTime: r.create_time instanceof Date ? r.create_time.toISOString() : null,
});

/** Data rules of a permission defined in the caller's tenant (SPEC §6). */
export async function rulesOf(db: Db, permissionId: string, caller: ListCaller): Promise<DataRuleRecord[]> {
  return (await repo.ruleRows(db, permissionId, caller.tenantId)).map(record);
}

export async function addRule(db: Db, b: DataRuleCreate, caller: ListCaller): Promise<string> {
  await checkColumn(db, b.permissionId, b.ruleColumn);
  return repo.insertRule(db, caller.tenantId, b, caller.username);
}

async function requireRule(db: Db, id: string, caller: ListCaller): Promise<void> {
  if (!(await repo.ruleOfTenant(db, id, caller.tenantId))) throw new AppError('notFound', 'notFound');
}

export async function editRule(db: Db, b: DataRuleEdit, caller: ListCaller): Promise<void> {
  await requireRule(db, b.id, caller);
  await checkColumn(db, b.permissionId, b.ruleColumn);
  await repo.updateRule(db, b, caller.username);
}

export async function deleteRule(db: Db, id: string, caller: ListCaller): Promise<void> {
  await requireRule(db, id, caller);
  await repo.deleteRuleRow(db, id);
}
