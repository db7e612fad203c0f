import { SubscribeRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { listExporter } from '../../../platform/exports/export-registry';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import type { ModuleDeps } from '../../module-deps';
import './expiry-reminder';
import { ORDER_LIST } from './subscriptions.list';
import { cancelOrder, confirmPay, deviceServices, expiredDevices, renew, viewOrder } from './subscriptions.service';

/**
 * Subscription calls (SubscribeRoutes of contracts): contract → permission
 * (registerRoute) → service → envelope. Tenant-scoped; the platform tenant sees every tenant's
 * orders and its administrators confirm payments. Importing this module registers the
 * `deviceServiceExpiryReminder` job class (expiry-reminder.ts).
 */
export function subscriptionRoutes(api: FastifyInstance, { db }: Pick<ModuleDeps, 'db'>): void {
  registerRoute(api, db, R.list, ({ auth, query }) => listPage(db, ORDER_LIST, query, callerOf(auth, R.list.access)));
  registerExportRoute(
    api,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: ORDER_LIST,
      permission: R.exportXls.access,
      title: { 'zh-CN': '服务订单', 'en-US': 'Service orders' },
      fileBase: { 'zh-CN': '服务订单', 'en-US': 'service-orders' },
    }),
  );
  registerRoute(api, db, R.view, ({ auth, query }) => viewOrder(db, auth, query.id));
  registerRoute(api, db, R.devices, ({ auth }) => deviceServices(db, auth.tenantId));
  registerRoute(api, db, R.expired, ({ auth }) => expiredDevices(db, auth.tenantId));
  registerRoute(api, db, R.renew, ({ auth, body, lang }) => renew(db, auth, lang, body));
  registerRoute(api, db, R.cancel, ({ auth, body }) => cancelOrder(db, auth, body.id));
  registerRoute(api, db, R.confirmPay, ({ auth, body }) => confirmPay(db, auth, body.id));
}
