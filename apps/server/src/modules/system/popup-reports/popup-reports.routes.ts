import { PopupReportRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../platform/config/config';
import type { Db } from '../../../platform/db/db';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import { dataSourceKey } from '../datasources/datasource-secret';
import * as reports from './popup-reports.service';
import { ReportCache, reportColumns, reportData, reportQueryInfo } from './report-data';

/**
 * Popup reports (SPEC §7 `/online/cgreport/api/*`; JeecgBoot
 * `/online/cgreport/head/*` for the definitions). Definitions: administrators holding `onlreport:*`
 * of their tenant. The §7 calls: any session of the tenant that owns the report (another
 * tenant's report is not found). `REPORT_PARAM_PREFIX` (`self_`) marks parameter values.
 */
export function popupReportRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  env: Record<string, string | undefined> = process.env,
): void {
  const R = PopupReportRoutes;
  const L = reports.POPUP_REPORT_LIST;
  let cachedKey: Buffer | undefined;
  const key = (): Buffer => (cachedKey ??= dataSourceKey(env, config.dataDir));
  const cache = new ReportCache();
  registerRoute(app, db, R.list, ({ auth, query }) => listPage(db, L, query, callerOf(auth, R.list.access)));
  registerRoute(app, db, R.queryById, ({ auth, query }) =>
    reports.oneReport(db, query.id, callerOf(auth, R.list.access)),
  );
  registerRoute(app, db, R.add, async ({ auth, body, lang }) => ({
    id: await reports.createReport(db, body, callerOf(auth), lang),
  }));
  registerRoute(app, db, R.edit, async ({ auth, body, lang }) => {
    await reports.editReport(db, body, callerOf(auth, R.list.access), lang);
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await reports.deleteReports(db, [query.id], callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await reports.deleteReports(db, splitIds(query.ids), callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.getRpColumns, async ({ auth, params, lang }) =>
    reportColumns(db, await reports.findReport(db, auth.tenantId, params.code, 'either'), lang),
  );
  registerRoute(app, db, R.getQueryInfo, async ({ auth, params }) =>
    reportQueryInfo(await reports.findReport(db, auth.tenantId, params.id, 'either')),
  );
  registerRoute(app, db, R.getData, async ({ auth, params, query }) => {
    const { pageNo, pageSize, groupId, _t: _ignored, ...rest } = query;
    const report = await reports.findReport(db, auth.tenantId, params.id, 'either');
    return reportData(db, key, cache, report, { pageNo, pageSize, groupId, rest: rest as Record<string, string> });
  });
}
