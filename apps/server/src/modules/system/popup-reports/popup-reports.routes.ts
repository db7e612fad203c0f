import { PopupReportRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../platform/config/config';
import { crudOperations, registerCrudRoutes } from '../../../platform/crud/crud-routes';
import type { Db } from '../../../platform/db/db';
import { registerRoute } from '../../../platform/http/register-route';
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
  let cachedKey: Buffer | undefined;
  const key = (): Buffer => (cachedKey ??= dataSourceKey(env, config.dataDir));
  const cache = new ReportCache();
  registerCrudRoutes(app, db, R, {
    ...crudOperations(reports.POPUP_REPORT_CRUD),
    one: reports.oneReport,
    add: reports.createReport,
    edit: reports.editReport,
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
