import * as XLSX from '@e965/xlsx';

/** An .xlsx workbook of one sheet holding `rows` (first row: headers), for import calls. */
export function sheet(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'S');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The rows of the first sheet of an .xls/.xlsx file (cells as text). */
export function rowsOf(file: Buffer): string[][] {
  const book = XLSX.read(file, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
}
