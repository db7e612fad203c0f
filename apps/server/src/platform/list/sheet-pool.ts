import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../http/app-error';
import { importLimits } from './import-limits';
import type { CellValue, SheetRows } from './sheet-parse';
import type { SheetTask, SheetTaskResult } from './sheet-worker';

/**
 * The spreadsheet worker pool: SheetJS reads uploads and writes exports in
 * worker threads, so the API, the WebSocket and the embedded MQTT broker keep answering while a
 * file is parsed. One thread on a 2-core machine (cores − 1, at most 2), a queue of 16 tasks
 * (past it: 429), 256 MB of heap per thread, threads end after 30 s idle. A parse past
 * `parseTimeoutMs` is aborted, which terminates its thread (piscina starts a fresh one).
 */

/** Events for logs and tests: `parse-start` and `parse-end` (`{ bytes }` / `{ bytes, ms, outcome }`). */
export const spreadsheetEvents = new EventEmitter();

const WORKER_FILE = new URL('./sheet-worker.ts', import.meta.url).href;
/** tsx's loader by absolute URL, so the worker starts whatever the working directory. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAX_QUEUE = 16;
const THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

let pool: Piscina<SheetTask, SheetTaskResult> | undefined;

function sheetPool(): Piscina<SheetTask, SheetTaskResult> {
  pool ??= new Piscina<SheetTask, SheetTaskResult>({
    filename: WORKER_FILE,
    // The server runs TypeScript through tsx (npm start, vitest): the worker loads it too.
    execArgv: ['--import', TSX_LOADER],
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 30_000,
    maxQueue: MAX_QUEUE,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  });
  return pool;
}

/** The pool's live worker threads (a test watches one end when its parse passes the time limit). */
export function sheetPoolThreads(): readonly Worker[] {
  return pool?.threads ?? [];
}

/** Stops the worker threads (the pool starts again on next use). Called when the server closes. */
export async function closeSheetPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  if (p) await p.destroy();
}

type Outcome = 'ok' | 'timeout' | 'refused' | 'failed';

/** Runs one task with a time limit; translates pool failures into AppErrors. */
async function runTask(
  task: SheetTask,
  timeoutMs: number,
  transfer: ArrayBuffer[] = [],
): Promise<{ result: SheetTaskResult; outcome: Outcome }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    return { result: await sheetPool().run(task, { signal: abort.signal, transferList: transfer }), outcome: 'ok' };
  } catch (err) {
    if (abort.signal.aborted)
      throw new AppError('badRequest', 'importParseTimeout', { seconds: Math.max(1, Math.round(timeoutMs / 1000)) });
    const message = err instanceof Error ? err.message : '';
    if (/queue is at limit/i.test(message)) throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: 5 });
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new AppError('badRequest', 'importUnpackedTooLarge', {
        mb: Math.round(importLimits().maxUnpackedBytes / 2 ** 20),
      });
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the first sheet of an uploaded .xls/.xlsx in a worker thread, within the import bounds
 * (`importLimits()`): at most `maxFileBytes` bytes, `maxRows` data rows, `maxUnpackedBytes`
 * unpacked, `parseTimeoutMs` of parsing (or `timeoutMs` when shorter: what is left of an import's
 * time).
 * @throws AppError badRequest importFileTooLarge, importUnpackedTooLarge, importTooManyRows,
 *   importParseTimeout, importFileType (unreadable), importEmpty; tooManyRequests when 16 files
 *   already wait.
 */
export async function readSheetOffThread(body: Buffer, timeoutMs?: number): Promise<SheetRows> {
  const limits = importLimits();
  const budget = Math.max(1, Math.min(limits.parseTimeoutMs, timeoutMs ?? Infinity));
  if (body.length > limits.maxFileBytes)
    throw new AppError('badRequest', 'importFileTooLarge', { mb: Math.round(limits.maxFileBytes / 2 ** 20) });
  const started = Date.now();
  spreadsheetEvents.emit('parse-start', { bytes: body.length });
  let outcome: Outcome = 'failed';
  try {
    // a copy the worker owns: the request's buffer may share a pooled ArrayBuffer
    const copy = new Uint8Array(body);
    const run = await runTask(
      { op: 'parse', body: copy, bounds: { maxRows: limits.maxRows, maxUnpackedBytes: limits.maxUnpackedBytes } },
      budget,
      [copy.buffer],
    );
    const result = run.result;
    if (result instanceof Uint8Array) throw new Error('spreadsheet worker answered bytes to a parse');
    outcome = result.ok ? 'ok' : 'refused';
    if (result.ok) return { headers: result.headers, rows: result.rows };
    switch (result.reason) {
      case 'unreadable':
        throw new AppError('badRequest', 'importFileType');
      case 'empty':
        throw new AppError('badRequest', 'importEmpty');
      case 'unpackedTooLarge':
        throw new AppError('badRequest', 'importUnpackedTooLarge', {
          mb: Math.round(limits.maxUnpackedBytes / 2 ** 20),
        });
      case 'tooManyRows':
        throw new AppError('badRequest', 'importTooManyRows', { max: limits.maxRows, rows: result.rows });
    }
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'importParseTimeout') outcome = 'timeout';
    throw err;
  } finally {
    spreadsheetEvents.emit('parse-end', { bytes: body.length, ms: Date.now() - started, outcome });
  }
}

/** Time allowed to write one export sheet, ms. */
const WRITE_TIMEOUT_MS = 30_000;

/**
 * Writes one sheet (`aoa`: header row then data rows) as a legacy .xls (BIFF8) in a worker thread.
 * @throws AppError badRequest importParseTimeout past 30 s; tooManyRequests when the queue is full.
 */
export async function writeSheetOffThread(sheetName: string, aoa: CellValue[][]): Promise<Buffer> {
  const { result } = await runTask({ op: 'write', sheetName, aoa }, WRITE_TIMEOUT_MS);
  if (!(result instanceof Uint8Array)) throw new Error('spreadsheet worker answered a parse to a write');
  return Buffer.from(result.buffer, result.byteOffset, result.byteLength);
}
