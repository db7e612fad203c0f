import type { BilingualText, SUBSCRIBE_ORDER_LIST_FIELDS, SubscribeOrder } from '@ztj/contracts';
import { AUDIT_LABELS, epochMsSql, type ListField, type ListSpec } from '../../../platform/list/list-spec';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';

/**
 * The service-order list (SPEC §2 subscribe: orders) on the one list machinery.
 * A tenant sees its own orders; the platform tenant sees every tenant's (it confirms payments).
 * Amounts are fen; times are ms since the epoch on the wire.
 */

const STATUS_OPTIONS: Record<string, BilingualText> = {
  unpaid: { 'zh-CN': '待支付', 'en-US': 'Unpaid' },
  paid: { 'zh-CN': '已支付', 'en-US': 'Paid' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};

const TENANT_NAME_SQL = '(SELECT t.name FROM sys_tenant t WHERE t.id = o.tenant_id)';

const FIELDS: Record<(typeof SUBSCRIBE_ORDER_LIST_FIELDS)[number], ListField> = {
  orderNo: { sql: 'o.order_no', type: 'string', label: { 'zh-CN': '订单号', 'en-US': 'Order number' } },
  tenantName: { sql: TENANT_NAME_SQL, type: 'string', label: { 'zh-CN': '租户', 'en-US': 'Tenant' } },
  status: {
    sql: 'o.status',
    type: 'string',
    label: { 'zh-CN': '状态', 'en-US': 'Status' },
    multi: true,
    options: STATUS_OPTIONS,
  },
  months: { sql: 'o.months', type: 'number', label: { 'zh-CN': '时长（月）', 'en-US': 'Months' } },
  deviceCount: { sql: 'o.device_count', type: 'number', label: { 'zh-CN': '设备数', 'en-US': 'Devices' } },
  amount: { sql: 'o.amount', type: 'number', label: { 'zh-CN': '金额（分）', 'en-US': 'Amount (fen)' } },
  periodStart: { sql: 'o.period_start', type: 'datetime', label: { 'zh-CN': '服务开始', 'en-US': 'Service from' } },
  periodEnd: { sql: 'o.period_end', type: 'datetime', label: { 'zh-CN': '服务结束', 'en-US': 'Service until' } },
  createBy: { sql: 'o.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 'o.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  payTime: { sql: 'o.pay_time', type: 'datetime', label: { 'zh-CN': '支付时间', 'en-US': 'Paid' } },
  expireTime: { sql: 'o.period_end', type: 'datetime', label: { 'zh-CN': '到期时间', 'en-US': 'Expires' } },
};

/** Columns of an order row (`FROM service_order o`). */
export const ORDER_SELECT = `o.id, o.order_no, o.tenant_id, ${TENANT_NAME_SQL} AS tenant_name, (SELECT t.name_en FROM sys_tenant t WHERE t.id = o.tenant_id) AS tenant_name_en, o.status, o.months, o.device_count, o.unit_price, o.amount, o.currency,
  ${epochMsSql('o.period_start')} AS period_start_ms, ${epochMsSql('o.period_end')} AS period_end_ms, o.create_by, ${epochMsSql('o.create_time')} AS create_ms,
  ${epochMsSql('o.pay_time')} AS pay_ms, o.pay_by, ${epochMsSql('o.cancel_time')} AS cancel_ms`;

/** Scope of orders a caller of `$tenant` sees: its own, or all for the platform tenant. */
export const ORDER_SCOPE = `(o.tenant_id = $tenant OR $tenant = ${PLATFORM_TENANT_ID})`;

const ms = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The API record of an order row. */
export function orderRecordOf(r: Record<string, unknown>): SubscribeOrder {
  return {
    id: String(r.id),
    orderNo: String(r.order_no),
    tenantId: Number(r.tenant_id),
    tenantName: String(r.tenant_name ?? ''),
    tenantNameEn: r.tenant_name_en ? String(r.tenant_name_en) : null,
    status: r.status as SubscribeOrder['status'],
    months: Number(r.months),
    deviceCount: Number(r.device_count),
    unitPrice: Number(r.unit_price),
    amount: Number(r.amount),
    currency: 'CNY',
    periodStart: ms(r.period_start_ms),
    periodEnd: ms(r.period_end_ms),
    createBy: r.create_by == null ? null : String(r.create_by),
    createTime: Number(r.create_ms),
    payTime: ms(r.pay_ms),
    payBy: r.pay_by == null ? null : String(r.pay_by),
    cancelTime: ms(r.cancel_ms),
    expireTime: ms(r.period_end_ms),
  };
}

/** Service orders of the caller's tenant (every tenant's for the platform tenant). */
export const ORDER_LIST: ListSpec<SubscribeOrder> = {
  name: 'serviceOrders',
  from: 'service_order o',
  select: ORDER_SELECT,
  tenantScope: ORDER_SCOPE,
  idSql: 'o.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: orderRecordOf,
};
