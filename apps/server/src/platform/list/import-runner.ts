import { ResultCode, formatMessage, type ApiResponse, type BilingualText, type Language } from '@ztj/contracts';
import { ZodError } from 'zod';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { translateValidation } from '../http/error-handler';
import { STATIC_PREFIX, storeFile } from './files';
import { optionValue, type ListCaller } from './list-spec';
import { buildXls, mapHeaders, readSheet } from './xls';

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

/**
 * Imports every row of every uploaded .xls/.xlsx file. All rows stored → code 200 with the count;
 * some failed → code 201 with `result {msg, fileUrl, fileName}`, the error file holding the failed
 * rows and their reasons under the static route (SPEC §7, §8).
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
  let success = 0;
  const failures: { rowNo: number; headers: string[]; cells: string[]; reason: string }[] = [];
  for (const file of files) {
    const sheet = readSheet(file.body);
    const names = mapHeaders(spec.columns, sheet.headers, spec.readOnly);
    for (const row of sheet.rows) {
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
  const body = buildXls(spec.name, headers, failures.map((f) => [f.rowNo, ...f.cells, f.reason]));
  const rel = await storeFile(dataDir, 'import', 'xls', body);
  const msg = formatMessage('importPartial', lang, { success, failed: failures.length });
  return {
    success: true,
    code: ResultCode.IMPORT_PARTIAL,
    message: msg,
    result: { msg, fileUrl: `${STATIC_PREFIX}/${rel}`, fileName: `${spec.name}-errors.xls`, success, failed: failures.length },
    timestamp,
  };
}
