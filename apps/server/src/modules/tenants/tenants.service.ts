import type { TenantCreate, TenantEdit, TenantRecord } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireVisible } from '../../platform/list/list-runner';
import { isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import { nextOrgCode } from '../departs/org-code';
import { PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { createUser } from '../users/users.service';

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
    await q.query('SELECT pg_advisory_xact_lock(727101)');
    const id =
      b.id ?? (await q.query<{ next: number }>('SELECT coalesce(max(id), 1000) + 1 AS next FROM sys_tenant'))[0]!.next;
    if ((await q.query('SELECT 1 FROM sys_tenant WHERE id = $1', [id])).length)
      throw new AppError('conflict', 'tenantExists');
    await q.query(
      'INSERT INTO sys_tenant (id, name, name_en, status, begin_date, end_date, create_by) VALUES ($1,$2,$3,$4,$5::timestamptz,$6::timestamptz,$7)',
      [id, b.name, b.nameEn ?? null, b.status, when(b.beginDate), when(b.endDate), caller.username],
    );
    const roots = await q.query<{ org_code: string }>('SELECT org_code FROM sys_depart WHERE length(org_code) = 3');
    const orgCode = nextOrgCode(
      '',
      roots.map((r) => r.org_code),
    );
    const [dep] = await q.query<{ id: string }>(
      `INSERT INTO sys_depart (tenant_id, depart_name, depart_name_en, org_code, org_category, create_by) VALUES ($1,$2,$3,$4,'1',$5) RETURNING id`,
      [id, b.name, b.nameEn ?? null, orgCode, caller.username],
    );
    const [role] = await q.query<{ id: string }>(
      `INSERT INTO sys_role (tenant_id, role_name, role_code, description, create_by) VALUES ($1,'管理员','admin','Administrator',$2) RETURNING id`,
      [id, caller.username],
    );
    await q.query(
      'INSERT INTO sys_role_permission (role_id, permission_id) SELECT $1, id FROM sys_permission WHERE del_flag = 0',
      [role!.id],
    );
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
        selectedroles: role!.id,
        selecteddeparts: dep!.id,
      },
      { tenantId: id, userId: caller.userId, username: caller.username, orgCode: null },
    );
    return id;
  });
}

/** Edits name, status and validity; an ended or frozen tenant is refused at sign-in (SPEC §6). */
export async function editTenant(db: Db, b: TenantEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, TENANT_LIST, String(b.id), caller);
  await db.query(
    `UPDATE sys_tenant SET name = $2, name_en = $3, status = $4, begin_date = $5::timestamptz, end_date = $6::timestamptz,
            update_by = $7, update_time = now() WHERE id = $1`,
    [b.id, b.name, b.nameEn ?? null, b.status, when(b.beginDate), when(b.endDate), caller.username],
  );
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
    const members = await q.query<{ user_id: string; admin: boolean }>(
      `SELECT ut.user_id, EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
                                  WHERE ur.user_id = ut.user_id AND r.tenant_id = $1 AND r.role_code = 'admin') AS admin
         FROM sys_user_tenant ut WHERE ut.tenant_id = $1 LIMIT 2`,
      [id],
    );
    if (members.length > 1 || (members.length === 1 && !members[0]!.admin))
      throw new AppError('business', 'tenantHasUsers');
    const devices = await q.query(
      `SELECT 1 FROM device WHERE tenant_id = $1 UNION ALL SELECT 1 FROM gateway WHERE tenant_id = $1 UNION ALL SELECT 1 FROM device_group WHERE tenant_id = $1 LIMIT 1`,
      [id],
    );
    if (devices.length) throw new AppError('business', 'tenantHasDevices');
    const last = members.map((m) => m.user_id);
    await q.query('DELETE FROM sys_user_tenant WHERE tenant_id = $1', [id]);
    await q.query(
      'DELETE FROM sys_user u WHERE u.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = u.id)',
      [last],
    );
    await q.query('DELETE FROM sys_role WHERE tenant_id = $1', [id]);
    await q.query('DELETE FROM sys_position WHERE tenant_id = $1', [id]);
    await q.query('DELETE FROM sys_permission_data_rule WHERE tenant_id = $1', [id]);
    await q.query('DELETE FROM sys_depart WHERE tenant_id = $1', [id]);
    await q.query('DELETE FROM sys_tenant WHERE id = $1', [id]);
  });
}
