import {
  renewalAmount,
  SERVICE_EXPIRING_DAYS,
  type DeviceServiceList,
  type DeviceServiceState,
  type ExpiredDevice,
  type Language,
  type SubscribeOrder,
  type SubscribeOrderDetail,
  type SubscribeRenewSchema,
} from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { fieldFailure } from '../../../platform/http/field-errors';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { ORDER_SCOPE, ORDER_SELECT, orderRecordOf } from './subscriptions.list';

/**
 * Service orders (SPEC §2 subscribe): renew (an unpaid order), cancel, and the
 * platform administrator's payment confirmation, which extends the devices' service ends.
 * Statements are scoped to the caller's tenant; the platform tenant sees and confirms every
 * tenant's orders. Another tenant's order id is "order not found" (404).
 *
 * Service rule: a device's service end is the latest period end of its paid orders
 * (`device_service`); a device without one never had a paid order and is in service; a device
 * whose end has passed is expired and is no longer evaluated by the alarm engine (rule-cache.ts).
 */

type RenewBody = z.output<typeof SubscribeRenewSchema>;

/** Unit price when the dictionary `service_unit_price` has no valid item: CNY 30.00, in fen. */
export const DEFAULT_UNIT_PRICE_FEN = 3000;
const DAY_MS = 86_400_000;

/**
 * Unit price of a renewal, fen per device and month: the first enabled item of the dictionary
 * `service_unit_price` (value in yuan, e.g. `30.00`), else {@link DEFAULT_UNIT_PRICE_FEN}.
 */
export async function unitPriceFen(q: Queryable): Promise<number> {
  const [row] = await q.query<{ item_value: string }>(
    `SELECT i.item_value FROM sys_dict_item i JOIN sys_dict d ON d.id = i.dict_id
      WHERE d.dict_code = 'service_unit_price' AND d.del_flag = 0 AND i.status = 1 ORDER BY i.sort_order, i.item_value LIMIT 1`,
  );
  const yuan = Number(row?.item_value);
  return Number.isFinite(yuan) && yuan > 0 ? Math.round(yuan * 100) : DEFAULT_UNIT_PRICE_FEN;
}

/** Service state of a device for a service end (ms or null) at `now`, `expiringDays` window. */
export function serviceState(
  serviceEnd: number | null,
  now: number,
  expiringDays = SERVICE_EXPIRING_DAYS,
): DeviceServiceState {
  if (serviceEnd === null) return 'none';
  if (serviceEnd <= now) return 'expired';
  return serviceEnd - now <= expiringDays * DAY_MS ? 'expiring' : 'active';
}

/**
 * One order the caller may see (own tenant; any for the platform tenant).
 * @throws AppError notFound subscribeOrderNotFound.
 */
export async function getOrder(q: Queryable, tenantId: number, id: string, lock = false): Promise<SubscribeOrder> {
  const [row] = await q.query(
    `SELECT ${ORDER_SELECT} FROM service_order o WHERE ${ORDER_SCOPE.replaceAll('$tenant', '$1')} AND o.id = $2${lock ? ' FOR UPDATE' : ''}`,
    [tenantId, id],
  );
  if (!row) throw new AppError('notFound', 'subscribeOrderNotFound');
  return orderRecordOf(row);
}

/** One order with its devices, the period each bought and each device's current service end. */
export async function viewOrder(db: Db, auth: AuthContext, id: string): Promise<SubscribeOrderDetail> {
  const order = await getOrder(db, auth.tenantId, id);
  const now = Date.now();
  const rows = await db.query<{
    dev_no: string;
    name: string | null;
    ps: number | null;
    pe: number | null;
    se: number | null;
  }>(
    `SELECT i.dev_no, coalesce(d.alias, d.name) AS name, (extract(epoch FROM i.period_start) * 1000)::float8 AS ps,
            (extract(epoch FROM i.period_end) * 1000)::float8 AS pe, (extract(epoch FROM s.service_end) * 1000)::float8 AS se
       FROM service_order_item i LEFT JOIN device d ON d.dev_no = i.dev_no LEFT JOIN device_service s ON s.dev_no = i.dev_no
      WHERE i.order_id = $1 ORDER BY i.dev_no`,
    [id],
  );
  const items = rows.map((r) => {
    const serviceEnd = r.se === null ? null : Number(r.se);
    return {
      deviceId: r.dev_no,
      deviceName: r.name ?? r.dev_no,
      periodStart: r.ps === null ? null : Number(r.ps),
      periodEnd: r.pe === null ? null : Number(r.pe),
      serviceEnd,
      state: serviceState(serviceEnd, now),
    };
  });
  return { ...order, items, canConfirmPay: order.status === 'unpaid' && (await isPlatformAdmin(db, auth)) };
}

/** The tenant's devices with their service end, state and any unpaid renewal; with the unit price. */
export async function deviceServices(db: Db, tenantId: number): Promise<DeviceServiceList> {
  const now = Date.now();
  const rows = await db.query<{ dev_no: string; name: string; se: number | null; unpaid: string | null }>(
    `SELECT d.dev_no, coalesce(d.alias, d.name) AS name, (extract(epoch FROM s.service_end) * 1000)::float8 AS se,
            (SELECT o.order_no FROM service_order_item i JOIN service_order o ON o.id = i.order_id
              WHERE i.dev_no = d.dev_no AND o.status = 'unpaid' AND o.tenant_id = d.tenant_id ORDER BY o.create_time DESC LIMIT 1) AS unpaid
       FROM device d LEFT JOIN device_service s ON s.dev_no = d.dev_no
      WHERE d.tenant_id = $1 ORDER BY d.dev_no`,
    [tenantId],
  );
  return {
    unitPrice: await unitPriceFen(db),
    currency: 'CNY',
    expiringDays: SERVICE_EXPIRING_DAYS,
    devices: rows.map((r) => {
      const serviceEnd = r.se === null ? null : Number(r.se);
      return {
        deviceId: r.dev_no,
        deviceName: r.name,
        serviceEnd,
        state: serviceState(serviceEnd, now),
        unpaidOrderNo: r.unpaid,
      };
    }),
  };
}

/** Devices of the tenant whose service has ended (they are not monitored). */
export async function expiredDevices(db: Db, tenantId: number): Promise<ExpiredDevice[]> {
  const rows = await db.query<{ dev_no: string; se: number }>(
    `SELECT s.dev_no, (extract(epoch FROM s.service_end) * 1000)::float8 AS se
       FROM device_service s JOIN device d ON d.dev_no = s.dev_no AND d.tenant_id = $1
      WHERE s.service_end <= now() ORDER BY s.dev_no`,
    [tenantId],
  );
  return rows.map((r) => ({ deviceId: r.dev_no, serviceEnd: Number(r.se) }));
}

/**
 * Creates an unpaid renewal order of the caller's tenant: amount = devices × months × unit price.
 * @throws AppError badRequest with a field error on `deviceIds`: a device not of the tenant
 *   (subscribeDeviceNotInTenant) or already in an unpaid order (subscribeDeviceHasUnpaid).
 */
export async function renew(db: Db, auth: AuthContext, lang: Language, body: RenewBody): Promise<SubscribeOrder> {
  const ids = [...new Set(body.deviceIds)];
  const found = await db.query<{ dev_no: string }>(
    'SELECT dev_no FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[])',
    [auth.tenantId, ids],
  );
  const have = new Set(found.map((r) => r.dev_no));
  const missing = ids.find((id) => !have.has(id));
  if (missing) throw fieldFailure(lang, 'deviceIds', 'subscribeDeviceNotInTenant', { id: missing });
  const [pending] = await db.query<{ dev_no: string; order_no: string }>(
    `SELECT i.dev_no, o.order_no FROM service_order_item i JOIN service_order o ON o.id = i.order_id
      WHERE o.status = 'unpaid' AND o.tenant_id = $1 AND i.dev_no = ANY($2::text[]) ORDER BY i.dev_no LIMIT 1`,
    [auth.tenantId, ids],
  );
  if (pending)
    throw fieldFailure(lang, 'deviceIds', 'subscribeDeviceHasUnpaid', {
      id: pending.dev_no,
      orderNo: pending.order_no,
    });
  const price = await unitPriceFen(db);
  const id = await db.tx(async (q) => {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO service_order (tenant_id, order_no, months, device_count, unit_price, amount, create_by)
       VALUES ($1, 'SO' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('service_order_no_seq')::text, 6, '0'),
               $2, $3, $4, $5, $6) RETURNING id`,
      [auth.tenantId, body.months, ids.length, price, renewalAmount(ids.length, body.months, price), auth.username],
    );
    await q.query('INSERT INTO service_order_item (order_id, dev_no) SELECT $1, unnest($2::text[])', [row!.id, ids]);
    return row!.id;
  });
  return getOrder(db, auth.tenantId, id);
}

/**
 * Cancels an unpaid order.
 * @throws AppError notFound subscribeOrderNotFound; business subscribeOrderNotUnpaid.
 */
export async function cancelOrder(db: Db, auth: AuthContext, id: string): Promise<SubscribeOrder> {
  await db.tx(async (q) => {
    const order = await getOrder(q, auth.tenantId, id, true);
    if (order.status !== 'unpaid') throw new AppError('business', 'subscribeOrderNotUnpaid');
    await q.query(
      `UPDATE service_order SET status = 'cancelled', cancel_time = now(), cancel_by = $2, update_by = $2, update_time = now() WHERE id = $1`,
      [id, auth.username],
    );
  });
  return getOrder(db, auth.tenantId, id);
}

/** True when the caller acts in the platform tenant and holds its administrator role. */
export async function isPlatformAdmin(q: Queryable, auth: Pick<AuthContext, 'tenantId' | 'userId'>): Promise<boolean> {
  if (auth.tenantId !== PLATFORM_TENANT_ID) return false;
  const rows = await q.query(
    `SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = $1 AND r.tenant_id = $2 AND r.role_code = 'admin'`,
    [auth.userId, PLATFORM_TENANT_ID],
  );
  return rows.length > 0;
}

/**
 * Marks an unpaid order paid (platform administrator, after an offline transfer): each device's
 * period runs from max(now, its current service end) for the order's months; the device's service
 * end moves to that period's end. Writing `device_service` marks the alarm rule snapshot dirty, so
 * a renewed device that had expired is monitored again from its next reading.
 * @throws AppError noPermission subscribePlatformAdminOnly; notFound; business subscribeOrderNotUnpaid.
 */
export async function confirmPay(db: Db, auth: AuthContext, id: string): Promise<SubscribeOrder> {
  if (!(await isPlatformAdmin(db, auth))) throw new AppError('noPermission', 'subscribePlatformAdminOnly');
  await db.tx(async (q) => {
    const order = await getOrder(q, auth.tenantId, id, true);
    if (order.status !== 'unpaid') throw new AppError('business', 'subscribeOrderNotUnpaid');
    await q.query(
      `UPDATE service_order_item i SET period_start = v.start, period_end = v.start + make_interval(months => $2::int)
         FROM (SELECT x.dev_no, greatest(now(), coalesce(s.service_end, now())) AS start
                 FROM service_order_item x LEFT JOIN device_service s ON s.dev_no = x.dev_no WHERE x.order_id = $1) v
        WHERE i.order_id = $1 AND i.dev_no = v.dev_no`,
      [id, order.months],
    );
    await q.query(
      `INSERT INTO device_service (dev_no, tenant_id, service_end, update_time)
       SELECT i.dev_no, $2, i.period_end, now() FROM service_order_item i WHERE i.order_id = $1
       ON CONFLICT (dev_no) DO UPDATE SET service_end = greatest(device_service.service_end, EXCLUDED.service_end), tenant_id = EXCLUDED.tenant_id, update_time = now()`,
      [id, order.tenantId],
    );
    await q.query(
      `UPDATE service_order SET status = 'paid', pay_time = now(), pay_by = $2, update_by = $2, update_time = now(),
              period_start = (SELECT min(period_start) FROM service_order_item WHERE order_id = $1),
              period_end = (SELECT max(period_end) FROM service_order_item WHERE order_id = $1)
        WHERE id = $1`,
      [id, auth.username],
    );
  });
  return getOrder(db, auth.tenantId, id);
}
