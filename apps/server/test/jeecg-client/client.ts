import type { ApiResponse } from '@ztj/contracts';
import { multipart } from '../admin-fixtures';
import type { TestApp } from '../test-app';

/**
 * Requests built exactly as JeecgBoot's Vue2 console builds them (its
 * src/api/manage.js and src/utils/request.js): `getAction` puts the parameters in the query string
 * plus `_t` (seconds); `deleteAction` sends them as query parameters too; `postAction` /
 * `putAction` / `httpAction` send a JSON body whose numbers have become strings (the body is
 * signed as text); every call carries `X-Access-Token` and `tenant-id`. Shared by the contract
 * tests of each area under test/jeecg-client/ — later areas (devices, waybills) add theirs.
 */
export interface JeecgClient {
  get<T = unknown>(url: string, params?: Record<string, unknown>): Promise<Answer<T>>;
  delete<T = unknown>(url: string, params?: Record<string, unknown>): Promise<Answer<T>>;
  post<T = unknown>(url: string, body?: Record<string, unknown>): Promise<Answer<T>>;
  put<T = unknown>(url: string, body?: Record<string, unknown>): Promise<Answer<T>>;
  /** JImportModal / the list's import button: multipart `file` fields, as the client's upload sends them. */
  upload<T = unknown>(url: string, files: { filename: string; content: Buffer }[]): Promise<Answer<T>>;
  /** Every call made so far, `METHOD url → ok|refused|status`, for the closing count. */
  calls: string[];
}

/** What the client reads of an answer: the HTTP status and the envelope. */
export interface Answer<T> {
  status: number;
  body: ApiResponse<T>;
}

/** Query string as axios builds it from a params object (undefined dropped, arrays repeated). */
function queryOf(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) q.append(`${k}[]`, String(item));
    else q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The body as the client's signing turns it into text: numbers become strings (nested too). */
export function stringifyNumbers(v: unknown): unknown {
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(stringifyNumbers);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, stringifyNumbers(x)]));
  return v;
}

/**
 * A client signed in as `token` for `tenantId` (0 = the session's tenant), answering in `lang`.
 * @param t a test app (test/test-app.ts).
 */
export function jeecgClient(t: TestApp, token: string, tenantId = 0, lang: 'zh-CN' | 'en-US' = 'zh-CN'): JeecgClient {
  const calls: string[] = [];
  const headers = { 'x-access-token': token, 'tenant-id': String(tenantId), 'accept-language': lang };
  const record = <T>(method: string, url: string, res: { statusCode: number; json(): unknown }): Answer<T> => {
    const parsed = res.json() as ApiResponse<T>;
    calls.push(
      `${method} ${url} → ${res.statusCode !== 200 ? res.statusCode : parsed.success ? 'ok' : `refused ${parsed.code}`}`,
    );
    return { status: res.statusCode, body: parsed };
  };
  const send = async <T>(
    method: string,
    url: string,
    query: Record<string, unknown>,
    body?: unknown,
  ): Promise<Answer<T>> => {
    const res = await t.fastify.inject({
      method: method as 'GET',
      url: `/ztj-iot${url}${queryOf(query)}`,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json;charset=UTF-8' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(stringifyNumbers(body)) } : {}),
    });
    return record<T>(method, url, res);
  };
  return {
    calls,
    get: (url, params = {}) => send('GET', url, { ...params, _t: Math.floor(Date.now() / 1000) }),
    delete: (url, params = {}) => send('DELETE', url, params),
    post: (url, body = {}) => send('POST', url, {}, body),
    put: (url, body = {}) => send('PUT', url, {}, body),
    upload: async (url, files) => {
      const body = multipart(files.map((f) => ({ field: 'file', filename: f.filename, content: f.content })));
      const res = await t.fastify.inject({
        method: 'POST',
        url: `/ztj-iot${url}`,
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
      return record('POST', url, res);
    },
  };
}
