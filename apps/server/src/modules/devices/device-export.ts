import { DEVICE_EXPORT_PATH, DEVICE_PERMS, getParameter, type DeviceRecord, type Language } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { loadPermissionCodes } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requestLanguage } from '../../platform/http/error-handler';
import { authenticate } from '../../platform/http/register-route';
import { writeSheetOffThread } from '../../platform/list/sheet-pool';
import { defineExporter, listExportDescription } from '../../platform/exports/export-registry';
import { exportsOf } from '../../platform/exports/export-route';
import { ok } from '../../platform/http/envelope';
import { nearestLocation, tenantLocations, type LocationRow } from './device-location';
import { devicesByIds, listDevices } from './devices.repo';

const HEAD: Record<Language, string[]> = {
  'zh-CN': [
    '设备别名/名称',
    '设备号',
    '采集时间',
    '位置名称',
    '位置(纬度,经度 WGS-84)',
    '终端型号',
    '网关',
    '工作状态',
    '在线状态',
  ],
  'en-US': [
    'Alias/name',
    'Device id',
    'Gather time',
    'Location name',
    'Location (lat,lng WGS-84)',
    'Terminal model',
    'Gateway',
    'Work status',
    'Online',
  ],
};

/**
 * Rows of the export sheet (SPEC §3 export columns): one per device, one column per parameter seen.
 * The location name is the configured location the position is in or near (`locations`, see
 * `nearestLocation`), empty without one.
 */
export function exportRows(
  devices: readonly DeviceRecord[],
  lang: Language,
  locations: readonly LocationRow[] = [],
): (string | number | boolean)[][] {
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
      d.alias || d.name,
      d.id,
      d.lastReportTime ? new Date(d.lastReportTime).toISOString() : '',
      d.lat !== null && d.lng !== null ? (nearestLocation(locations, { lat: d.lat, lng: d.lng })?.name ?? '') : '',
      d.lat !== null && d.lng !== null ? `${d.lat},${d.lng}` : '',
      d.model,
      d.gatewayId ?? '',
      d.workStatus,
      d.status,
      ...codes.map((c) => byCode.get(c) ?? ''),
    ]);
  }
  return rows;
}

/** The device export (`device:export`): the selected devices, or the first 10,000 of the tenant. */
export const DEVICE_EXPORTER = defineExporter<{ ids?: string }>({
  key: DEVICE_EXPORT_PATH,
  fileType: 'list',
  fileName: (lang) => (lang === 'en-US' ? 'devices.xls' : '设备数据.xls'),
  description: (lang, query) =>
    listExportDescription({ 'zh-CN': '设备数据', 'en-US': 'Device data' }, lang, { selections: query.ids ?? '' }),
  async build({ db, auth, query, lang, progress }) {
    const ids = (query.ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const devices = ids.length
      ? await devicesByIds(db, auth.tenantId, ids)
      : (await listDevices(db, auth.tenantId, { pageNo: 1, pageSize: 10_000 })).records;
    if (!devices.length) return null;
    await progress(50);
    return writeSheetOffThread('devices', exportRows(devices, lang, await tenantLocations(db, auth.tenantId)));
  },
});

/**
 * `GET /wlx/device/exportXls?ids=a,b` (permission `device:export`, SPEC §7 export, §1 asynchronous):
 * queues the export of the selection (or of the first 10,000 devices of the tenant without `ids`)
 * and answers {@link ExportStarted}; the .xls (SheetJS BIFF8, written in the spreadsheet worker)
 * appears in the caller's download center.
 */
export function deviceExportRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { ids?: string | string[] } }>(
    DEVICE_EXPORT_PATH,
    { schema: { summary: 'Export devices as .xls (download center)', tags: ['devices'] } },
    async (req) => {
      const auth = await authenticate(db, req);
      const codes = await loadPermissionCodes(db, auth.userId, auth.tenantId);
      if (!codes.has(DEVICE_PERMS.export)) throw new AppError('noPermission', 'noPermission');
      // a repeated ?ids= arrives as an array: join it like a comma list
      const ids = [req.query.ids ?? '']
        .flat()
        .join(',')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return ok(
        await exportsOf(req).request(auth, DEVICE_EXPORTER as never, { ids: ids.join(',') }, requestLanguage(req)),
      );
    },
  );
}
