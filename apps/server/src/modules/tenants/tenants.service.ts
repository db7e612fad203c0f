import type { TenantCreate, TenantEdit, TenantRecord } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireVisible } from '../../platform/list/list-runner';
import { isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import { nextOrgCode } from '../departs/org-code';
import { PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { createUser } from '../users/users.service';
import * as repo from './tenants.repo';

/** Tenants: every tenant for the platform tenant, otherwise only the caller's own. */
export const TENANT_LIST: ListSpec<TenantRecord> = {
  name: 'tenants',
  from: 'sys_tenant t',
  select: 't.*',
  tenantScope: `(t.id = $tenant OR $tenant = ${PLATFORM_TENANT_ID})`,
  idSql: 't.id',
  fields: {
    id: { sql: 't.id', type: 'number', multi: true, label: { 'zh-CN': '租户编号', 'en-US': 'Tenant id' } },
    name: { sql: 't.name', type: 'string', label: { 'zh-CN': '租户名称', 'en-US': 'Name' } },
    nameEn: { sql: 't.name_en', type: 'string', label: { 'zh-CN': '英文名称', 'en-US': 'English name' } },
    status: { sql: 't.status', type: 'number', multi: true, label: { 'zh-CN': '状态', 'en-US': 'Status' } },
    beginDate: { sql: 't.begin_date', type: 'datetime', label: { 'zh-CN': '开始时间', 'en-US': 'Begins' } },
    endDate: { sql: 't.end_date', type: 'datetime', label: { 'zh-CN': '结束时间', 'en-US': 'Ends' } },
    createTime: { sql: 't.create_time', type: 'datetime', label: { 'zh-CN': '创建时间', 'en-US': 'Created' } },
  },
  map: (r) => ({
    id: Number(r.id),
    name: String(r.name),
    nameEn: textOrNull(r.name_en),
    status: Number(r.status),
    beginDate: isoOrNull(r.begin_date),
    endDate: isoOrNull(r.end_date),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
  }),
};

const when = (v: string | null | undefined): string | null => (v ? v : null);

/**
 * Creates a tenant (SPEC §6 tenants) with a root department, an administrator role holding every
 * permission and its first administrator account (`adminUsername`, `adminRealname`,
 * `adminPassword`: SPEC §5 rules) holding that role in that department. The creator does NOT
 * join the tenant (a member platform administrator would be visible to, and
 * changeable by, the new tenant's administrator); the platform keeps managing the tenant itself
 * (edit, delete) from the platform tenant.
 * @throws AppError conflict tenantExists; conflict userExists / usernameUnavailable for the
 *   administrator's name (account names are global, see users/account-scope.ts).
 */
export async function createTenant(db: Db, b: TenantCreate, caller: ListCaller): Promise<number> {
  return db.tx(async (q) => {
    await repo.lockTenantCreation(q);
    const id = b.id ?? (await repo.nextTenantId(q));
    if (await repo.tenantExists(q, id)) throw new AppError('conflict', 'tenantExists');
    const dates = { beginDate: when(b.beginDate), endDate: when(b.endDate) };
    await repo.insertTenant(q, id, b, dates, caller.username);
    const orgCode = nextOrgCode('', await repo.rootOrgCodes(q));
    const depId = await repo.insertRootDepart(q, id, b.name, b.nameEn ?? null, orgCode, caller.username);
    const roleId = await repo.insertAdminRole(q, id, caller.username);
    await createUser(
      q,
      {
        username: b.adminUsername,
        realname: b.adminRealname,
        password: b.adminPassword,
        phone: '',
        userIdentity: 2,
        onlyMultiLevelAlarm: false,
        alarmPushMode: [],
        selectedroles: roleId,
        selecteddeparts: depId,
      },
      { tenantId: id, userId: caller.userId, username: caller.username, orgCode: null },
    );
    return id;
  });
}

/** Edits name, status and validity; an ended or frozen tenant is refused at sign-in (SPEC §6). */
export async function editTenant(db: Db, b: TenantEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, TENANT_LIST, String(b.id), caller);
  await repo.updateTenant(db, b, { beginDate: when(b.beginDate), endDate: when(b.endDate) }, caller.username);
}

/**
 * Deletes an emptied tenant with its departments, roles, positions and rules. Emptied means: no
 * member left except at most one, holding the tenant's `admin` role — its own administrator, who
 * cannot delete themselves and whom the platform (not a member) cannot see. That last member's
 * membership goes with the tenant, and the account itself (with its sessions) when it belongs to no
 * other tenant. A tenant administrator empties the tenant first (recycle bin, delete for ever).
 * @throws AppError business tenantHasUsers; the platform tenant and the caller's own cannot be deleted.
 */
export async function deleteTenant(db: Db, id: number, caller: ListCaller): Promise<void> {
  await requireVisible(db, TENANT_LIST, String(id), caller);
  if (id === PLATFORM_TENANT_ID || id === caller.tenantId) throw new AppError('business', 'tenantHasUsers');
  await db.tx(async (q) => {
    const members = await repo.firstMembers(q, id);
    if (members.length > 1 || (members.length === 1 && !members[0]!.admin))
      throw new AppError('business', 'tenantHasUsers');
    if (await repo.hasDevices(q, id)) throw new AppError('business', 'tenantHasDevices');
    await repo.deleteTenantRows(
      q,
      id,
      members.map((m) => m.user_id),
    );
  });
}
