/**
 * Bounds of spreadsheet imports. A file past a bound is refused with a
 * translated 400 before any row reaches the database; the import itself stops at `importTimeMs`
 * and reports the rows it did not reach in its error file (code 201), which imports again.
 */
export interface ImportLimits {
  /** Data rows per file (header excluded): 5,000. */
  maxRows: number;
  /** Bytes per uploaded spreadsheet: 5 MiB (a 5,000-row user sheet is about 250 kB). */
  maxFileBytes: number;
  /** Bytes an .xlsx (zip) may declare once unpacked: 64 MiB; refused before inflating. */
  maxUnpackedBytes: number;
  /** Time to parse one file, ms: 10 s; the worker thread is terminated past it. */
  parseTimeoutMs: number;
  /** Wall time of one import request, ms: 40 s, under the clients' 50 s timeout (SPEC §9). */
  importTimeMs: number;
}

/** The bounds in force unless a test overrides them. */
export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  maxRows: 5_000,
  maxFileBytes: 5 * 1024 * 1024,
  maxUnpackedBytes: 64 * 1024 * 1024,
  parseTimeoutMs: 10_000,
  importTimeMs: 40_000,
});

let current: Readonly<ImportLimits> = DEFAULT_IMPORT_LIMITS;

/** The import bounds in force (process-wide). */
export function importLimits(): Readonly<ImportLimits> {
  return current;
}

/**
 * Overrides some bounds for this process (tests use tiny ones); returns a function restoring the
 * previous bounds.
 */
export function setImportLimits(patch: Partial<ImportLimits>): () => void {
  const previous = current;
  current = Object.freeze({ ...current, ...patch });
  return () => {
    current = previous;
  };
}
