import type { Language, ReportFormat, WaybillRecord } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { defineExporter, type Exporter } from '../../platform/exports/export-registry';
import { deviceTrack } from '../devices/history.repo';
import { viewWaybill } from '../logistics/waybills/waybills.service';
import { buildReportModel } from './device-report';
import { formatReportTime } from './report-labels';
import type { ReportPreface } from './report-model';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx } from './report-xlsx';
import { waybillForReport } from './waybill-zip';

/**
 * Waybill report, PDF and Excel, export type 8 (vehicle report): the device
 * report of every device of the waybill over its actual (else planned; ongoing: until now) range,
 * preceded by the waybill's information (numbers, vehicle, route, planned and actual times, status
 * and timing outcome of SPEC §4) and a track table (at most {@link TRACK_ROWS} positions of the first
 * device that reported any, evenly spaced). Alarms and their latest process records come with each
 * device's section.
 */

/** What a waybill-report job stores as its query. */
export interface WaybillReportQuery {
  id: string;
  format: ReportFormat;
}

/** Rows of the track table. */
export const TRACK_ROWS = 40;

const TEXT = {
  'zh-CN': {
    title: '运单报告',
    info: '运单信息',
    track: '轨迹',
    name: '运单名称',
    number: '运单号',
    inner: '内部单号',
    vehicle: '车辆',
    company: '承运公司',
    route: '路线',
    planned: '计划时间',
    actual: '实际时间',
    status: '状态',
    timing: '时效',
    devices: '设备',
    time: '时间',
    lat: '纬度',
    lng: '经度',
    none: '无定位数据',
    file: '运单报告',
    statuses: { unstarted: '未开始', ongoing: '进行中', completed: '已完成' },
    timings: {
      normalEnd: '正常结束',
      normalInTransit: '正常运输',
      underway: '运输中',
      alreadyLate: '已延误',
      estimatedDelay: '预计延误',
      delay: '延误',
      punctual: '准时',
    },
  },
  'en-US': {
    title: 'Waybill report',
    info: 'Waybill',
    track: 'Track',
    name: 'Waybill name',
    number: 'Waybill number',
    inner: 'Inner number',
    vehicle: 'Vehicle',
    company: 'Carrier',
    route: 'Route',
    planned: 'Planned',
    actual: 'Actual',
    status: 'Status',
    timing: 'Timing',
    devices: 'Devices',
    time: 'Time',
    lat: 'Latitude',
    lng: 'Longitude',
    none: 'No position data',
    file: 'waybill-report',
    statuses: { unstarted: 'Un-started', ongoing: 'Ongoing', completed: 'Completed' },
    timings: {
      normalEnd: 'Normal end',
      normalInTransit: 'Normal in transit',
      underway: 'Underway',
      alreadyLate: 'Already late',
      estimatedDelay: 'Estimated delay',
      delay: 'Delay',
      punctual: 'Punctual',
    },
  },
} as const;

/** `count` evenly spaced items of `items` (all when fewer), first and last kept. */
export function evenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

/** The waybill's information and track sections in `lang`. */
async function prefaceOf(
  q: Queryable,
  w: WaybillRecord,
  range: { start: number; end: number; deviceIds: string[] },
  lang: Language,
  timeZone: string,
): Promise<ReportPreface[]> {
  const T = TEXT[lang];
  const tz = (t: number | null): string => (t === null ? '—' : formatReportTime(t, timeZone));
  const info: ReportPreface = {
    heading: T.info,
    pairs: [
      [T.name, w.name],
      [T.number, w.number],
      [T.inner, w.innerNumber || '—'],
      [T.vehicle, w.vehicle || '—'],
      [T.company, w.company || '—'],
      [T.route, w.routeName],
      [T.planned, `${tz(w.plannedStart)} — ${tz(w.plannedEnd)}`],
      [T.actual, `${tz(w.actualStart)} — ${tz(w.actualEnd)}`],
      [T.status, T.statuses[w.status]],
      [T.timing, w.timing ? T.timings[w.timing] : '—'],
      [T.devices, w.devices.map((d) => `${d.name} (${d.id})`).join(', ') || '—'],
    ],
  };
  let points: { ts: number; lat: number; lng: number }[] = [];
  for (const id of range.deviceIds) {
    points = await deviceTrack(q, id, range.start, range.end);
    if (points.length) break;
  }
  const track: ReportPreface = points.length
    ? {
        heading: T.track,
        table: {
          header: [T.time, T.lat, T.lng],
          rows: evenly(points, TRACK_ROWS).map((p) => [tz(p.ts), p.lat.toFixed(5), p.lng.toFixed(5)]),
        },
      }
    : { heading: T.track, pairs: [[T.track, T.none]] };
  return [info, track];
}

const exporterOf = (format: ReportFormat): Exporter<WaybillReportQuery> =>
  defineExporter<WaybillReportQuery>({
    key: `report:waybill:${format}`,
    fileType: '8',
    fileName: (lang) => `${TEXT[lang].file}.${format}`,
    description: (lang, q) => `${TEXT[lang].title}${lang === 'en-US' ? ': ' : '：'}${q.id}`,
    async build({ db, auth, query, lang, progress }) {
      const range = await waybillForReport(db, auth.tenantId, query.id);
      if (!range || !range.deviceIds.length) return null;
      const model = await buildReportModel(
        {
          db,
          auth,
          lang,
          query: { deviceIds: range.deviceIds.join(','), startTime: range.start, endTime: range.end, format },
        },
        { keepColumns: format === 'xlsx', progress },
      );
      if (!model) return null;
      const w = await viewWaybill(db, auth.tenantId, query.id);
      const preface = await prefaceOf(db, w, range, lang, model.timeZone);
      await progress(90);
      const full = { ...model, title: `${TEXT[lang].title} · ${w.number}`, preface };
      return format === 'pdf' ? renderReportPdf(full) : renderReportXlsx(full);
    },
  });

/** The waybill report exporters by format (type 8). */
export const WAYBILL_REPORT_EXPORTERS = { pdf: exporterOf('pdf'), xlsx: exporterOf('xlsx') } as const;
