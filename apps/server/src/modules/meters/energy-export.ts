import ExcelJS from 'exceljs';
import { EQUIPMENT_FAMILY_TABLE, formatMessage, type Language } from '@ztj/contracts';
import { defineExporter } from '../../platform/exports/export-registry';
import { meterEnergy, meterPeakPower } from './energy.service';

/**
 * The meter report (SPEC §9 export file type `b` "meter"): daily energy per meter over a
 * date range as an Excel sheet — one row per meter (id, name, family, CT × PT, kWh per day, total)
 * and a total row — built by a download-center job from the same computation as
 * `/wlx/meter/energy/daily` (kWh per Asia/Shanghai day, register semantics of register.ts), and a
 * second sheet with each meter's highest active power (kW × CT × PT, as the list and chart show it).
 */

/** Stored query of a meter report job. */
export interface MeterReportQuery {
  ids: string;
  beginDate: string;
  endDate: string;
}

const HEAD: Record<
  Language,
  { id: string; name: string; family: string; ratio: string; total: string; sum: string; unit: string; peak: string }
> = {
  'zh-CN': {
    id: '设备编号',
    name: '名称',
    family: '类别',
    ratio: '倍率(CT×PT)',
    total: '合计(kWh)',
    sum: '合计',
    unit: '日电量(kWh)，时区 Asia/Shanghai',
    peak: '最大有功功率(kW)',
  },
  'en-US': {
    id: 'Device ID',
    name: 'Name',
    family: 'Family',
    ratio: 'Ratio (CT×PT)',
    total: 'Total (kWh)',
    sum: 'Total',
    unit: 'Daily energy (kWh), time zone Asia/Shanghai',
    peak: 'Peak active power (kW)',
  },
};

/** The meter report exporter (registered once per process; the job carries only the query). */
export const METER_REPORT_EXPORTER = defineExporter<MeterReportQuery>({
  key: '/wlx/meter/energy/exportXls',
  fileType: 'b',
  fileName: (lang) => `${formatMessage('meterReportTitle', lang)}.xlsx`,
  description: (lang, q) =>
    `${formatMessage('meterReportTitle', lang)} ${q.beginDate} — ${q.endDate} (${q.ids.split(',').length})`,
  async build({ db, auth, query, lang, progress }) {
    const e = await meterEnergy(db, auth.tenantId, query);
    await progress(60);
    if (!e.meters.length) return null;
    const h = HEAD[lang];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(formatMessage('meterReportTitle', lang).slice(0, 31));
    ws.addRow([`${formatMessage('meterReportTitle', lang)} ${query.beginDate} — ${query.endDate}`]).font = {
      bold: true,
    };
    ws.addRow([h.unit]);
    ws.addRow([h.id, h.name, h.family, h.ratio, ...e.dates, h.total]).font = { bold: true };
    for (const m of e.meters) {
      const family = EQUIPMENT_FAMILY_TABLE[m.family];
      ws.addRow([
        m.id,
        m.name,
        lang === 'en-US' ? family.nameEn : family.nameZh,
        m.ratio,
        ...m.days.map((v) => v ?? ''),
        m.totalKWh,
      ]);
    }
    ws.addRow([h.sum, '', '', '', ...e.days, e.totalKWh]).font = { bold: true };
    ws.columns.forEach((c, i) => (c.width = i < 2 ? 20 : 13));
    const peaks = await meterPeakPower(
      db,
      auth.tenantId,
      e.meters.map((m) => m.id),
      query.beginDate,
      query.endDate,
    );
    const ps = wb.addWorksheet(h.peak.slice(0, 31));
    ps.addRow([h.id, h.name, h.ratio, h.peak]).font = { bold: true };
    for (const m of e.meters) {
      const w = peaks.get(m.id);
      ps.addRow([m.id, m.name, m.ratio, w == null ? '' : Math.round(w) / 1000]);
    }
    ps.columns.forEach((c, i) => (c.width = i < 2 ? 20 : 16));
    return Buffer.from(await wb.xlsx.writeBuffer());
  },
});
