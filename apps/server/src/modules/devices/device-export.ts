import { DEVICE_EXPORT_PATH, DEVICE_PERMS, getParameter, type DeviceRecord, type Language } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { loadPermissionCodes } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requestLanguage } from '../../platform/http/error-handler';
import { authenticate } from '../../platform/http/register-route';
import { writeSheetOffThread } from '../../platform/list/sheet-pool';
import { devicesByIds, listDevices } from './devices.repo';

const HEAD: Record<Language, string[]> = {
  'zh-CN': ['设备别名/名称', '设备号', '采集时间', '位置(纬度,经度 WGS-84)', '终端型号', '网关', '工作状态', '在线状态'],
  'en-US': ['Alias/name', 'Device id', 'Gather time', 'Location (lat,lng WGS-84)', 'Terminal model', 'Gateway', 'Work status', 'Online'],
};

/** Rows of the export sheet (SPEC §3 export columns): one per device, one column per parameter seen. */
export function exportRows(devices: readonly DeviceRecord[], lang: Language): (string | number | boolean)[][] {
  const codes = [...new Set(devices.flatMap((d) => d.values.map((v) => v.code)))].sort();
  const paramHead = codes.map((c) => {
    const p = getParameter(c);
    const name = lang === 'zh-CN' ? p?.nameZh : p?.nameEn;
    return `${name ?? c}${p?.unit ? ` (${p.unit})` : ''}`;
  });
  const rows: (string | number | boolean)[][] = [[...HEAD[lang], ...paramHead]];
  for (const d of devices) {
    const byCode = new Map(d.values.map((v) => [v.code, v.value]));
    rows.push([
      d.alias || d.name, d.id, d.lastReportTime ? new Date(d.lastReportTime).toISOString() : '',
      d.lat !== null && d.lng !== null ? `${d.lat},${d.lng}` : '', d.model, d.gatewayId ?? '', d.workStatus, d.status,
      ...codes.map((c) => byCode.get(c) ?? ''),
    ]);
  }
  return rows;
}

/**
 * `GET /wlx/device/exportXls?ids=a,b` (permission `device:export`, SPEC §7 export): the selection,
 * or the first 10,000 devices of the tenant without `ids`, as a legacy `.xls` (SheetJS BIFF8), written
 * in the spreadsheet worker so a large export does not block the event loop (issue #8).
 */
export function deviceExportRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { ids?: string | string[] } }>(DEVICE_EXPORT_PATH, { schema: { summary: 'Export devices as .xls', tags: ['devices'] } }, async (req, reply) => {
    const auth = await authenticate(db, req);
    const codes = await loadPermissionCodes(db, auth.userId, auth.tenantId);
    if (!codes.has(DEVICE_PERMS.export)) throw new AppError('noPermission', 'noPermission');
    // a repeated ?ids= arrives as an array (issue #8 fuzz sweep): join it like a comma list
    const ids = [req.query.ids ?? ''].flat().join(',').split(',').map((s) => s.trim()).filter(Boolean);
    const devices = ids.length
      ? await devicesByIds(db, auth.tenantId, ids)
      : (await listDevices(db, auth.tenantId, { pageNo: 1, pageSize: 10_000 })).records;
    if (!devices.length) throw new AppError('business', 'exportNoData');
    const file = await writeSheetOffThread('devices', exportRows(devices, requestLanguage(req)));
    return reply
      .header('content-type', 'application/vnd.ms-excel')
      .header('content-disposition', `attachment; filename="devices-${Date.now()}.xls"`)
      .send(file);
  });
}
