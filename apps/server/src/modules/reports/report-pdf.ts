import SVGtoPDF from 'svg-to-pdfkit';
import { CHART_FONT, curveSvg } from './report-chart';
import { fmtNum, formatDuration, formatReportTime, labelsOf, type ReportLabels } from './report-labels';
import type { DeviceSection, ParamSection, ReportModel } from './report-model';
import {
  CONTENT_WIDTH,
  FONT_BOLD,
  FONT_REGULAR,
  collect,
  ensureSpace,
  heading,
  newReportDoc,
  note,
  pageNumbers,
  pairs,
  signatureBlock,
  table,
} from './pdf-layout';

/** Most excursion / gap rows per device in the PDF (all of them are counted; the Excel file lists every one). */
export const PDF_EVENTS_MAX = 100;
const CHART_H = 250;

const deviceLabel = (d: DeviceSection['device']): string => `${d.alias || d.name} (${d.id})`;
const limitText = (v: number | undefined, inclusive?: boolean): string =>
  v === undefined ? '—' : `${inclusive ? '≥/≤ ' : ''}${v}`;

/** Title of the report in its language (single or multiple terminals). */
export function reportTitle(model: ReportModel): string {
  const L = labelsOf(model.lang);
  return model.title ?? (model.devices.length > 1 ? L.titleMulti : L.titleSingle);
}

/** The cover block: product, tenant, time zone, generation time, range, requester, SHA-256, notes. */
function cover(doc: PDFKit.PDFDocument, m: ReportModel, L: ReportLabels): void {
  const tz = (t: number): string => formatReportTime(t, m.timeZone);
  doc.font(FONT_BOLD).fontSize(15).text(reportTitle(m), { width: CONTENT_WIDTH, align: 'center' });
  doc
    .font(FONT_REGULAR)
    .fontSize(9)
    .fillColor('#555')
    .text(`${m.product} · ${m.tenant}`, { width: CONTENT_WIDTH, align: 'center' })
    .fillColor('#000')
    .moveDown(0.6);
  pairs(doc, [
    [L.product, m.product],
    [L.tenant, m.tenant],
    [L.devices, m.devices.map((d) => deviceLabel(d.device)).join(', ')],
    [L.range, `${tz(m.start)} — ${tz(m.end)}`],
    [L.timeZone, `${m.timeZone} (UTC+08:00)`],
    [L.generatedAt, tz(m.generatedAt)],
    [L.requester, m.requester],
    [L.readings, String(m.devices.reduce((s, d) => s + d.count, 0))],
    [L.sha, m.sha256],
  ]);
  note(doc, `${L.sha}: ${L.shaNote}`);
  note(doc, L.mktNote);
}

/** Summary over the devices of a multiple-terminal report. */
function devicesSummary(doc: PDFKit.PDFDocument, m: ReportModel, L: ReportLabels): void {
  heading(doc, L.summary);
  const rows = m.devices.map((d) => {
    const t = d.params.find((p) => p.code === 'P003');
    const out = d.params.reduce((s, p) => s + (p.excursions ? p.excursions.highMs + p.excursions.lowMs : 0), 0);
    return [
      deviceLabel(d.device),
      String(d.count),
      t ? fmtNum(t.stats.min) : '—',
      t ? fmtNum(t.stats.max) : '—',
      t ? fmtNum(t.stats.average) : '—',
      fmtNum(t?.mkt),
      formatDuration(out, m.lang),
      String(d.alarms.total),
    ];
  });
  table(
    doc,
    [
      L.device,
      L.readings,
      `${L.min} °C`,
      `${L.max} °C`,
      `${L.avg} °C`,
      'MKT °C',
      `${L.outHigh}/${L.outLow}`,
      L.alarmsTotal,
    ],
    rows,
    ['*', 45, 45, 45, 55, 45, 60, 40],
  );
}

function statsTable(doc: PDFKit.PDFDocument, d: DeviceSection, m: ReportModel, L: ReportLabels): void {
  const tz = (t: number): string => formatReportTime(t, m.timeZone);
  const rows = d.params.map((p) => [
    `${p.name} (${p.unit || '—'})\n${p.code}`,
    String(p.stats.count),
    `${fmtNum(p.stats.min)}\n${tz(p.stats.minTs)}`,
    `${fmtNum(p.stats.max)}\n${tz(p.stats.maxTs)}`,
    fmtNum(p.stats.average),
    fmtNum(p.mkt),
    `${limitText(p.limits?.low, p.limits?.lowInclusive)} / ${limitText(p.limits?.high, p.limits?.highInclusive)}`,
  ]);
  table(
    doc,
    [
      L.param,
      L.readings,
      `${L.min} / ${L.minTime}`,
      `${L.max} / ${L.maxTime}`,
      L.avg,
      L.mkt,
      `${L.lowLimit} / ${L.highLimit}`,
    ],
    rows,
    [80, 45, 85, 85, 60, 70, '*'],
  );
}

function excursionTables(doc: PDFKit.PDFDocument, d: DeviceSection, m: ReportModel, L: ReportLabels): void {
  const tz = (t: number): string => formatReportTime(t, m.timeZone);
  const limited = d.params.filter(
    (p): p is ParamSection & { excursions: NonNullable<ParamSection['excursions']> } => p.excursions !== null,
  );
  heading(doc, L.excursionsTitle, 10);
  if (!limited.length) return note(doc, L.noLimits);
  table(
    doc,
    [L.param, L.limitsFrom, L.outHigh, L.outLow, L.longest],
    limited.map((p) => {
      const lg = p.excursions.longest;
      return [
        `${p.name} (${p.unit})`,
        p.limits?.sources.join(', ') ?? '',
        formatDuration(p.excursions.highMs, m.lang),
        formatDuration(p.excursions.lowMs, m.lang),
        lg ? `${formatDuration(lg.durationMs, m.lang)} · ${tz(lg.start)} · ${L.extreme} ${fmtNum(lg.extreme)}` : L.none,
      ];
    }),
    [80, 95, 65, 65, '*'],
  );
  const events = limited
    .flatMap((p) => p.excursions.events.map((e) => ({ p, e })))
    .sort((a, b) => a.e.start - b.e.start);
  if (!events.length) return note(doc, `${L.excursionsTitle}: ${L.none}`);
  table(
    doc,
    [L.param, L.zone, L.start, L.end, L.duration, L.extreme],
    events
      .slice(0, PDF_EVENTS_MAX)
      .map(({ p, e }) => [
        p.name,
        e.zone === 'high' ? L.zoneHigh : L.zoneLow,
        tz(e.start),
        tz(e.end),
        formatDuration(e.durationMs, m.lang),
        `${fmtNum(e.extreme)} ${p.unit}`,
      ]),
    [70, 60, 95, 95, 70, '*'],
  );
  if (events.length > PDF_EVENTS_MAX)
    note(doc, `${events.length} · ${L.alarmsShown.replace('{n}', String(PDF_EVENTS_MAX))}`);
}

function gapsTable(doc: PDFKit.PDFDocument, d: DeviceSection, m: ReportModel, L: ReportLabels): void {
  if (!d.gaps.length) return;
  const tz = (t: number): string => formatReportTime(t, m.timeZone);
  heading(doc, `${L.gapsTitle} (${d.gaps.length})`, 10);
  table(
    doc,
    [L.start, L.end, L.duration],
    d.gaps.slice(0, PDF_EVENTS_MAX).map((g) => [tz(g.start), tz(g.end), formatDuration(g.durationMs, m.lang)]),
    [150, 150, '*'],
  );
}

function alarmTable(doc: PDFKit.PDFDocument, d: DeviceSection, m: ReportModel, L: ReportLabels): void {
  const tz = (t: number | null): string => (t === null ? '—' : formatReportTime(t, m.timeZone));
  heading(doc, `${L.alarmsTitle} (${L.alarmsTotal}: ${d.alarms.total})`, 10);
  if (!d.alarms.total) return note(doc, L.none);
  table(
    doc,
    [L.start, L.end, L.alarmType, L.rule, L.severity, L.extreme, L.status, L.processed, L.processRecord],
    d.alarms.alarms.map((a) => [
      tz(a.startTs),
      tz(a.endTs),
      a.alarmType,
      a.ruleName,
      L.severities[a.severity] ?? a.severity,
      fmtNum(a.peak ?? a.value),
      a.status === 'active' ? L.active : L.cleared,
      a.processed ? `${L.yes}${a.processedBy ? ` (${a.processedBy})` : ''}` : L.no,
      a.lastRecord ?? '',
    ]),
    [62, 62, 36, 56, 40, 40, 38, 52, '*'],
  );
  if (d.alarms.total > d.alarms.alarms.length) note(doc, L.alarmsShown.replace('{n}', String(d.alarms.alarms.length)));
}

function chart(doc: PDFKit.PDFDocument, d: DeviceSection, m: ReportModel, L: ReportLabels): void {
  const svg = curveSvg(d.chart, CONTENT_WIDTH, CHART_H, { high: L.highLimit, low: L.lowLimit }, m.timeZone, d.gaps);
  if (!svg) return;
  ensureSpace(doc, CHART_H + 40); // keeps the heading with its chart
  heading(doc, L.chartTitle, 10);
  const y = doc.y;
  SVGtoPDF(doc, svg, doc.page.margins.left, y, {
    width: CONTENT_WIDTH,
    height: CHART_H,
    assumePt: true,
    fontCallback: (family, bold) => (family.includes(CHART_FONT) && bold ? FONT_BOLD : FONT_REGULAR),
  });
  doc.x = doc.page.margins.left;
  doc.y = y + CHART_H + 6;
}

/**
 * The PDF of a device report (types 1 and 3): cover with product, tenant, time
 * zone, generation time, range and SHA-256; a summary for several devices; per device its
 * parameter statistics with MKT and limits, the curve with limit lines, excursions, gaps and alarm
 * summary; the signature block; page numbers. Fonts: Noto Sans SC embedded (subset).
 */
export async function renderReportPdf(m: ReportModel): Promise<Buffer> {
  const L = labelsOf(m.lang);
  const doc = newReportDoc(reportTitle(m), m.product);
  const done = collect(doc);
  cover(doc, m, L);
  for (const p of m.preface ?? []) {
    heading(doc, p.heading);
    if (p.pairs) pairs(doc, p.pairs);
    if (p.table)
      table(
        doc,
        p.table.header,
        p.table.rows,
        p.table.header.map(() => '*' as const),
      );
  }
  if (m.devices.length > 1) devicesSummary(doc, m, L);
  m.devices.forEach((d, i) => {
    if (m.devices.length > 1) doc.addPage();
    heading(
      doc,
      `${L.device}${m.devices.length > 1 ? ` ${i + 1}/${m.devices.length}` : ''}: ${deviceLabel(d.device)}`,
      12,
    );
    note(doc, `${L.model}: ${d.device.model} · ${L.group}: ${d.device.groupName ?? '—'} · ${L.readings}: ${d.count}`);
    heading(doc, L.statsTitle, 10);
    statsTable(doc, d, m, L);
    chart(doc, d, m, L);
    excursionTables(doc, d, m, L);
    gapsTable(doc, d, m, L);
    alarmTable(doc, d, m, L);
  });
  signatureBlock(doc, L.signTitle, [L.preparedBy, L.reviewedBy], L.name, L.time);
  pageNumbers(doc, `${m.product} · ${m.tenant} · SHA-256 ${m.sha256.slice(0, 16)}…`, (p, n) =>
    L.page.replace('{p}', String(p)).replace('{n}', String(n)),
  );
  doc.end();
  return done;
}
