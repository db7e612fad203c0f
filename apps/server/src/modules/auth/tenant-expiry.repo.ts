import type { Queryable } from '../../platform/db/db';
import type { ReminderRecipient } from '../../platform/notify/reminder-notice';
import { PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';

/** Tenant expiry queries (CONVENTIONS §1 repo): reminders due, their claim, and renewal. */

/** A tenant whose end is near, with its names and end (ms epoch). */
export interface DueTenant {
  id: number;
  name: string;
  name_en: string | null;
  end_ms: number;
}

/** Active administrators (role `admin` of the tenant) with their e-mail and system-message preference. */
export async function tenantAdmins(q: Queryable, tenantId: number): Promise<ReminderRecipient[]> {
  const rows = await q.query<{ id: string; email: string | null; system_message: boolean | null }>(
    `SELECT DISTINCT u.id, u.email, n.system_message
       FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1
       JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = $1 AND r.role_code = 'admin'
       LEFT JOIN sys_user_notification n ON n.user_id = u.id
      WHERE u.status = 1 AND u.del_flag = 0 ORDER BY u.id`,
    [tenantId],
  );
  return rows.map((r) => ({ id: r.id, email: r.email || null, systemMessage: r.system_message ?? true }));
}

/**
 * Active tenants whose end date falls in `(from, to]` (ms epoch) and that were not reminded for
 * that end date yet, by id. `tenantId` = the platform tenant: every tenant; another: that one only.
 */
export function dueTenants(q: Queryable, from: number, to: number, tenantId: number): Promise<DueTenant[]> {
  return q.query<DueTenant>(
    `SELECT t.id, t.name, t.name_en, (extract(epoch FROM t.end_date) * 1000)::float8 AS end_ms FROM sys_tenant t
      WHERE t.status = 1 AND t.end_date > to_timestamp($1::float8 / 1000) AND t.end_date <= to_timestamp($2::float8 / 1000)
        AND ($3::int = ${PLATFORM_TENANT_ID} OR t.id = $3)
        AND NOT EXISTS (SELECT 1 FROM sys_tenant_expiry_reminder r WHERE r.tenant_id = t.id AND r.end_date = t.end_date)
      ORDER BY t.id`,
    [from, to, tenantId],
  );
}

/**
 * Claims the reminder of tenant `tenantId` for its current end date (one row per tenant and end
 * date), so parallel runs do not repeat it.
 * @returns true when this call made the claim.
 */
export async function claimReminder(q: Queryable, tenantId: number, recipients: number): Promise<boolean> {
  const claimed = await q.query(
    `INSERT INTO sys_tenant_expiry_reminder (tenant_id, end_date, recipients) SELECT id, end_date, $2 FROM sys_tenant WHERE id = $1
     ON CONFLICT DO NOTHING RETURNING 1`,
    [tenantId, recipients],
  );
  return claimed.length > 0;
}

/**
 * Sets the end date of tenant `tenantId` (ISO-8601), stamping `updateBy`.
 * @returns the stored end date, undefined when there is no such tenant.
 */
export async function setTenantEnd(
  q: Queryable,
  tenantId: number,
  endIso: string,
  updateBy: string,
): Promise<Date | undefined> {
  const [row] = await q.query<{ end_date: Date }>(
    'UPDATE sys_tenant SET end_date = $2::timestamptz, update_by = $3, update_time = now() WHERE id = $1 RETURNING end_date',
    [tenantId, endIso, updateBy],
  );
  return row?.end_date;
}
