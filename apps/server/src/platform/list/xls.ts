import { formatMessage, type BilingualText, type Language } from '@ztj/contracts';
import { AppError } from '../http/app-error';
import { formatEpochMs } from '../time/format-time';
import { AUDIT_LABELS, type ListSpec } from './list-spec';
import type { CellValue, SheetRows } from './sheet-parse';
import { readSheetOffThread, writeSheetOffThread } from './sheet-pool';

/** Exported columns of a list: [field name, header in `lang`]. */
export function exportColumns<R>(spec: ListSpec<R>, lang: Language): [string, string][] {
  return Object.entries(spec.fields)
    .filter(([, f]) => f.exported !== false)
    .map(([name, f]) => [name, f.label[lang]]);
}

function cell(v: unknown): CellValue {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

/**
 * Builds a legacy .xls workbook (SheetJS BIFF8, SPEC §7 export) with translated headers; written
 * in the spreadsheet worker so a large export does not block the event loop.
 */
export function buildXls(sheetName: string, headers: string[], rows: unknown[][]): Promise<Buffer> {
  return writeSheetOffThread(sheetName, [headers, ...rows.map((r) => r.map(cell))]);
}

/**
 * Records of a list as an .xls file; fields with dictionary options show their text in `lang`,
 * ms-epoch times (`epochMs` and `datetime` fields holding numbers) as `YYYY-MM-DD HH:mm:ss`.
 */
export function recordsToXls<R>(spec: ListSpec<R>, records: R[], lang: Language): Promise<Buffer> {
  const cols = exportColumns(spec, lang);
  const shown = (name: string, v: unknown): unknown => {
    const f = spec.fields[name];
    if ((f?.epochMs || f?.type === 'datetime') && typeof v === 'number') return formatEpochMs(v);
    const text = v === null || v === undefined ? undefined : f?.options?.[String(v)];
    return text ? text[lang] : v;
  };
  const rows = records.map((r) => cols.map(([name]) => shown(name, (r as Record<string, unknown>)[name])));
  return buildXls(
    spec.name,
    cols.map(([, h]) => h),
    rows,
  );
}

export type { SheetRows };

/**
 * Reads the first sheet of an .xls/.xlsx buffer in the spreadsheet worker, within the import
 * bounds and at most `timeoutMs` (see `readSheetOffThread` for the errors thrown).
 */
export function readSheet(body: Buffer, timeoutMs?: number): Promise<SheetRows> {
  return readSheetOffThread(body, timeoutMs);
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
export function mapHeaders(
  columns: Record<string, BilingualText>,
  headers: string[],
  readOnly: Record<string, BilingualText> = {},
): (string | null)[] {
  const skip = new Set<string>(
    (['importRow', 'importReason'] as const).flatMap((k) => [formatMessage(k, 'zh-CN'), formatMessage(k, 'en-US')]),
  );
  const ignored = Object.entries({ ...AUDIT_LABELS, ...readOnly });
  return headers.map((h) => {
    if (h === '' || skip.has(h)) return null;
    const hit = Object.entries(columns).find(([name, label]) => matches(h, name, label));
    if (hit) return hit[0];
    if (ignored.some(([name, label]) => matches(h, name, label))) return null;
    throw new AppError('badRequest', 'listFieldUnknown', { field: h });
  });
}
