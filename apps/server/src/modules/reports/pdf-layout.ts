import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** Noto Sans SC (OFL, shipped through npm): Chinese renders on a fresh machine without system fonts. */
export const FONT_REGULAR = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
export const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf');

/** A4 portrait with 40 pt margins: 515 pt of content width. */
export const CONTENT_WIDTH = 595.28 - 80;
const HEADER_FILL = '#f0f3f7';
const BORDER = '#c8ced6';

/**
 * A new A4 report document in Noto Sans SC (regular set), pages buffered (for page numbers).
 * Fonts are selected by file path ({@link FONT_REGULAR}, {@link FONT_BOLD}), not by registered
 * name: {@link drawTable} switches font per cell, and only a path-keyed font is cached (by name,
 * the 10 MB TTF would be parsed again per cell).
 */
export function newReportDoc(title: string, author: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: true,
    info: { Title: title, Author: author, Creator: 'ZTJ IOT' },
  });
  doc.font(FONT_BOLD);
  doc.font(FONT_REGULAR).fontSize(9);
  return doc;
}

/** The whole document as one Buffer once it ends. */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Starts a new page when less than `needed` pt remain above the bottom margin. */
export function ensureSpace(doc: PDFKit.PDFDocument, needed: number): void {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A section heading (bold, 11 pt) at the left margin. */
export function heading(doc: PDFKit.PDFDocument, text: string, size = 11): void {
  ensureSpace(doc, 60);
  doc
    .moveDown(0.6)
    .font(FONT_BOLD)
    .fontSize(size)
    .fillColor('#000')
    .text(text, doc.page.margins.left, doc.y, { width: CONTENT_WIDTH });
  doc.font(FONT_REGULAR).fontSize(9).moveDown(0.2);
}

/** A small grey note paragraph. */
export function note(doc: PDFKit.PDFDocument, text: string): void {
  doc
    .font(FONT_REGULAR)
    .fontSize(7.5)
    .fillColor('#555')
    .text(text, doc.page.margins.left, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor('#000').fontSize(9).moveDown(0.3);
}

/** Options of {@link drawTable}. */
export interface TableOptions {
  /** Header row (bold, on grey), drawn again at the top of every page the table continues on. */
  header?: string[];
  /** Column widths in pt, or '*' for an equal share of what the fixed columns leave of {@link CONTENT_WIDTH}. */
  widths: (number | '*')[];
  /** Font size in pt (7.5). */
  fontSize?: number;
  /** Cell padding in pt: top, right, bottom, left ([2, 3, 2, 3]). */
  padding?: [number, number, number, number];
  /** The first column on grey (label/value tables). */
  shadeFirstColumn?: boolean;
}

/** Column widths in pt: fixed ones as given, '*' columns share the rest equally (at least 24 pt each). */
export function columnWidths(widths: readonly (number | '*')[], total = CONTENT_WIDTH): number[] {
  const fixed = widths.reduce<number>((s, w) => s + (w === '*' ? 0 : w), 0);
  const stars = widths.filter((w) => w === '*').length;
  const share = stars ? Math.max(24, (total - fixed) / stars) : 0;
  return widths.map((w) => (w === '*' ? share : w));
}

/**
 * The one table drawer of the report PDFs: rows wrap their text, a row never
 * splits, and a table that runs past the bottom margin continues on a new page with its header
 * row repeated (bold, on grey). The header never stands alone at a page foot: the table starts
 * on a new page when its header and first row do not fit. A row taller than a page is cut
 * (ellipsis). Leaves `doc.y` under the table.
 */
export function drawTable(doc: PDFKit.PDFDocument, rows: readonly (readonly string[])[], o: TableOptions): void {
  const size = o.fontSize ?? 7.5;
  const [pt, pr, pb, pl] = o.padding ?? [2, 3, 2, 3];
  const widths = columnWidths(o.widths);
  const left = doc.page.margins.left;
  const bottom = (): number => doc.page.height - doc.page.margins.bottom;
  const fontOf = (bold: boolean): string => (bold ? FONT_BOLD : FONT_REGULAR);
  const textHeight = (text: string, w: number, bold: boolean): number =>
    text
      ? doc
          .font(fontOf(bold))
          .fontSize(size)
          .heightOfString(text, { width: w - pl - pr })
      : 0;
  const heightOf = (cells: readonly string[], bold: boolean): number =>
    Math.max(size * 1.2, ...widths.map((w, i) => textHeight(cells[i] ?? '', w, bold))) + pt + pb;
  const headerH = o.header ? heightOf(o.header, true) : 0;
  const maxRowH = doc.page.height - doc.page.margins.top - doc.page.margins.bottom - headerH;

  const drawRow = (cells: readonly string[], h: number, header: boolean): void => {
    const y = doc.y;
    let x = left;
    widths.forEach((w, i) => {
      const shaded = header || (o.shadeFirstColumn && i === 0);
      if (shaded) doc.save().rect(x, y, w, h).fill(HEADER_FILL).restore();
      doc.save().lineWidth(0.5).rect(x, y, w, h).stroke(BORDER).restore();
      const text = cells[i] ?? '';
      if (text) {
        doc
          .font(fontOf(header))
          .fontSize(size)
          .fillColor(header ? '#1f2d3d' : '#000');
        // +0.5 pt: the measured height must not cut the last line by rounding
        doc.text(text, x + pl, y + pt, { width: w - pl - pr, height: h - pt - pb + 0.5, ellipsis: true });
      }
      x += w;
    });
    doc.x = left;
    doc.y = y + h;
  };
  const drawHeader = (): void => {
    if (o.header) drawRow(o.header, headerH, true);
  };

  const first = rows.length ? Math.min(heightOf(rows[0]!, false), maxRowH) : 0;
  if (doc.y + headerH + first > bottom()) doc.addPage();
  doc.y = Math.max(doc.y, doc.page.margins.top);
  drawHeader();
  for (const row of rows) {
    const h = Math.min(heightOf(row, false), maxRowH);
    if (doc.y + h > bottom()) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      drawHeader();
    }
    drawRow(row, h, false);
  }
  doc.font(FONT_REGULAR).fontSize(9).fillColor('#000');
}

/** A table whose first row is `header` (repeated on every page it continues on); font 7.5 pt. */
export function table(doc: PDFKit.PDFDocument, header: string[], rows: string[][], widths: (number | '*')[]): void {
  drawTable(doc, rows, { header, widths });
  doc.moveDown(0.4);
}

/** Label/value pairs as a two-column table (labels on grey), font 8 pt. */
export function pairs(doc: PDFKit.PDFDocument, entries: [string, string][]): void {
  drawTable(doc, entries, { widths: [110, '*'], fontSize: 8, padding: [2, 4, 2, 4], shadeFirstColumn: true });
  doc.moveDown(0.4);
}

/** Signature block: "prepared by" and "reviewed by", each with a name line and a time line. */
export function signatureBlock(
  doc: PDFKit.PDFDocument,
  title: string,
  roles: [string, string],
  name: string,
  time: string,
): void {
  ensureSpace(doc, 110);
  heading(doc, title);
  const top = doc.y + 6;
  const colW = CONTENT_WIDTH / 2;
  roles.forEach((role, i) => {
    const x = doc.page.margins.left + i * colW;
    doc
      .font(FONT_BOLD)
      .fontSize(9)
      .text(role, x, top, { width: colW - 20 });
    for (const [j, label] of [name, time].entries()) {
      const y = top + 26 + j * 28;
      doc.font(FONT_REGULAR).fontSize(8.5).text(`${label}:`, x, y, { width: 50 });
      doc
        .moveTo(x + 50, y + 11)
        .lineTo(x + colW - 24, y + 11)
        .lineWidth(0.6)
        .strokeColor('#333')
        .stroke();
    }
  });
  doc.x = doc.page.margins.left;
  doc.y = top + 90;
}

/** Writes "page p / n" and a footer line on every buffered page. */
export function pageNumbers(doc: PDFKit.PDFDocument, footer: string, pageText: (p: number, n: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 28;
    doc.font(FONT_REGULAR).fontSize(7).fillColor('#777');
    doc.text(footer, doc.page.margins.left, y, { width: CONTENT_WIDTH - 80, lineBreak: false, ellipsis: true });
    doc.text(pageText(i + 1 - range.start, range.count), doc.page.margins.left + CONTENT_WIDTH - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('#000');
}
