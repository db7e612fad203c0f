import { formatMessage, type BilingualText, type Language } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { AppError } from '../http/app-error';
import { AUDIT_LABELS, type ListSpec } from './list-spec';

/** Exported columns of a list: [field name, header in `lang`]. */
export function exportColumns<R>(spec: ListSpec<R>, lang: Language): [string, string][] {
  return Object.entries(spec.fields)
    .filter(([, f]) => f.exported !== false)
    .map(([name, f]) => [name, f.label[lang]]);
}

function cell(v: unknown): string | number | boolean {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

/** Builds a legacy .xls workbook (SheetJS, SPEC §7 export) with translated headers. */
export function buildXls(sheetName: string, headers: string[], rows: unknown[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...rows.map((r) => r.map(cell))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

/** Records of a list as an .xls file; fields with dictionary options show their text in `lang`. */
export function recordsToXls<R>(spec: ListSpec<R>, records: R[], lang: Language): Buffer {
  const cols = exportColumns(spec, lang);
  const shown = (name: string, v: unknown): unknown => {
    const text = v === null || v === undefined ? undefined : spec.fields[name]?.options?.[String(v)];
    return text ? text[lang] : v;
  };
  const rows = records.map((r) => cols.map(([name]) => shown(name, (r as Record<string, unknown>)[name])));
  return buildXls(spec.name, cols.map(([, h]) => h), rows);
}

/** A parsed sheet: header cells and data rows (blank rows dropped), 1-based sheet row numbers. */
export interface SheetRows {
  headers: string[];
  rows: { rowNo: number; cells: string[] }[];
}

/** Reads the first sheet of an .xls/.xlsx buffer. */
export function readSheet(body: Buffer): SheetRows {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(body, { type: 'buffer', cellDates: false, dense: true });
  } catch {
    throw new AppError('badRequest', 'importFileType');
  }
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  if (!sheet) throw new AppError('badRequest', 'importEmpty');
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const [head, ...body2] = aoa;
  const headers = (head ?? []).map((h) => String(h ?? '').trim());
  const rows = body2
    .map((cells, i) => ({ rowNo: i + 2, cells: headers.map((_, c) => String(cells[c] ?? '').trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  return { headers, rows };
}

const matches = (h: string, name: string, label: BilingualText): boolean =>
  name.toLowerCase() === h.toLowerCase() || label['zh-CN'] === h || label['en-US'].toLowerCase() === h.toLowerCase();

/**
 * Maps header cells to column names: a header may be a column's Chinese or English label or its
 * API name. Recognised and skipped (null): the row-number and reason columns of an error file,
 * the read-only audit columns of an export ({@link AUDIT_LABELS}) and the entity's own
 * `readOnly` columns, so the server's own export imports again (SPEC §7). Any other unknown
 * column is refused with its name (listFieldUnknown, code 400).
 */
export function mapHeaders(columns: Record<string, BilingualText>, headers: string[], readOnly: Record<string, BilingualText> = {}): (string | null)[] {
  const skip = new Set<string>((['importRow', 'importReason'] as const).flatMap((k) => [formatMessage(k, 'zh-CN'), formatMessage(k, 'en-US')]));
  const ignored = Object.entries({ ...AUDIT_LABELS, ...readOnly });
  return headers.map((h) => {
    if (h === '' || skip.has(h)) return null;
    const hit = Object.entries(columns).find(([name, label]) => matches(h, name, label));
    if (hit) return hit[0];
    if (ignored.some(([name, label]) => matches(h, name, label))) return null;
    throw new AppError('badRequest', 'listFieldUnknown', { field: h });
  });
}
