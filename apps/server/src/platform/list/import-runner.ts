import { ResultCode, formatMessage, type ApiResponse, type BilingualText, type Language } from '@ztj/contracts';
import { ZodError } from 'zod';
import type { Db, Queryable } from '../db/db';
import { TimeSlice } from '../time/time-slice';
import { AppError } from '../http/app-error';
import { translateValidation } from '../http/error-handler';
import { STATIC_PREFIX, storeOwnedFile } from './files';
import { optionValue, type ListCaller } from './list-spec';
import { importLimits } from './import-limits';
import { decodeRow } from './sheet-parse';
import { buildXls, mapHeaders, readSheet, type SheetRows } from './xls';

/** How one entity imports rows (SPEC §7 import): its columns and how one row is stored. */
export interface ImportSpec {
  name: string;
  columns: Record<string, BilingualText>;
  /**
   * Dictionary texts of columns (value → text, as the export writes them): a cell holding a
   * text in either language is handed to `importRow` as its value.
   */
  options?: Record<string, Record<string, BilingualText> | undefined>;
  /** Columns an export writes that an import does not take (derived values): skipped. */
  readOnly?: Record<string, BilingualText>;
  /** Validates and stores one row inside its own transaction; throws AppError or ZodError. */
  importRow(q: Queryable, row: Record<string, string>, caller: ListCaller): Promise<void>;
}

export interface UploadedFile {
  filename: string;
  body: Buffer;
  mimetype?: string;
}

/** The reason a row failed, in the caller's language. */
export function reasonOf(err: unknown, lang: Language): string {
  if (err instanceof AppError) return formatMessage(err.messageKey, lang, err.params);
  if (err instanceof ZodError) {
    return err.issues.map((i) => `${i.path.join('.')}: ${translateValidation(i.message, i.code, lang)}`).join('; ');
  }
  return formatMessage('serverError', lang);
}

/** Longest stretch the row loop runs before yielding to other requests, ms. */
const SLICE_MS = 10;

/**
 * Imports every row of every uploaded .xls/.xlsx file. All rows stored → code 200 with the count;
 * some failed → code 201 with `result {msg, fileUrl, fileName}`, the error file holding the failed
 * rows and their reasons under the static route (SPEC §7, §8).
 *
 * Bounded (`importLimits()`): every file is parsed first, in the spreadsheet worker,
 * so a file past a bound (bytes, unpacked bytes, rows, parse time) refuses the whole import with
 * a translated 400 before any row is stored. Rows are then stored one transaction each, yielding
 * to the event loop every 10 ms; once `importTimeMs` has passed since the request began the
 * remaining rows are not tried and go to the error file with the reason importTimeLimit, so the
 * answer arrives within the clients' timeout and the error file imports the rest.
 * @throws AppError badRequest noFileUploaded, importFileType, importEmpty, listFieldUnknown and
 *   the bounds' errors (see `readSheetOffThread`).
 */
export async function runImport(
  db: Db,
  spec: ImportSpec,
  files: UploadedFile[],
  caller: ListCaller,
  lang: Language,
  dataDir: string,
): Promise<ApiResponse<unknown>> {
  if (files.length === 0) throw new AppError('badRequest', 'noFileUploaded');
  for (const f of files) if (!/\.xlsx?$/i.test(f.filename)) throw new AppError('badRequest', 'importFileType');
  const limits = importLimits();
  const deadline = Date.now() + limits.importTimeMs;
  const sheets: { sheet: SheetRows; names: (string | null)[] }[] = [];
  for (const file of files) {
    const sheet = await readSheet(file.body, deadline - Date.now());
    sheets.push({ sheet, names: mapHeaders(spec.columns, sheet.headers, spec.readOnly) });
  }
  let success = 0;
  const failures: { rowNo: number; headers: string[]; cells: string[]; reason: string }[] = [];
  const late = formatMessage('importTimeLimit', lang, { seconds: Math.round(limits.importTimeMs / 1000) });
  const slice = new TimeSlice(SLICE_MS);
  for (const { sheet, names } of sheets) {
    for (const text of sheet.rows) {
      if (slice.due()) await slice.next();
      const row = decodeRow(text);
      if (Date.now() >= deadline) {
        failures.push({ rowNo: row.rowNo, headers: sheet.headers, cells: row.cells, reason: late });
        continue;
      }
      const record: Record<string, string> = {};
      names.forEach((name, i) => {
        if (!name || row.cells[i] === '') return;
        const options = spec.options?.[name];
        record[name] = options ? optionValue(options, row.cells[i]!) : row.cells[i]!;
      });
      try {
        await db.tx((q) => spec.importRow(q, record, caller));
        success += 1;
      } catch (err) {
        failures.push({ rowNo: row.rowNo, headers: sheet.headers, cells: row.cells, reason: reasonOf(err, lang) });
      }
    }
  }
  if (success === 0 && failures.length === 0) throw new AppError('badRequest', 'importEmpty');
  const timestamp = Date.now();
  if (failures.length === 0) {
    const msg = formatMessage('importOk', lang, { success });
    return { success: true, code: ResultCode.OK, message: msg, result: { msg, success, failed: 0 }, timestamp };
  }
  const headers = [formatMessage('importRow', lang), ...failures[0]!.headers, formatMessage('importReason', lang)];
  const body = await buildXls(
    spec.name,
    headers,
    failures.map((f) => [f.rowNo, ...f.cells, f.reason]),
  );
  // the error file belongs to the importing tenant: only its members may download it
  const rel = await storeOwnedFile(
    db,
    dataDir,
    { tenantId: caller.tenantId, userId: caller.userId },
    'import',
    'xls',
    body,
  );
  const msg = formatMessage('importPartial', lang, { success, failed: failures.length });
  return {
    success: true,
    code: ResultCode.IMPORT_PARTIAL,
    message: msg,
    result: {
      msg,
      fileUrl: `${STATIC_PREFIX}/${rel}`,
      fileName: `${spec.name}-errors.xls`,
      success,
      failed: failures.length,
    },
    timestamp,
  };
}
