import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '@ztj/contracts';

const post = vi.fn();
const get = vi.fn();
const warning = vi.fn();
const success = vi.fn();
vi.mock('../http/httpClient', () => ({
  http: { post: (...a: unknown[]) => post(...a), get: (...a: unknown[]) => get(...a) },
}));
vi.mock('../feedback/feedback', () => ({
  feedback: () => ({ message: { warning, success, error: vi.fn() }, notification: { success: vi.fn() } }),
}));
vi.mock('../http/callApi', () => ({ callApi: vi.fn(() => new Promise(() => undefined)) }));

const { downloadExport, fileHref, postImport } = await import('./listApi');
const route = { method: 'POST', path: '/sys/user/importExcel' } as RouteDef;
const file = new File(['x'], 'users.xlsx');

beforeEach(() => {
  post.mockReset();
  get.mockReset();
  warning.mockReset();
  success.mockReset();
});

describe('import (SPEC §7, §8)', () => {
  it('posts every file as files[] and reads success', async () => {
    post.mockResolvedValue({ data: { success: true, code: 200, message: 'ok 2', result: null } });
    expect(await postImport(route, [file, new File(['y'], 'b.xls')])).toEqual({ kind: 'success', message: 'ok 2' });
    const form = post.mock.calls[0][1] as FormData;
    expect(form.getAll('files[]')).toHaveLength(2);
  });
  it('code 201 gives the error file to download', async () => {
    post.mockResolvedValue({
      data: {
        success: true,
        code: 201,
        message: 'partly',
        result: {
          msg: '1 ok, 1 failed',
          fileUrl: '/sys/common/static/import/e.xls',
          fileName: 'users-errors.xls',
          success: 1,
          failed: 1,
        },
      },
    });
    expect(await postImport(route, [file])).toEqual({
      kind: 'partial',
      message: '1 ok, 1 failed',
      fileUrl: '/ztj-iot/sys/common/static/import/e.xls',
      fileName: 'users-errors.xls',
    });
  });
  it('success false is a failure with the server message', async () => {
    post.mockResolvedValue({ data: { success: false, code: 400, message: 'bad file', result: null } });
    expect(await postImport(route, [file])).toEqual({ kind: 'failed', message: 'bad file' });
  });
  it('absolute file addresses stay as they are', () => {
    expect(fileHref('https://files.example/x.xls')).toBe('https://files.example/x.xls');
  });
});

describe('export (SPEC §1 asynchronous, §8)', () => {
  it('starts the export with the list query and points to the download center', async () => {
    get.mockResolvedValue({
      data: {
        success: true,
        code: 200,
        message: '',
        result: { id: 'f1', fileName: 'users.xls', status: 'generating' },
      },
    });
    expect(await downloadExport(route, { username: '*a*', selections: '1,2' }, 'users')).toBe(true);
    expect(get.mock.calls[0][0]).toBe('/sys/user/importExcel');
    expect(get.mock.calls[0][1]).toEqual({ params: { username: '*a*', selections: '1,2' } });
    expect(success).toHaveBeenCalledOnce();
    expect(warning).not.toHaveBeenCalled();
  });
  it('a refused export shows the server message', async () => {
    get.mockResolvedValue({ data: { success: false, code: 510, message: 'denied', result: null } });
    expect(await downloadExport(route, {}, 'users')).toBe(false);
    expect(warning).toHaveBeenCalledWith('denied');
  });
  it("no answer warns 'file download failed'", async () => {
    get.mockRejectedValue(new Error('network'));
    expect(await downloadExport(route, {}, 'users')).toBe(false);
    expect(warning).toHaveBeenCalledOnce();
  });
});
