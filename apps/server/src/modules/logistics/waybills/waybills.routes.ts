import { DivisionWaybillRoutes, WaybillRoutes as R, type DivisionWaybillCall } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/db';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { listExporter } from '../../../platform/exports/export-registry';
import type { ModuleDeps } from '../../module-deps';
import { divisionOf, type WaybillScope } from './waybill-division';
import { DIVISION_PARAM, WAYBILL_DIVISION_LIST, WAYBILL_LIST } from './waybills.list';
import { ongoingWaybills, waybillDetail, waybillReal, waybillStats } from './waybills.read';
import {
  addWaybillDevices,
  deleteWaybill,
  modifyWaybillTime,
  removeWaybillDevices,
  startWaybill,
  stopWaybill,
} from './waybill-lifecycle';
import { addWaybill, copyWaybill, updateWaybill } from './waybills.service';

/**
 * Waybill calls (WaybillRoutes of contracts, SPEC §7 tasks). Thin: contract →
 * permission (registerRoute) → service → envelope. Every call is tenant-scoped.
 *
 * Division-vehicle calls (SPEC §7 "and division-vehicle equivalents", `DivisionWaybillRoutes`,
 * `/wlx/divisionTask/<name>`): a division is the caller's current department (sys_depart org code)
 * with its sub-departments, the data scope of a branch's dispatcher; its calls are the same task
 * calls restricted to the waybills whose vehicle belongs to that division, i.e. whose devices'
 * `device.org_code` all lie in the department subtree (waybill-division.ts). They go through the
 * very same handlers below with a division scope: reads see only those waybills, mutations refuse
 * another waybill (403 waybillOutsideDivision) or device (400 field error deviceOutsideDivision),
 * a caller without a valid current department gets 403 noDepartment. Permissions are the task ones.
 */
export function waybillRoutes(api: FastifyInstance, { db }: ModuleDeps): void {
  taskCalls(api, db, R, (auth) => Promise.resolve({ tenantId: auth.tenantId, division: null }));
  taskCalls(api, db, DivisionWaybillRoutes, (auth) => divisionOf(db, auth));
  registerExportRoute(
    api,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: WAYBILL_LIST,
      permission: R.exportXls.access,
      title: { 'zh-CN': '运单列表', 'en-US': 'Waybills' },
      fileBase: { 'zh-CN': '运单列表', 'en-US': 'waybills' },
    }),
  );
  registerRoute(api, db, R.copy, ({ auth, body }) => copyWaybill(db, auth, body.id));
}

/**
 * Registers the task calls of one route table (`/wlx/task` or `/wlx/divisionTask`), each call in
 * the scope `scopeOf` gives for the caller (whole tenant, or the caller's division).
 */
function taskCalls(
  api: FastifyInstance,
  db: Db,
  routes: Pick<typeof R, DivisionWaybillCall>,
  scopeOf: (auth: AuthContext) => Promise<WaybillScope>,
): void {
  registerRoute(api, db, routes.list, async ({ auth, query }) => {
    const { division } = await scopeOf(auth);
    const caller = callerOf(auth, routes.list.access);
    return division === null
      ? listPage(db, WAYBILL_LIST, query, caller)
      : listPage(db, WAYBILL_DIVISION_LIST, { ...query, [DIVISION_PARAM]: division }, caller);
  });
  registerRoute(api, db, routes.getStatNum, async ({ auth, query }) => waybillStats(db, await scopeOf(auth), query));
  registerRoute(api, db, routes.getTaskList, async ({ auth, query }) =>
    ongoingWaybills(db, await scopeOf(auth), Date.now(), query),
  );
  registerRoute(api, db, routes.getDetailById, async ({ auth, query }) =>
    waybillDetail(db, await scopeOf(auth), query.id),
  );
  registerRoute(api, db, routes.getRealById, async ({ auth, query }) => waybillReal(db, await scopeOf(auth), query.id));
  registerRoute(api, db, routes.add, async ({ auth, body, lang }) =>
    addWaybill(db, auth, lang, body, (await scopeOf(auth)).division),
  );
  registerRoute(api, db, routes.update, async ({ auth, body, lang }) =>
    updateWaybill(db, auth, lang, body, (await scopeOf(auth)).division),
  );
  registerRoute(api, db, routes.start, async ({ auth, body, lang }) =>
    startWaybill(db, await scopeOf(auth), lang, body.id, auth.username),
  );
  registerRoute(api, db, routes.stop, async ({ auth, body }) =>
    stopWaybill(db, await scopeOf(auth), body.id, auth.username),
  );
  registerRoute(api, db, routes.del, async ({ auth, query }) => {
    await deleteWaybill(db, await scopeOf(auth), query.id);
    return null;
  });
  registerRoute(api, db, routes.modifyTime, async ({ auth, body }) =>
    modifyWaybillTime(db, auth, body, (await scopeOf(auth)).division),
  );
  registerRoute(api, db, routes.addDevs, async ({ auth, body, lang }) =>
    addWaybillDevices(db, auth, lang, body.id, body.deviceIds, (await scopeOf(auth)).division),
  );
  registerRoute(api, db, routes.delDevInTask, async ({ auth, body, lang }) =>
    removeWaybillDevices(db, auth, lang, body.id, body.deviceIds, (await scopeOf(auth)).division),
  );
}
