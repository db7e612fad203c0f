import { WaybillRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { listExporter } from '../../../platform/exports/export-registry';
import type { ModuleDeps } from '../../index';
import { WAYBILL_LIST } from './waybills.list';
import { ongoingWaybills, waybillDetail, waybillReal, waybillStats } from './waybills.read';
import {
  addWaybill, addWaybillDevices, copyWaybill, deleteWaybill, modifyWaybillTime, removeWaybillDevices, startWaybill, stopWaybill, updateWaybill,
} from './waybills.service';

/**
 * Waybill calls (WaybillRoutes of contracts; issue 10 item 3, SPEC §7 tasks). Thin: contract →
 * permission (registerRoute) → service → envelope. Every call is tenant-scoped.
 */
export function waybillRoutes(api: FastifyInstance, { db }: ModuleDeps): void {
  registerRoute(api, db, R.list, ({ auth, query }) => listPage(db, WAYBILL_LIST, query, callerOf(auth, R.list.access)));
  registerExportRoute(api, db, R.exportXls, listExporter({
    key: R.exportXls.path, list: WAYBILL_LIST, permission: R.exportXls.access,
    title: { 'zh-CN': '运单列表', 'en-US': 'Waybills' }, fileBase: { 'zh-CN': '运单列表', 'en-US': 'waybills' },
  }));
  registerRoute(api, db, R.getStatNum, ({ auth }) => waybillStats(db, auth.tenantId));
  registerRoute(api, db, R.getTaskList, ({ auth }) => ongoingWaybills(db, auth.tenantId));
  registerRoute(api, db, R.getDetailById, ({ auth, query }) => waybillDetail(db, auth.tenantId, query.id));
  registerRoute(api, db, R.getRealById, ({ auth, query }) => waybillReal(db, auth.tenantId, query.id));
  registerRoute(api, db, R.add, ({ auth, body, lang }) => addWaybill(db, auth, lang, body));
  registerRoute(api, db, R.update, ({ auth, body, lang }) => updateWaybill(db, auth, lang, body));
  registerRoute(api, db, R.copy, ({ auth, body }) => copyWaybill(db, auth, body.id));
  registerRoute(api, db, R.start, ({ auth, body, lang }) => startWaybill(db, auth.tenantId, lang, body.id, auth.username));
  registerRoute(api, db, R.stop, ({ auth, body }) => stopWaybill(db, auth.tenantId, body.id, auth.username));
  registerRoute(api, db, R.del, async ({ auth, query }) => {
    await deleteWaybill(db, auth.tenantId, query.id);
    return null;
  });
  registerRoute(api, db, R.modifyTime, ({ auth, body }) => modifyWaybillTime(db, auth, body));
  registerRoute(api, db, R.addDevs, ({ auth, body, lang }) => addWaybillDevices(db, auth, lang, body.id, body.deviceIds));
  registerRoute(api, db, R.delDevInTask, ({ auth, body, lang }) => removeWaybillDevices(db, auth, lang, body.id, body.deviceIds));
}
