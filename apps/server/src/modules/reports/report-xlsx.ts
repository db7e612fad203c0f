import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { getParameter } from '@ztj/contracts';
import { fmtNum, formatDuration, formatReportTime, labelsOf } from './report-labels';
import type { ReportModel } from './report-model';
import { reportTitle } from './report-pdf';

const BOLD = { font: { bold: true } } as const;

/** A valid, unique worksheet name (≤ 31 characters, none of []:*?/\). */
function sheetName(base: string, used: Set<string>): string {
  const clean = base.replace(/[[\]:*?/\\]/g, '_').slice(0, 28);
  let name = clean;
  for (let i = 2; used.has(name); i++) name = `${clean.slice(0, 25)}~${i}`;
  used.add(name);
  return name;
}

/**
 * The Excel file of a device report (types 2 and 4), written with ExcelJS's
 * streaming writer (rows committed as they are written): a summary sheet (the report's header,
 * per device the parameter statistics with MKT and limits, every excursion, gap and alarm) and one
 * data sheet per device (time in the report's time zone, then one column per numeric parameter).
 */
export async function renderReportXlsx(m: ReportModel): Promise<Buffer> {
  const L = labelsOf(m.lang);
  const tz = (t: number | null): string => (t === null ? '' : formatReportTime(t, m.timeZone));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = m.product;
  const used = new Set<string>();
  const sum = wb.addWorksheet(sheetName(L.summary, used));
  sum.columns = [
    { width: 26 },
    { width: 22 },
    { width: 22 },
    { width: 22 },
    { width: 18 },
    { width: 18 },
    { width: 18 },
    { width: 18 },
    { width: 30 },
  ];
  const row = (values: (string | number | null)[], bold = false): void => {
    const r = sum.addRow(values);
    if (bold) r.font = BOLD.font;
    r.commit();
  };
  row([reportTitle(m)], true);
  for (const [k, v] of [
    [L.product, m.product],
    [L.tenant, m.tenant],
    [L.range, `${tz(m.start)} — ${tz(m.end)}`],
    [L.timeZone, m.timeZone],
    [L.generatedAt, tz(m.generatedAt)],
    [L.requester, m.requester],
    [L.sha, m.sha256],
  ] as const)
    row([k, v]);
  row([L.sha, L.shaNote]);
  row(['MKT', L.mktNote]);
  for (const p of m.preface ?? []) {
    row([]);
    row([p.heading], true);
    for (const [k, v] of p.pairs ?? []) row([k, v]);
    if (p.table) {
      row(p.table.header, true);
      for (const r of p.table.rows) row(r);
    }
  }
  for (const d of m.devices) {
    row([]);
    row(
      [
        `${L.device}: ${d.device.alias || d.device.name} (${d.device.id})`,
        `${L.model}: ${d.device.model}`,
        `${L.readings}: ${d.count}`,
      ],
      true,
    );
    row([L.param, L.unit, L.min, L.minTime, L.max, L.maxTime, L.avg, L.mkt, `${L.lowLimit} / ${L.highLimit}`], true);
    for (const p of d.params) {
      row([
        `${p.name} (${p.code})`,
        p.unit,
        p.stats.min,
        tz(p.stats.minTs),
        p.stats.max,
        tz(p.stats.maxTs),
        Number(p.stats.average.toFixed(3)),
        p.mkt === null ? '' : Number(p.mkt.toFixed(3)),
        `${p.limits?.low ?? '—'} / ${p.limits?.high ?? '—'}`,
      ]);
    }
    row([L.excursionsTitle], true);
    row([L.param, L.zone, L.start, L.end, L.duration, `${L.duration} (min)`, L.extreme, L.outHigh, L.outLow], true);
    let any = false;
    for (const p of d.params) {
      if (!p.excursions) continue;
      for (const e of p.excursions.events) {
        any = true;
        row([
          p.name,
          e.zone === 'high' ? L.zoneHigh : L.zoneLow,
          tz(e.start),
          tz(e.end),
          formatDuration(e.durationMs, m.lang),
          Number((e.durationMs / 60_000).toFixed(1)),
          e.extreme,
        ]);
      }
      row([
        `${p.name} · ${L.limitsFrom}: ${p.limits?.sources.join(', ') ?? ''}`,
        '',
        '',
        '',
        '',
        '',
        '',
        formatDuration(p.excursions.highMs, m.lang),
        formatDuration(p.excursions.lowMs, m.lang),
      ]);
    }
    if (!any) row([L.none]);
    if (d.gaps.length) {
      row([`${L.gapsTitle} (${d.gaps.length})`], true);
      for (const g of d.gaps) row([tz(g.start), tz(g.end), formatDuration(g.durationMs, m.lang)]);
    }
    row([`${L.alarmsTitle} (${L.alarmsTotal}: ${d.alarms.total})`], true);
    row([L.start, L.end, L.alarmType, L.rule, L.severity, L.extreme, L.status, L.processed, L.processRecord], true);
    for (const a of d.alarms.alarms) {
      row([
        tz(a.startTs),
        tz(a.endTs),
        a.alarmType,
        a.ruleName,
        L.severities[a.severity] ?? a.severity,
        fmtNum(a.peak ?? a.value),
        a.status === 'active' ? L.active : L.cleared,
        a.processed ? `${L.yes}${a.processedBy ? ` (${a.processedBy})` : ''}` : L.no,
        a.lastRecord ?? '',
      ]);
    }
  }
  row([]);
  row([L.signTitle], true);
  row([L.preparedBy, `${L.name}:`, '', `${L.time}:`]);
  row([L.reviewedBy, `${L.name}:`, '', `${L.time}:`]);
  await sum.commit();

  for (const d of m.devices) {
    const cols = d.columns;
    if (!cols) continue;
    const ws = wb.addWorksheet(sheetName(m.devices.length > 1 ? d.device.id : L.dataSheet, used));
    const codes = [...cols.cols.keys()];
    ws.columns = [{ width: 20 }, ...codes.map(() => ({ width: 14 }))];
    const head = ws.addRow([
      L.time0,
      ...codes.map((c) => {
        const p = getParameter(c);
        return `${(m.lang === 'en-US' ? p?.nameEn : p?.nameZh) ?? c} (${p?.unit ?? ''})`;
      }),
    ]);
    head.font = BOLD.font;
    head.commit();
    const arrays = codes.map((c) => cols.cols.get(c)!);
    for (let i = 0; i < cols.count; i++) {
      ws.addRow([tz(cols.ts[i]!), ...arrays.map((a) => (Number.isNaN(a[i]!) ? null : a[i]!))]).commit();
    }
    await ws.commit();
  }
  await wb.commit();
  return Buffer.concat(chunks);
}
