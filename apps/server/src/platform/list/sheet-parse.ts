import * as XLSX from '@e965/xlsx';

/**
 * Spreadsheet reading and writing as pure functions of bytes. They run inside
 * the spreadsheet worker (`sheet-worker.ts`), never on the server's main thread; they take their
 * bounds as arguments and answer a refusal reason instead of throwing, so the worker's answer is
 * always plain data.
 */

/** Bounds a parse applies (see `ImportLimits`). */
export interface ParseBounds {
  /** Most data rows (header excluded) a sheet may hold. */
  maxRows: number;
  /** Most bytes the entries of an .xlsx (zip) may declare once unpacked. */
  maxUnpackedBytes: number;
}

/**
 * A parsed sheet: header cells and data rows (blank rows dropped). Each row travels from the
 * worker as one JSON text `[rowNo, ...cells]` (1-based sheet row number): copying a few thousand
 * strings between threads is cheap, and the main thread decodes a row only when it imports it
 * ({@link decodeRow}), a slice at a time, instead of deserialising every cell at once.
 */
export interface SheetRows {
  headers: string[];
  rows: string[];
}

/** One data row of {@link SheetRows}: its sheet row number and cells. */
export function decodeRow(row: string): { rowNo: number; cells: string[] } {
  const [rowNo, ...cells] = JSON.parse(row) as [number, ...string[]];
  return { rowNo, cells };
}

/** Why a file was refused. */
export type ParseRefusal =
  | { ok: false; reason: 'unreadable' | 'empty' | 'unpackedTooLarge' }
  | { ok: false; reason: 'tooManyRows'; rows: number };

export type ParseResult = ({ ok: true } & SheetRows) | ParseRefusal;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/**
 * Sum of the unpacked sizes a zip (an .xlsx) declares in its central directory, bytes; `null`
 * when `body` is not a zip. A ZIP64 marker or a damaged directory counts as unbounded
 * (`Infinity`), so a zip bomb is refused before anything is inflated.
 */
export function zipUnpackedBytes(body: Uint8Array): number | null {
  if (body.length < 4 || body[0] !== 0x50 || body[1] !== 0x4b || body[2] !== 0x03 || body[3] !== 0x04) return null;
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let eocd = -1;
  for (let i = body.length - 22; i >= Math.max(0, body.length - 22 - 0xffff); i -= 1) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return Infinity;
  const entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || offset === 0xffffffff) return Infinity;
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > body.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) return Infinity;
    const size = view.getUint32(offset + 24, true);
    if (size === 0xffffffff) return Infinity;
    total += size;
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return total;
}

type Cell = XLSX.CellObject | undefined;
const filled = (c: Cell): boolean => c !== undefined && c !== null && String(c.w ?? c.v ?? '').trim() !== '';

/**
 * Reads the first sheet of an .xls/.xlsx: header row and data rows as trimmed display texts
 * (as the export writes them). Refuses a zip declaring more than `maxUnpackedBytes`, a sheet with
 * more than `maxRows` non-blank data rows (before building any row), an unreadable file and an
 * empty one, and rows whose text passes `maxUnpackedBytes` characters. Only the first sheet is
 * parsed, and its range is narrowed to the cells that exist, so a declared range of a million
 * rows costs nothing.
 */
export function parseSheet(body: Uint8Array, bounds: ParseBounds): ParseResult {
  const unpacked = zipUnpackedBytes(body);
  if (unpacked !== null && unpacked > bounds.maxUnpackedBytes) return { ok: false, reason: 'unpackedTooLarge' };
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(body, {
      type: 'array',
      dense: true,
      sheets: 0,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  if (!sheet || !sheet['!ref']) return { ok: false, reason: 'empty' };
  const data = (sheet['!data'] ?? []) as Cell[][];
  let nonBlank = 0;
  let lastRow = -1;
  let lastCol = -1;
  data.forEach((row, r) => {
    if (!row) return;
    let any = false;
    row.forEach((c, ci) => {
      if (!filled(c)) return;
      any = true;
      if (ci > lastCol) lastCol = ci;
    });
    if (any) {
      nonBlank += 1;
      lastRow = r;
    }
  });
  if (nonBlank === 0) return { ok: false, reason: 'empty' };
  if (nonBlank - 1 > bounds.maxRows) return { ok: false, reason: 'tooManyRows', rows: nonBlank - 1 };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e = { r: Math.min(range.e.r, lastRow), c: Math.min(range.e.c, lastCol) };
  if (range.e.r < range.s.r || range.e.c < range.s.c) return { ok: false, reason: 'empty' };
  sheet['!ref'] = XLSX.utils.encode_range(range);
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const [head, ...rest] = aoa;
  const headers = (head ?? []).map((h) => String(h ?? '').trim());
  const rows: string[] = [];
  let chars = 0;
  for (let i = 0; i < rest.length; i += 1) {
    const cells = headers.map((_, c) => String(rest[i]![c] ?? '').trim());
    if (!cells.some((c) => c !== '')) continue;
    const row = JSON.stringify([i + 2, ...cells]);
    chars += row.length;
    if (chars > bounds.maxUnpackedBytes) return { ok: false, reason: 'unpackedTooLarge' };
    rows.push(row);
  }
  return { ok: true, headers, rows };
}

/** A cell value a written sheet may hold. */
export type CellValue = string | number | boolean;

/**
 * Writes one sheet (`aoa`: header row then data rows) as a legacy .xls workbook (BIFF8, SPEC §7
 * export); `sheetName` is cut to Excel's 31 characters.
 */
export function writeSheet(sheetName: string, aoa: CellValue[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa, { dense: true }), sheetName.slice(0, 31));
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xls' }) as ArrayBuffer);
}
