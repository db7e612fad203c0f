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
import { orderRecordOf } from './subscriptions.list';
import {
  deviceServiceRows,
  expiredDeviceRows,
  firstUnpaidDevice,
  holdsPlatformAdminRole,
  insertOrder,
  markCancelled,
  orderItems,
  recordPayment,
  selectOrder,
  tenantDeviceIds,
  unitPriceItem,
} from './subscriptions.repo';

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
  const yuan = Number(await unitPriceItem(q));
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
  const row = await selectOrder(q, tenantId, id, lock);
  if (!row) throw new AppError('notFound', 'subscribeOrderNotFound');
  return orderRecordOf(row);
}

/** One order with its devices, the period each bought and each device's current service end. */
export async function viewOrder(db: Db, auth: AuthContext, id: string): Promise<SubscribeOrderDetail> {
  const order = await getOrder(db, auth.tenantId, id);
  const now = Date.now();
  const rows = await orderItems(db, id);
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
  const rows = await deviceServiceRows(db, tenantId);
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
  const rows = await expiredDeviceRows(db, tenantId);
  return rows.map((r) => ({ deviceId: r.dev_no, serviceEnd: Number(r.se) }));
}

/**
 * Creates an unpaid renewal order of the caller's tenant: amount = devices × months × unit price.
 * @throws AppError badRequest with a field error on `deviceIds`: a device not of the tenant
 *   (subscribeDeviceNotInTenant) or already in an unpaid order (subscribeDeviceHasUnpaid).
 */
export async function renew(db: Db, auth: AuthContext, lang: Language, body: RenewBody): Promise<SubscribeOrder> {
  const ids = [...new Set(body.deviceIds)];
  const have = await tenantDeviceIds(db, auth.tenantId, ids);
  const missing = ids.find((id) => !have.has(id));
  if (missing) throw fieldFailure(lang, 'deviceIds', 'subscribeDeviceNotInTenant', { id: missing });
  const pending = await firstUnpaidDevice(db, auth.tenantId, ids);
  if (pending)
    throw fieldFailure(lang, 'deviceIds', 'subscribeDeviceHasUnpaid', {
      id: pending.dev_no,
      orderNo: pending.order_no,
    });
  const price = await unitPriceFen(db);
  const id = await db.tx((q) =>
    insertOrder(q, {
      tenantId: auth.tenantId,
      by: auth.username,
      months: body.months,
      deviceIds: ids,
      unitPrice: price,
      amount: renewalAmount(ids.length, body.months, price),
    }),
  );
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
    await markCancelled(q, id, auth.username);
  });
  return getOrder(db, auth.tenantId, id);
}

/** True when the caller acts in the platform tenant and holds its administrator role. */
export async function isPlatformAdmin(q: Queryable, auth: Pick<AuthContext, 'tenantId' | 'userId'>): Promise<boolean> {
  if (auth.tenantId !== PLATFORM_TENANT_ID) return false;
  return holdsPlatformAdminRole(q, auth.userId);
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
    await recordPayment(q, id, order.tenantId, order.months, auth.username);
  });
  return getOrder(db, auth.tenantId, id);
}
