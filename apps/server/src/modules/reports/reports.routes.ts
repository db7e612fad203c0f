import { ReportRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { exportsOf } from '../../platform/exports/export-route';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { devicesByIds } from '../devices/devices.repo';
import type { ModuleDeps } from '../index';
import { deviceReportExporter } from './device-report';

/**
 * Report calls (issue 11 item 3). `GET /wlx/report/device?deviceIds=a,b&startTime=&endTime=&format=pdf|xlsx`
 * (permission `device:export`): every device must be the caller's tenant's (else refused with
 * "device not found"); end before start is a field error on `endTime`; the report is queued as a
 * download-center job of type 1-4 and the call answers at once with the file being generated.
 */
export function reportRoutes(api: FastifyInstance, deps: Pick<ModuleDeps, 'db'>): void {
  const { db } = deps;
  registerRoute(api, db, ReportRoutes.device, async ({ auth, query, lang, req }) => {
    const found = await devicesByIds(db, auth.tenantId, query.deviceIds);
    if (found.length !== query.deviceIds.length) throw new AppError('notFound', 'deviceNotFound');
    const exporter = deviceReportExporter(query.deviceIds.length, query.format);
    const stored = { deviceIds: query.deviceIds.join(','), startTime: query.startTime, endTime: query.endTime, format: query.format };
    return exportsOf(req).request(auth, exporter as never, stored, lang);
  });
}
