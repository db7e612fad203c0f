import type { Queryable } from '../../../platform/db/db';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { ORDER_SCOPE, ORDER_SELECT } from './subscriptions.list';

/**
 * Service order queries (CONVENTIONS §1 repo): tables `service_order`, `service_order_item` and
 * `device_service` (a device's service end). Functions taking a `tenantId` scope by it (the
 * platform tenant sees every tenant's orders, `ORDER_SCOPE`); the ones taking only an order id run
 * after the caller has read that order through {@link selectOrder}. Times are ms epoch out
 * (float8, possibly as strings on one driver: callers wrap them in `Number`).
 */

/** The first enabled item value of the dictionary `service_unit_price` (yuan as text), if any. */
export async function unitPriceItem(q: Queryable): Promise<string | undefined> {
  const [row] = await q.query<{ item_value: string }>(
    `SELECT i.item_value FROM sys_dict_item i JOIN sys_dict d ON d.id = i.dict_id
      WHERE d.dict_code = 'service_unit_price' AND d.del_flag = 0 AND i.status = 1 ORDER BY i.sort_order, i.item_value LIMIT 1`,
  );
  return row?.item_value;
}

/** An order the tenant may see as selected by `ORDER_SELECT`, for `orderRecordOf`; `lock` takes a row lock (in a transaction). */
export async function selectOrder(
  q: Queryable,
  tenantId: number,
  id: string,
  lock = false,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query(
    `SELECT ${ORDER_SELECT} FROM service_order o WHERE ${ORDER_SCOPE.replaceAll('$tenant', '$1')} AND o.id = $2${lock ? ' FOR UPDATE' : ''}`,
    [tenantId, id],
  );
  return row;
}

/** A device of an order: display name (null when the device is gone), period bought and current service end (ms). */
export interface OrderItemRow {
  dev_no: string;
  name: string | null;
  ps: number | null;
  pe: number | null;
  se: number | null;
}

/** The devices of an order, by device id. */
export async function orderItems(q: Queryable, orderId: string): Promise<OrderItemRow[]> {
  return q.query<OrderItemRow>(
    `SELECT i.dev_no, coalesce(d.alias, d.name) AS name, (extract(epoch FROM i.period_start) * 1000)::float8 AS ps,
            (extract(epoch FROM i.period_end) * 1000)::float8 AS pe, (extract(epoch FROM s.service_end) * 1000)::float8 AS se
       FROM service_order_item i LEFT JOIN device d ON d.dev_no = i.dev_no LEFT JOIN device_service s ON s.dev_no = i.dev_no
      WHERE i.order_id = $1 ORDER BY i.dev_no`,
    [orderId],
  );
}

/** The tenant's devices by id: display name, service end (ms; null = never paid) and the newest unpaid order number. */
export async function deviceServiceRows(
  q: Queryable,
  tenantId: number,
): Promise<{ dev_no: string; name: string; se: number | null; unpaid: string | null }[]> {
  return q.query<{ dev_no: string; name: string; se: number | null; unpaid: string | null }>(
    `SELECT d.dev_no, coalesce(d.alias, d.name) AS name, (extract(epoch FROM s.service_end) * 1000)::float8 AS se,
            (SELECT o.order_no FROM service_order_item i JOIN service_order o ON o.id = i.order_id
              WHERE i.dev_no = d.dev_no AND o.status = 'unpaid' AND o.tenant_id = d.tenant_id ORDER BY o.create_time DESC LIMIT 1) AS unpaid
       FROM device d LEFT JOIN device_service s ON s.dev_no = d.dev_no
      WHERE d.tenant_id = $1 ORDER BY d.dev_no`,
    [tenantId],
  );
}

/** Devices of the tenant whose service end (ms) has passed, by id. */
export async function expiredDeviceRows(q: Queryable, tenantId: number): Promise<{ dev_no: string; se: number }[]> {
  return q.query<{ dev_no: string; se: number }>(
    `SELECT s.dev_no, (extract(epoch FROM s.service_end) * 1000)::float8 AS se
       FROM device_service s JOIN device d ON d.dev_no = s.dev_no AND d.tenant_id = $1
      WHERE s.service_end <= now() ORDER BY s.dev_no`,
    [tenantId],
  );
}

/** Which of `ids` are devices of the tenant. */
export async function tenantDeviceIds(q: Queryable, tenantId: number, ids: readonly string[]): Promise<Set<string>> {
  const found = await q.query<{ dev_no: string }>(
    'SELECT dev_no FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[])',
    [tenantId, ids],
  );
  return new Set(found.map((r) => r.dev_no));
}

/** The first (by device id) of `ids` that is in an unpaid order of the tenant, with that order's number. */
export async function firstUnpaidDevice(
  q: Queryable,
  tenantId: number,
  ids: readonly string[],
): Promise<{ dev_no: string; order_no: string } | undefined> {
  const [pending] = await q.query<{ dev_no: string; order_no: string }>(
    `SELECT i.dev_no, o.order_no FROM service_order_item i JOIN service_order o ON o.id = i.order_id
      WHERE o.status = 'unpaid' AND o.tenant_id = $1 AND i.dev_no = ANY($2::text[]) ORDER BY i.dev_no LIMIT 1`,
    [tenantId, ids],
  );
  return pending;
}

/**
 * Inserts an unpaid order of the tenant for `deviceIds` (distinct) with its items; the order number
 * is `SO` + the Beijing date + a 6-digit sequence. Prices in fen. Returns the order id.
 */
export async function insertOrder(
  q: Queryable,
  o: { tenantId: number; by: string; months: number; deviceIds: readonly string[]; unitPrice: number; amount: number },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO service_order (tenant_id, order_no, months, device_count, unit_price, amount, create_by)
       VALUES ($1, 'SO' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('service_order_no_seq')::text, 6, '0'),
               $2, $3, $4, $5, $6) RETURNING id`,
    [o.tenantId, o.months, o.deviceIds.length, o.unitPrice, o.amount, o.by],
  );
  await q.query('INSERT INTO service_order_item (order_id, dev_no) SELECT $1, unnest($2::text[])', [
    row!.id,
    o.deviceIds,
  ]);
  return row!.id;
}

/** Marks an order cancelled now by user name `by`. */
export async function markCancelled(q: Queryable, id: string, by: string): Promise<void> {
  await q.query(
    `UPDATE service_order SET status = 'cancelled', cancel_time = now(), cancel_by = $2, update_by = $2, update_time = now() WHERE id = $1`,
    [id, by],
  );
}

/** True when the user holds the platform tenant's `admin` role. */
export async function holdsPlatformAdminRole(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = $1 AND r.tenant_id = $2 AND r.role_code = 'admin'`,
    [userId, PLATFORM_TENANT_ID],
  );
  return rows.length > 0;
}

/**
 * Records the payment of an order of `tenantId` by user name `by`: each item's period runs from
 * max(now, the device's current service end) for `months`; each device's service end moves to
 * the later of its end and that period's end; the order is paid and spans its items' periods.
 */
export async function recordPayment(q: Queryable, id: string, tenantId: number, months: number, by: string) {
  await q.query(
    `UPDATE service_order_item i SET period_start = v.start, period_end = v.start + make_interval(months => $2::int)
         FROM (SELECT x.dev_no, greatest(now(), coalesce(s.service_end, now())) AS start
                 FROM service_order_item x LEFT JOIN device_service s ON s.dev_no = x.dev_no WHERE x.order_id = $1) v
        WHERE i.order_id = $1 AND i.dev_no = v.dev_no`,
    [id, months],
  );
  await q.query(
    `INSERT INTO device_service (dev_no, tenant_id, service_end, update_time)
       SELECT i.dev_no, $2, i.period_end, now() FROM service_order_item i WHERE i.order_id = $1
       ON CONFLICT (dev_no) DO UPDATE SET service_end = greatest(device_service.service_end, EXCLUDED.service_end), tenant_id = EXCLUDED.tenant_id, update_time = now()`,
    [id, tenantId],
  );
  await q.query(
    `UPDATE service_order SET status = 'paid', pay_time = now(), pay_by = $2, update_by = $2, update_time = now(),
              period_start = (SELECT min(period_start) FROM service_order_item WHERE order_id = $1),
              period_end = (SELECT max(period_end) FROM service_order_item WHERE order_id = $1)
        WHERE id = $1`,
    [id, by],
  );
}
