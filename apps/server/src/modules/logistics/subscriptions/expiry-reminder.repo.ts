import type { Queryable } from '../../../platform/db/db';

/**
 * Queries of the device service-expiry reminder (expiry-reminder.ts): users of a tenant, the
 * devices whose service ends soon and the once-per-service-end claim (`device_service_reminder`).
 * Every statement carries the tenant; times are ms epoch in and out.
 */

/** An enabled user of the tenant with the system-message preference (null = never set) and whether they hold its `admin` role. */
export interface TenantUserRow {
  id: string;
  email: string | null;
  system_message: boolean | null;
  is_admin: boolean;
}

/** Enabled, not deleted users of the tenant, by user name. */
export async function tenantUsers(q: Queryable, tenantId: number): Promise<TenantUserRow[]> {
  return q.query<TenantUserRow>(
    `SELECT u.id, u.email, n.system_message,
            EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.tenant_id = $1 AND r.role_code = 'admin') AS is_admin
       FROM sys_user u
       JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1
       LEFT JOIN sys_user_notification n ON n.user_id = u.id
      WHERE u.status = 1 AND u.del_flag = 0 ORDER BY u.username`,
    [tenantId],
  );
}

/**
 * Devices of the tenant whose service ends in `(from, to]` (ms epoch) and that were not reminded
 * for that end yet: id, display name (alias else name), end ms; by end, then id.
 */
export async function devicesDueForReminder(
  q: Queryable,
  tenantId: number,
  from: number,
  to: number,
): Promise<{ dev_no: string; name: string; end_ms: number }[]> {
  return q.query<{ dev_no: string; name: string; end_ms: number }>(
    `SELECT s.dev_no, coalesce(d.alias, d.name) AS name, (extract(epoch FROM s.service_end) * 1000)::float8 AS end_ms
       FROM device_service s JOIN device d ON d.dev_no = s.dev_no AND d.tenant_id = $1
      WHERE s.service_end > to_timestamp($2::float8 / 1000) AND s.service_end <= to_timestamp($3::float8 / 1000)
        AND NOT EXISTS (SELECT 1 FROM device_service_reminder r WHERE r.dev_no = s.dev_no AND r.service_end = s.service_end)
      ORDER BY s.service_end, s.dev_no`,
    [tenantId, from, to],
  );
}

/**
 * Claims the reminder of each device's current service end once (recording the recipient count);
 * returns the ids this call claimed, so a concurrent run of the same job does not send them again.
 */
export async function claimReminders(
  q: Queryable,
  tenantId: number,
  deviceIds: readonly string[],
  recipients: number,
): Promise<string[]> {
  const claimed = await q.query<{ dev_no: string }>(
    `INSERT INTO device_service_reminder (dev_no, service_end, tenant_id, recipients)
     SELECT s.dev_no, s.service_end, $1, $3 FROM device_service s WHERE s.dev_no = ANY($2::text[])
     ON CONFLICT DO NOTHING RETURNING dev_no`,
    [tenantId, deviceIds, recipients],
  );
  return claimed.map((c) => c.dev_no);
}
