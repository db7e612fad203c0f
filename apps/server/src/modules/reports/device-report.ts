import crypto from 'node:crypto';
import {
  DeviceReportQuerySchema,
  REPORT_PRODUCT_NAME,
  type ExportFileType,
  type Language,
  type ReportFormat,
} from '@ztj/contracts';
import { AppError } from '../../platform/http/app-error';
import { defineExporter, type ExportContext, type Exporter } from '../../platform/exports/export-registry';
import { zoneSuffix } from '../../platform/exports/export-time';
import { DISPLAY_TIME_ZONE } from '../../platform/time/format-time';
import { devicesByIds } from '../devices/devices.repo';
import { deviceAlarms, deviceLimits, reportParties } from './report-context';
import { readDeviceReadings } from './report-data';
import { formatReportTime, labelsOf } from './report-labels';
import { deviceSection, type ReportModel } from './report-model';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx } from './report-xlsx';

/** What a device-report job stores as its query (strings and numbers only). */
export interface StoredReportQuery {
  deviceIds: string;
  startTime: number;
  endTime: number;
  format: ReportFormat;
}

/** Options of {@link buildReportModel}. */
export interface BuildOptions {
  now?: number;
  progress?: (percent: number) => Promise<void>;
  /** Keep the readings for the Excel data sheets. */
  keepColumns: boolean;
}

/**
 * The model of a device report for the requester's tenant (devices of other tenants are not
 * found): readings read in pages, stats, limits, excursions, alarms. Null when the range holds
 * no reading of any of the devices (SPEC §8 "file download failed").
 * @throws AppError badRequest validationFailed for a query that does not parse, notFound deviceNotFound for a missing device
 */
export async function buildReportModel(
  ctx: Pick<ExportContext<StoredReportQuery>, 'db' | 'auth' | 'query' | 'lang'>,
  o: BuildOptions,
): Promise<ReportModel | null> {
  const parsed = DeviceReportQuerySchema.safeParse(ctx.query);
  if (!parsed.success) throw new AppError('badRequest', 'validationFailed');
  const { deviceIds, startTime, endTime } = parsed.data;
  const devices = await devicesByIds(ctx.db, ctx.auth.tenantId, deviceIds);
  if (devices.length !== deviceIds.length) throw new AppError('notFound', 'deviceNotFound');
  const hash = crypto.createHash('sha256');
  const sections = [];
  for (const [i, d] of devices.entries()) {
    const share = 85 / devices.length;
    const data = await readDeviceReadings(ctx.db, d.id, startTime, endTime, hash, async () => {
      await o.progress?.(5 + share * i + share * 0.5);
    });
    const limits = await deviceLimits(ctx.db, ctx.auth.tenantId, d.id);
    const alarms = await deviceAlarms(ctx.db, ctx.auth.tenantId, d.id, startTime, endTime);
    sections.push(
      deviceSection(
        { id: d.id, name: d.name, alias: d.alias, model: d.model, groupName: d.groupName },
        data,
        limits,
        alarms,
        ctx.lang,
        o.keepColumns,
      ),
    );
    await o.progress?.(5 + share * (i + 1));
  }
  if (sections.every((s) => s.count === 0)) return null;
  const parties = await reportParties(ctx.db, ctx.auth.tenantId, ctx.auth.userId, ctx.lang);
  return {
    lang: ctx.lang,
    product: REPORT_PRODUCT_NAME[ctx.lang],
    ...parties,
    timeZone: DISPLAY_TIME_ZONE,
    generatedAt: o.now ?? Date.now(),
    start: startTime,
    end: endTime,
    sha256: hash.digest('hex'),
    devices: sections,
  };
}

/** Builds the file of a device report in `format` (null when there is no reading). */
export async function buildDeviceReport(
  ctx: ExportContext<StoredReportQuery>,
  format: ReportFormat,
): Promise<Buffer | null> {
  const model = await buildReportModel(ctx, { progress: ctx.progress, keepColumns: format === 'xlsx' });
  if (!model) return null;
  await ctx.progress(90);
  return format === 'pdf' ? renderReportPdf(model) : renderReportXlsx(model);
}

const describe = (lang: Language, q: StoredReportQuery): string => {
  const L = labelsOf(lang);
  const ids = q.deviceIds.split(',').filter(Boolean);
  const devices = ids.length > 3 ? `${ids.slice(0, 3).join(', ')} …(${ids.length})` : ids.join(', ');
  return (
    L.description
      .replace('{devices}', devices)
      .replace('{start}', formatReportTime(q.startTime, DISPLAY_TIME_ZONE))
      .replace('{end}', formatReportTime(q.endTime, DISPLAY_TIME_ZONE)) +
    zoneSuffix(lang, q.startTime, DISPLAY_TIME_ZONE)
  );
};

const exporterOf = (fileType: ExportFileType, format: ReportFormat, multi: boolean): Exporter<StoredReportQuery> =>
  defineExporter<StoredReportQuery>({
    key: `report:device:${multi ? 'multi' : 'single'}:${format}`,
    fileType,
    fileName: (lang) => `${multi ? labelsOf(lang).fileMulti : labelsOf(lang).fileSingle}.${format}`,
    description: describe,
    build: (ctx) => buildDeviceReport(ctx, format),
  });

/** The four device-report exporters by §9 type: 1 single PDF, 2 single Excel, 3 multiple PDF, 4 multiple Excel. */
export const DEVICE_REPORT_EXPORTERS = {
  '1': exporterOf('1', 'pdf', false),
  '2': exporterOf('2', 'xlsx', false),
  '3': exporterOf('3', 'pdf', true),
  '4': exporterOf('4', 'xlsx', true),
} as const;

/** The exporter for a report of `count` devices in `format`. */
export function deviceReportExporter(count: number, format: ReportFormat): Exporter<StoredReportQuery> {
  if (count > 1) return format === 'pdf' ? DEVICE_REPORT_EXPORTERS['3'] : DEVICE_REPORT_EXPORTERS['4'];
  return format === 'pdf' ? DEVICE_REPORT_EXPORTERS['1'] : DEVICE_REPORT_EXPORTERS['2'];
}
