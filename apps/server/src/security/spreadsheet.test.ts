import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exported, upload } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setImportLimits } from '../platform/list/import-limits';
import { zipUnpackedBytes } from '../platform/list/sheet-parse';
import { sheetPoolThreads, spreadsheetEvents } from '../platform/list/sheet-pool';

/**
 * spreadsheets are parsed in a worker thread with size and time limits, so a
 * large or hostile file cannot stall the API (or the broker on the same event loop).
 */

let t: TestApp;
let admin: string;
let slow: Buffer;
const en = { 'accept-language': 'en-US' };

/** An .xlsx with `rows` (first row = headers). */
function sheet(rows: (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { dense: true }), 'S');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  // 5,000 rows × 40 distinct cells, under the row bound: a noticeable parse (hundreds of ms
  // at least); its unknown header fails the import right after the parse.
  const head = ['code', 'DROP TABLE', ...Array.from({ length: 38 }, (_, c) => `c${c}`)];
  slow = sheet([head, ...Array.from({ length: 5_000 }, (_, r) => head.map((_, c) => `r${r}c${c}`))]);
});
afterAll(() => t?.close());

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('spreadsheet parsing off the main thread', () => {
  it('answers other requests while a big spreadsheet is being parsed', async () => {
    const order: string[] = [];
    const onStart = (): void => {
      order.push('parse-start');
      void t.call('GET', '/health').then((h) => order.push(`health ${h.status}`));
    };
    const onEnd = (): number => order.push('parse-end');
    spreadsheetEvents.once('parse-start', onStart);
    spreadsheetEvents.once('parse-end', onEnd);
    const res = await upload(
      t,
      '/sys/position/importExcel',
      admin,
      [{ field: 'files[]', filename: 'slow.xlsx', content: slow }],
      {},
      en,
    );
    order.push('import answered');
    expect(res).toMatchObject({ code: 400, message: expect.stringMatching(/DROP TABLE/) });
    expect(order).toEqual(['parse-start', 'health 200', 'parse-end', 'import answered']);
  });

  it('refuses a file past the size limit with a translated 400, before parsing', async () => {
    let parsed = false;
    const onStart = (): void => {
      parsed = true;
    };
    spreadsheetEvents.on('parse-start', onStart);
    try {
      const res = await upload(t, '/sys/role/importExcel', admin, [
        { field: 'files[]', filename: 'big.xlsx', content: Buffer.alloc(5 * 1024 * 1024 + 1, 7) },
      ]);
      expect(res).toMatchObject({ success: false, code: 400, message: '导入文件不能超过 5 MB' });
      expect(parsed).toBe(false);
    } finally {
      spreadsheetEvents.off('parse-start', onStart);
    }
  });

  it('terminates the worker past the parse time limit and answers a translated 400', async () => {
    restore = setImportLimits({ parseTimeoutMs: 30 });
    let worker: Worker | undefined;
    let exited: Promise<unknown> | undefined;
    spreadsheetEvents.once('parse-start', () => {
      // the task is queued on the next tick: by then a thread exists (new or idle)
      setImmediate(() => {
        worker = sheetPoolThreads()[0];
        exited = worker ? once(worker, 'exit') : undefined;
      });
    });
    const res = await upload(
      t,
      '/sys/position/importExcel',
      admin,
      [{ field: 'files[]', filename: 'slow.xlsx', content: slow }],
      {},
      en,
    );
    expect(res).toMatchObject({
      success: false,
      code: 400,
      message: 'Reading the file took longer than 1 seconds; split it and import again',
    });
    expect(worker).toBeDefined();
    await expect(
      Promise.race([
        exited,
        new Promise((_, reject) => setTimeout(() => reject(new Error('worker still running')), 5_000)),
      ]),
    ).resolves.toBeDefined();
    restore();
    restore = undefined;
    // the pool starts a fresh thread: the next import works
    const ok = await upload(t, '/sys/position/importExcel', admin, [
      {
        field: 'files[]',
        filename: 'p.xlsx',
        content: sheet([
          ['code', 'name', 'postRank'],
          ['after-timeout', 'After', '1'],
        ]),
      },
    ]);
    expect(ok).toMatchObject({ success: true, code: 200 });
  });

  it('refuses a zip that unpacks past the bound before inflating it', async () => {
    // 1,000 × 50 identical cells: the sheet XML unpacks to several times the file's size
    const bomb = sheet(Array.from({ length: 1_000 }, () => Array.from({ length: 50 }, () => 'same')));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(zipUnpackedBytes(bomb)).toBeGreaterThan(Math.max(1024 * 1024, 4 * bomb.length));
    restore = setImportLimits({ maxUnpackedBytes: 1024 * 1024 });
    const res = await upload(
      t,
      '/sys/position/importExcel',
      admin,
      [{ field: 'files[]', filename: 'bomb.xlsx', content: bomb }],
      {},
      en,
    );
    expect(res).toMatchObject({
      success: false,
      code: 400,
      message: 'The file unpacks to more than 1 MB and cannot be read',
    });
    expect(zipUnpackedBytes(Buffer.from('not a zip'))).toBeNull();
  });

  it('refuses a file that is not a spreadsheet and writes exports in the worker', async () => {
    const garbage = await upload(
      t,
      '/sys/position/importExcel',
      admin,
      [{ field: 'files[]', filename: 'x.xlsx', content: Buffer.from('PK\u0003\u0004 not really a zip') }],
      {},
      en,
    );
    expect(garbage).toMatchObject({ success: false, code: 400 });
    const file = await exported(t, '/sys/position/exportXls', admin, en);
    expect(file.status).toBe(200);
    const book = XLSX.read(file.body);
    expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]).toContain('Code');
  });
});
