import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { collect, columnWidths, drawTable, newReportDoc } from './pdf-layout';
import { renderReportPdf } from './report-pdf';
import { longReportModel } from './reports.fixtures';

/**
 * Report PDF layout: every table that crosses a page repeats its header row at the
 * top of the next page (one drawer for all tables), read back per page with pdf-parse; the curve's
 * limit labels are printed as text.
 */
const pagesOf = async (pdf: Buffer): Promise<string[]> =>
  (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).pages.map((p) => p.text);

describe('report tables', () => {
  it('share what the fixed columns leave among the * columns', () => {
    expect(columnWidths([100, '*', '*'], 500)).toEqual([100, 200, 200]);
    expect(columnWidths([100, 50], 500)).toEqual([100, 50]);
  });

  it('repeat the header row on every page a long table continues on, rows in order, none lost', async () => {
    const doc = newReportDoc('t', 'a');
    const done = collect(doc);
    const rows = Array.from({ length: 150 }, (_, i) => [
      `ROW-${String(i).padStart(3, '0')}`,
      `value ${i}`,
      i % 7 ? '' : 'a longer remark that wraps onto a second line of its narrow cell',
    ]);
    drawTable(doc, rows, { header: ['Number', 'Reading', 'Remark'], widths: [80, 80, 90] });
    doc.end();
    const pages = await pagesOf(await done);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    for (const text of pages) {
      const header = text.search(/Number\s+Reading\s+Remark/);
      const firstRow = text.search(/ROW-\d{3}/);
      expect(header, text.slice(0, 200)).toBeGreaterThanOrEqual(0);
      expect(header).toBeLessThan(firstRow);
      seen.push(...(text.match(/ROW-\d{3}/g) ?? []));
    }
    expect(seen).toEqual(rows.map((r) => r[0]));
  });

  for (const [lang, track, zone, record, chart] of [
    [
      'en-US',
      /Time\s+Latitude\s+Longitude/,
      /Zone/,
      /Latest process record/,
      ['High limit: 8', 'Low limit: 2', 'High limit: 62'],
    ],
    ['zh-CN', /时间\s+纬度\s+经度/, /区间/, /最新处理记录/, ['上限: 8', '下限: 2', '上限: 62']],
  ] as const) {
    it(`report in ${lang}: track, excursion and alarm tables carry their header on each page; limit labels printed`, async () => {
      const pages = await pagesOf(await renderReportPdf(longReportModel(lang)));
      const on = (s: string | RegExp): number[] =>
        pages.flatMap((t, i) => ((typeof s === 'string' ? t.includes(s) : s.test(t)) ? [i] : []));
      // the 40-row track table starts on page 1 and continues on page 2 under its header
      expect(on('T00')).toEqual([0]);
      expect(on('T39')).toEqual([1]);
      expect(pages[1]).toMatch(track);
      expect(pages[1]!.search(track)).toBeLessThan(pages[1]!.indexOf('T39'));
      // excursion events and alarms span several pages, each with its header
      const eventPages = on(lang === 'en-US' ? /Above high\s+2026/ : /高于上限\s+2026/);
      expect(eventPages.length).toBeGreaterThan(1);
      for (const p of eventPages) expect(pages[p]).toMatch(zone);
      const alarmPages = on('Door closed, goods checked');
      expect(alarmPages.length).toBeGreaterThan(1);
      for (const p of alarmPages) expect(pages[p]).toMatch(record);
      for (const label of chart) expect(pages.join('\n')).toContain(label);
    });
  }
});
