import type { BilingualText } from '../i18n';

/** Envelope messages of subscriptions (service orders), merged into `MESSAGES`. */
export const SUBSCRIPTION_MESSAGES = {
  subscribeOrderNotFound: { 'zh-CN': '订单不存在', 'en-US': 'Order not found' },
  subscribeOrderNotUnpaid: {
    'zh-CN': '只有待支付的订单可以取消或确认收款',
    'en-US': 'Only an unpaid order can be cancelled or marked paid',
  },
  subscribePlatformAdminOnly: {
    'zh-CN': '只有平台管理员可以确认收款',
    'en-US': 'Only a platform administrator can confirm a payment',
  },
  subscribeDeviceNotInTenant: {
    'zh-CN': '设备 {id} 不属于本租户',
    'en-US': 'Device {id} does not belong to this tenant',
  },
  subscribeDeviceHasUnpaid: {
    'zh-CN': '设备 {id} 已有待支付的续费订单 {orderNo}',
    'en-US': 'Device {id} already has an unpaid renewal order {orderNo}',
  },
} as const satisfies Record<string, BilingualText>;

/** Field-error texts of the subscription schemas, merged into `VALIDATION_MESSAGES`. */
export const SUBSCRIPTION_VALIDATION_MESSAGES = {
  'validation.subscribeMonths': {
    'zh-CN': '续费时长必须是1到36之间的整月数',
    'en-US': 'The renewal must be a whole number of months from 1 to 36',
  },
  'validation.subscribeNoDevice': { 'zh-CN': '请至少选择一台设备', 'en-US': 'Choose at least one device' },
} as const satisfies Record<string, BilingualText>;
