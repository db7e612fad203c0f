import { ReportRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { exportsOf } from '../../platform/exports/export-route';
import { exportTypeUnavailable } from '../../platform/exports/export-service';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { devicesByIds } from '../devices/devices.repo';
import type { ModuleDeps } from '../module-deps';
import { deviceReportExporter } from './device-report';
import { meterReportJob } from './meter-report';
import { WAREHOUSE_DAILY_EXPORTER, warehouseForReport } from './warehouse-daily';
import { WAYBILL_REPORT_EXPORTERS } from './waybill-report';
import { WAYBILL_ZIP_EXPORTER, waybillForReport } from './waybill-zip';

/**
 * Report calls. `GET /wlx/report/device?deviceIds=a,b&startTime=&endTime=&format=pdf|xlsx`
 * (permission `device:export`): every device must be the caller's tenant's (else refused with
 * "device not found"); end before start is a field error on `endTime`; `reportType` `b` (meter
 * report) queues the meters module's Excel report (type b) of the range's days when every
 * device is an ammeter or plug (else a field error on `reportType`); another `reportType` than
 * `terminal` (a device family the product does not have) is a field error on `reportType` saying so; the report is queued as a
 * download-center job of type 1-4 and the call answers at once with the file being generated.
 * `GET /wlx/report/waybillZip?id=` (permission `task:export`): the waybill ZIP (type 6) of a waybill of
 * the caller's tenant (another tenant's is not found).
 * `GET /wlx/report/waybill?id=&format=pdf|xlsx` (permission `task:export`): the waybill report (type 8).
 * `GET /wlx/report/warehouseDaily?id=&date=YYYY-MM-DD` (permission `warehouse:export`): the warehouse
 * daily report (type 5) of a warehouse of the caller's tenant.
 */
export function reportRoutes(api: FastifyInstance, deps: Pick<ModuleDeps, 'db'>): void {
  const { db } = deps;
  registerRoute(api, db, ReportRoutes.device, async ({ auth, query, lang, req }) => {
    // SPEC §9 types of device families the product does not have: listed, refused with a clear message
    if (query.reportType !== 'terminal' && query.reportType !== 'b')
      throw exportTypeUnavailable(query.reportType, lang, 'reportType');
    const found = await devicesByIds(db, auth.tenantId, query.deviceIds);
    if (found.length !== query.deviceIds.length) throw new AppError('notFound', 'deviceNotFound');
    if (query.reportType === 'b') {
      const job = meterReportJob(found, query.startTime, query.endTime, lang);
      return exportsOf(req).request(auth, job.exporter as never, job.query, lang);
    }
    const exporter = deviceReportExporter(query.deviceIds.length, query.format);
    const stored = {
      deviceIds: query.deviceIds.join(','),
      startTime: query.startTime,
      endTime: query.endTime,
      format: query.format,
    };
    return exportsOf(req).request(auth, exporter as never, stored, lang);
  });
  registerRoute(api, db, ReportRoutes.waybillZip, async ({ auth, query, lang, req }) => {
    if (!(await waybillForReport(db, auth.tenantId, query.id))) throw new AppError('notFound', 'notFound');
    return exportsOf(req).request(auth, WAYBILL_ZIP_EXPORTER as never, { id: query.id }, lang);
  });
  registerRoute(api, db, ReportRoutes.warehouseDaily, async ({ auth, query, lang, req }) => {
    if (!(await warehouseForReport(db, auth.tenantId, query.id))) throw new AppError('notFound', 'notFound');
    return exportsOf(req).request(auth, WAREHOUSE_DAILY_EXPORTER as never, { id: query.id, date: query.date }, lang);
  });
  registerRoute(api, db, ReportRoutes.waybill, async ({ auth, query, lang, req }) => {
    if (!(await waybillForReport(db, auth.tenantId, query.id))) throw new AppError('notFound', 'notFound');
    return exportsOf(req).request(
      auth,
      WAYBILL_REPORT_EXPORTERS[query.format] as never,
      { id: query.id, format: query.format },
      lang,
    );
  });
}
