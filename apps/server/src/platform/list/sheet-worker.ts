import { parseSheet, writeSheet, type CellValue, type ParseBounds, type ParseResult } from './sheet-parse';

/** A job for the spreadsheet worker: read one uploaded file, or write one export sheet. */
export type SheetTask =
  { op: 'parse'; body: Uint8Array; bounds: ParseBounds } | { op: 'write'; sheetName: string; aoa: CellValue[][] };

/** What the worker answers: the parse result, or the written file's bytes. */
export type SheetTaskResult = ParseResult | Uint8Array;

/**
 * Entry of the spreadsheet worker threads (piscina, `sheet-pool.ts`): SheetJS runs here so a
 * large or hostile file never blocks the server's event loop.
 */
export default function runSheetTask(task: SheetTask): SheetTaskResult {
  return task.op === 'parse' ? parseSheet(task.body, task.bounds) : writeSheet(task.sheetName, task.aoa);
}
