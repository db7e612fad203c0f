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
 * name: PDFKit's table restores the font by its path after every cell, and only a path-keyed font
 * is cached (by name, the 10 MB TTF would be parsed again per cell).
 */
export function newReportDoc(title: string, author: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: title, Author: author, Creator: 'ZTJ IOT' } });
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
  doc.moveDown(0.6).font(FONT_BOLD).fontSize(size).fillColor('#000').text(text, doc.page.margins.left, doc.y, { width: CONTENT_WIDTH });
  doc.font(FONT_REGULAR).fontSize(9).moveDown(0.2);
}

/** A small grey note paragraph. */
export function note(doc: PDFKit.PDFDocument, text: string): void {
  doc.font(FONT_REGULAR).fontSize(7.5).fillColor('#555').text(text, doc.page.margins.left, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor('#000').fontSize(9).moveDown(0.3);
}

/**
 * A table (PDFKit's table: rows wrap, break across pages): the first row is the header (on grey);
 * `widths` in pt or '*'. Font 7.5 pt.
 */
export function table(doc: PDFKit.PDFDocument, header: string[], rows: string[][], widths: (number | string)[]): void {
  ensureSpace(doc, 40);
  doc.font(FONT_REGULAR).fontSize(7.5).fillColor('#000');
  doc.table({
    position: { x: doc.page.margins.left, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: widths.map((w) => ({ width: w })),
    defaultStyle: { border: 0.5, borderColor: BORDER, padding: [2, 3, 2, 3] },
    rowStyles: (i) => (i === 0 ? { backgroundColor: HEADER_FILL } : undefined),
    data: [header.map((h) => ({ text: h, type: 'TH' as const, textColor: '#1f2d3d' })), ...rows],
  });
  doc.font(FONT_REGULAR).fontSize(9).moveDown(0.4);
}

/** Label/value pairs as a two-column table. */
export function pairs(doc: PDFKit.PDFDocument, entries: [string, string][]): void {
  doc.font(FONT_REGULAR).fontSize(8).fillColor('#000');
  doc.table({
    position: { x: doc.page.margins.left, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: [110, '*'],
    defaultStyle: { border: 0.5, borderColor: BORDER, padding: [2, 4, 2, 4] },
    data: entries.map(([k, v]) => [{ text: k, backgroundColor: HEADER_FILL }, v]),
  });
  doc.font(FONT_REGULAR).fontSize(9).moveDown(0.4);
}

/** Signature block: "prepared by" and "reviewed by", each with a name line and a time line. */
export function signatureBlock(doc: PDFKit.PDFDocument, title: string, roles: [string, string], name: string, time: string): void {
  ensureSpace(doc, 110);
  heading(doc, title);
  const top = doc.y + 6;
  const colW = CONTENT_WIDTH / 2;
  roles.forEach((role, i) => {
    const x = doc.page.margins.left + i * colW;
    doc.font(FONT_BOLD).fontSize(9).text(role, x, top, { width: colW - 20 });
    for (const [j, label] of [name, time].entries()) {
      const y = top + 26 + j * 28;
      doc.font(FONT_REGULAR).fontSize(8.5).text(`${label}:`, x, y, { width: 50 });
      doc.moveTo(x + 50, y + 11).lineTo(x + colW - 24, y + 11).lineWidth(0.6).strokeColor('#333').stroke();
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
    doc.text(pageText(i + 1 - range.start, range.count), doc.page.margins.left + CONTENT_WIDTH - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('#000');
}
