import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const notifyHttpError = vi.fn(() => true);
const notifyEnvelopeError = vi.fn(() => true);
vi.mock('./httpErrors', () => ({
  notifyHttpError: (...a: unknown[]) => notifyHttpError(...(a as [])),
  notifyEnvelopeError: (...a: unknown[]) => notifyEnvelopeError(...(a as [])),
}));
vi.mock('../session/sessionStore', () => ({ getToken: () => 'tok-1', getTenantId: () => 7 }));
vi.mock('../i18n/i18n', () => ({ currentLanguage: () => 'en-US' }));

const { http, searchParamsOf } = await import('./httpClient');
const { ApiError } = await import('./ApiError');

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let base: string;
let seen: Seen;
let answer: { status: number; body: string; type?: string; delayMs?: number };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
        res.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  notifyHttpError.mockClear();
  notifyEnvelopeError.mockClear();
  answer = { status: 200, body: JSON.stringify({ success: true, code: 200, message: 'ok', result: { a: 1 } }) };
});

describe('HTTP client (SPEC §7, §8)', () => {
  it('sends the session headers, the language and the query with _t on GET; resolves with the envelope', async () => {
    const res = await http.get<{ result: { a: number } }>(`${base}/sys/user/list`, {
      params: { pageNo: 1, name: 'a b', skip: undefined, none: null, ids: ['x', 'y'] },
    });
    expect(res).toMatchObject({ status: 200, data: { result: { a: 1 } } });
    expect(seen.headers['x-access-token']).toBe('tok-1');
    expect(seen.headers['tenant-id']).toBe('7');
    expect(seen.headers['accept-language']).toBe('en-US');
    const q = new URL(seen.url!, base).searchParams;
    expect(q.get('pageNo')).toBe('1');
    expect(q.get('name')).toBe('a b');
    expect(q.has('skip') || q.has('none')).toBe(false);
    expect(q.getAll('ids[]')).toEqual(['x', 'y']);
    expect(Number(q.get('_t'))).toBeGreaterThan(1_700_000_000);
  });

  it('posts JSON bodies and multipart forms', async () => {
    await http.post(`${base}/sys/login`, { username: 'admin' });
    expect(seen.method).toBe('POST');
    expect(JSON.parse(seen.body)).toEqual({ username: 'admin' });
    expect(seen.url).not.toContain('_t=');
    const form = new FormData();
    form.append('files[]', new Blob(['x']), 'a.xls');
    await http.post(`${base}/sys/user/importExcel`, form);
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('name="files[]"');
  });

  it('an error status becomes an ApiError with the envelope message and field errors, after the §8 notice', async () => {
    answer = {
      status: 400,
      body: JSON.stringify({
        success: false,
        code: 400,
        message: 'bad',
        errors: [{ field: 'name', message: 'Required' }],
      }),
    };
    const err = await http.post(`${base}/x`, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 400,
      message: 'bad',
      errors: [{ field: 'name', message: 'Required' }],
    });
    expect(notifyHttpError).toHaveBeenCalledWith(400, 'bad', { hasFieldErrors: true });
  });

  it('silent requests are not notified except a 401', async () => {
    answer = { status: 500, body: JSON.stringify({ success: false, code: 500, message: 'boom' }) };
    await expect(http.get(`${base}/x`, { silent: true })).rejects.toMatchObject({ status: 500, notified: false });
    expect(notifyHttpError).not.toHaveBeenCalled();
    answer = { status: 401, body: '' };
    await expect(http.get(`${base}/x`, { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(notifyHttpError).toHaveBeenCalledWith(401, expect.any(String), { hasFieldErrors: false });
  });

  it('a 2xx envelope with success false is returned and its 510 warned', async () => {
    answer = { status: 200, body: JSON.stringify({ success: false, code: 510, message: 'denied' }) };
    const res = await http.get<{ success: boolean }>(`${base}/x`);
    expect(res.data.success).toBe(false);
    expect(notifyEnvelopeError).toHaveBeenCalledWith(510, 'denied');
  });

  it('blobs for downloads; no answer is status 0; an abort rethrows as it is', async () => {
    answer = { status: 200, body: 'xls-bytes', type: 'application/vnd.ms-excel' };
    const res = await http.get<Blob>(`${base}/export`, { responseType: 'blob' });
    expect(await res.data.text()).toBe('xls-bytes');
    const closed = await http.get('http://127.0.0.1:9/none').catch((e: unknown) => e);
    expect(closed).toMatchObject({ status: 0 });
    expect(notifyHttpError).toHaveBeenCalledWith(0, expect.any(String), { timedOut: false });
    answer = { status: 200, body: '{}', delayMs: 300 };
    const abort = new AbortController();
    const pending = http.get(`${base}/slow`, { signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('dictionary item fetches carry no _t', () => {
    expect(searchParamsOf('GET', '/sys/dict/getDictItems/sex', {}).has('_t')).toBe(false);
    expect(searchParamsOf('POST', '/sys/login', { a: 1 }).toString()).toBe('a=1');
  });
});
