import { parse } from 'csv-parse/sync';

/** One CSV row keyed by header name. */
export type CsvRow = Record<string, string>;

/** Parses CSV text with a header line into rows (csv-parse; quoting and CRLF handled there). */
export function parseCsv(text: string): CsvRow[] {
  return parse(text, { columns: true, skip_empty_lines: true, trim: true }) as CsvRow[];
}

/** The number in `row[column]`; throws naming the file line when it is missing or not finite. */
export function numberAt(row: CsvRow, column: string, index: number): number {
  const raw = row[column];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(value)) {
    throw new Error(`line ${index + 2}: column ${column} is not a number (${JSON.stringify(raw)})`);
  }
  return value;
}

/**
 * Milliseconds of a zone-less local timestamp (`2021-03-29T11:13:45`), read as if UTC: only the
 * differences between rows are used, and they are exact that way.
 */
export function localTimeMs(raw: string | undefined, index: number): number {
  const ms = raw ? Date.parse(`${raw}Z`) : Number.NaN;
  if (!Number.isFinite(ms)) throw new Error(`line ${index + 2}: bad timestamp ${JSON.stringify(raw)}`);
  return ms;
}
