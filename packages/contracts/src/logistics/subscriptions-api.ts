import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, ListQuerySchema } from '../system/list';
import { RefIdSchema } from '../validation-schemas';
import { DEVICE_PERMS } from '../devices-api/routes';

/**
 * Subscriptions: service orders of the devices' monitoring service (SPEC §2
 * subscribe: orders, order detail).
 *
 * A tenant renews the service of some of its devices for whole months: `renew` creates an UNPAID
 * order whose amount is devices × months × the unit price (dictionary `service_unit_price`, yuan
 * per device and month; amounts travel in fen, currency CNY). No payment gateway is connected:
 * after an offline transfer a platform administrator (admin role of the platform tenant) marks
 * the order paid (`confirmPay`), which extends each device's service end from max(now, its
 * current end) by the order's months. A device's service end is the latest period end of its
 * paid orders. A device that never had a paid order is in service (installations keep
 * monitoring); a device whose service end has passed is EXPIRED: its readings are still stored
 * and its history stays readable, but the alarm engine no longer evaluates it.
 * Times on the wire are ms since the Unix epoch.
 */

/** Permission codes (menu perms and buttons of the order list, SPEC §6). */
export const SUBSCRIBE_PERMS = {
  /** Order list, order detail, the tenant's devices with their service ends. */
  list: 'subscribe:list',
  /** Create a renewal order (unpaid). */
  renew: 'subscribe:renew',
  /** Cancel an unpaid order. */
  cancel: 'subscribe:cancel',
  /** Platform side: mark an unpaid order paid after an offline transfer (platform administrators only). */
  confirmPay: 'subscribe:confirmPay',
  export: 'subscribe:export',
} as const;

export const SUBSCRIBE_ORDER_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export type SubscribeOrderStatus = (typeof SUBSCRIBE_ORDER_STATUSES)[number];
/** Service state of one device: never ordered (in service), in service, ending within the reminder window, ended. */
export const DEVICE_SERVICE_STATES = ['none', 'active', 'expiring', 'expired'] as const;
export type DeviceServiceState = (typeof DEVICE_SERVICE_STATES)[number];
/** Renewal length bounds, months. */
export const SUBSCRIBE_MONTHS_MIN = 1;
export const SUBSCRIBE_MONTHS_MAX = 36;
/** Most devices one order carries. */
export const SUBSCRIBE_DEVICES_MAX = 500;
/** Days before a service end within which a device counts as `expiring` (and the reminder default). */
export const SERVICE_EXPIRING_DAYS = 7;
export const SUBSCRIBE_CURRENCY = 'CNY';

/** Body of `renew`: devices of the caller's tenant and whole months. */
export const SubscribeRenewSchema = z.object({
  deviceIds: z
    .array(z.string().trim().min(1).max(64), { error: 'validation.subscribeNoDevice' })
    .min(1, 'validation.subscribeNoDevice')
    .max(SUBSCRIBE_DEVICES_MAX, 'validation.tooLong'),
  months: z
    .number({ error: 'validation.subscribeMonths' })
    .int('validation.subscribeMonths')
    .min(SUBSCRIBE_MONTHS_MIN, 'validation.subscribeMonths')
    .max(SUBSCRIBE_MONTHS_MAX, 'validation.subscribeMonths'),
});
export type SubscribeRenew = z.input<typeof SubscribeRenewSchema>;
/** Body of `cancel` / `confirmPay`. */
export const SubscribeOrderIdSchema = z.object({ id: RefIdSchema });

/** A service order. Amounts in fen (1/100 CNY). */
export const SubscribeOrderSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** English name of the tenant, when it has one. */
  tenantNameEn: z.string().nullable(),
  status: z.enum(SUBSCRIBE_ORDER_STATUSES),
  months: z.number().int(),
  deviceCount: z.number().int(),
  /** Unit price per device and month, fen. */
  unitPrice: z.number().int(),
  /** deviceCount × months × unitPrice, fen. */
  amount: z.number().int(),
  currency: z.literal(SUBSCRIBE_CURRENCY),
  /** Service period of the order (earliest start, latest end of its devices); null until paid. */
  periodStart: z.number().nullable(),
  periodEnd: z.number().nullable(),
  createBy: z.string().nullable(),
  createTime: z.number(),
  payTime: z.number().nullable(),
  payBy: z.string().nullable(),
  cancelTime: z.number().nullable(),
  /** When the service bought by the order ends (= periodEnd once paid). */
  expireTime: z.number().nullable(),
});
export type SubscribeOrder = z.infer<typeof SubscribeOrderSchema>;
/** Public fields of the order list. */
export const SUBSCRIBE_ORDER_LIST_FIELDS = [
  'orderNo',
  'tenantName',
  'status',
  'months',
  'deviceCount',
  'amount',
  'periodStart',
  'periodEnd',
  'createBy',
  'createTime',
  'payTime',
  'expireTime',
] as const;

/** One device of an order: the period this order bought and the device's current service. */
export const SubscribeOrderItemSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  /** Period bought by this order; null until paid. */
  periodStart: z.number().nullable(),
  periodEnd: z.number().nullable(),
  /** The device's service end now (latest paid period end), null when it never had a paid order. */
  serviceEnd: z.number().nullable(),
  state: z.enum(DEVICE_SERVICE_STATES),
});
export type SubscribeOrderItem = z.infer<typeof SubscribeOrderItemSchema>;
export const SubscribeOrderDetailSchema = SubscribeOrderSchema.extend({
  items: z.array(SubscribeOrderItemSchema),
  /** The caller may confirm this order's payment (unpaid, caller is a platform administrator). */
  canConfirmPay: z.boolean(),
});
export type SubscribeOrderDetail = z.infer<typeof SubscribeOrderDetailSchema>;

/** One device of the tenant with its service (renewal picker, reminders). */
export const DeviceServiceSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  serviceEnd: z.number().nullable(),
  state: z.enum(DEVICE_SERVICE_STATES),
  /** Order number of an unpaid renewal that names the device, if any. */
  unpaidOrderNo: z.string().nullable(),
});
export type DeviceService = z.infer<typeof DeviceServiceSchema>;
/** The tenant's devices with their service, and the price a renewal is computed with. */
export const DeviceServiceListSchema = z.object({
  unitPrice: z.number().int(),
  currency: z.literal(SUBSCRIBE_CURRENCY),
  expiringDays: z.number().int(),
  devices: z.array(DeviceServiceSchema),
});
export type DeviceServiceList = z.infer<typeof DeviceServiceListSchema>;
/** Devices of the tenant whose service has ended (device list and detail tag). */
export const ExpiredDeviceSchema = z.object({ deviceId: z.string(), serviceEnd: z.number() });
export type ExpiredDevice = z.infer<typeof ExpiredDeviceSchema>;

/** Amount of a renewal, fen: devices × months × unit price. */
export function renewalAmount(devices: number, months: number, unitPrice: number): number {
  return devices * months * unitPrice;
}

/** Fen as a yuan text with two decimals (`12345` → `123.45`). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const a = Math.abs(Math.round(fen));
  return `${sign}${Math.floor(a / 100).toLocaleString('en-US')}.${String(a % 100).padStart(2, '0')}`;
}

const S = '/wlx/subscribe';
const P = SUBSCRIBE_PERMS;
const tag = 'subscriptions';

/** Subscription calls, relative to the base path. Tenant-scoped; the platform tenant sees every tenant's orders. */
export const SubscribeRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${S}/order/list`,
    access: P.list,
    tag,
    summary: 'Service orders (generic list over SUBSCRIBE_ORDER_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(SubscribeOrderSchema),
  }),
  view: defineRoute({
    method: 'GET',
    path: `${S}/order/queryById`,
    access: P.list,
    tag,
    summary: 'One order with its devices and their service ends',
    query: IdQuerySchema,
    result: SubscribeOrderDetailSchema,
  }),
  devices: defineRoute({
    method: 'GET',
    path: `${S}/devices`,
    access: P.list,
    tag,
    summary: "The tenant's devices with their service end and the unit price",
    result: DeviceServiceListSchema,
  }),
  renew: defineRoute({
    method: 'POST',
    path: `${S}/order/renew`,
    access: P.renew,
    tag,
    summary: 'Create an unpaid renewal order',
    body: SubscribeRenewSchema,
    result: SubscribeOrderSchema,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: `${S}/order/cancel`,
    access: P.cancel,
    tag,
    summary: 'Cancel an unpaid order',
    body: SubscribeOrderIdSchema,
    result: SubscribeOrderSchema,
  }),
  confirmPay: defineRoute({
    method: 'POST',
    path: `${S}/order/confirmPay`,
    access: P.confirmPay,
    tag,
    summary: 'Platform administrator: mark an unpaid order paid (offline transfer); extends the service ends',
    body: SubscribeOrderIdSchema,
    result: SubscribeOrderSchema,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: `${S}/order/exportXls`,
    access: P.export,
    tag,
    summary: 'Export orders as .xls (same filters as the list)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  expired: defineRoute({
    method: 'GET',
    path: `${S}/expiredDevices`,
    access: DEVICE_PERMS.list,
    tag,
    summary: "The tenant's devices whose service has ended (not monitored)",
    result: z.array(ExpiredDeviceSchema),
  }),
} as const;
