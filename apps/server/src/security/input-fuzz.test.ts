import { DEVICE_EXPORT_PATH, routePath, type RouteDef } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/admin-fixtures';
import { jsonOf, routeTable, sample } from '../../test/route-table';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Fuzz sweep: every route of the shared route table (and the raw device
 * export) gets bad input as an authenticated platform administrator — a NUL byte, an empty
 * string, a huge string and a wrong type in each body field, query field and path parameter,
 * a lone surrogate and a control character, malformed bodies, and broken multipart to the upload
 * and import routes — and no answer may be an HTTP 5xx.
 */

type Req = { method: string; url: string; payload?: string | Buffer; headers?: Record<string, string>; what: string };

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(100_000);

function queryString(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (Array.isArray(v)) v.forEach((x) => p.append(k, String(x)));
    else if (v !== undefined && v !== null && typeof v !== 'object') p.append(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The bad requests of one route. */
function requestsOf(def: RouteDef): Req[] {
  const out: Req[] = [];
  const params = (def.params ? sample(jsonOf(def.params)) : {}) as Record<string, unknown>;
  const query = (def.query ? sample(jsonOf(def.query)) : {}) as Record<string, unknown>;
  const bodySchema = jsonOf(def.body);
  const body = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : undefined;
  const path = (p: Record<string, unknown>): string =>
    `/ztj-iot${routePath(def.path, p as Record<string, string>).replace('*', 'x')}`;
  const url = (p = params, q = query): string => `${path(p)}${queryString(q)}`;
  const json = (b: unknown): Pick<Req, 'payload' | 'headers'> => ({
    payload: JSON.stringify(b),
    headers: { 'content-type': 'application/json' },
  });
  const send = (what: string, r: Partial<Req>): void => {
    out.push({
      method: def.method,
      url: url(),
      ...(body !== undefined ? json(body) : {}),
      ...r,
      what: `${def.method} ${def.path} ${what}`,
    });
  };
  for (const k of Object.keys(params)) {
    for (const [name, v] of [
      ['NUL', NUL],
      ['empty', ''],
      ['long', 'x'.repeat(90)],
    ] as const)
      send(`param ${k} ${name}`, { url: url({ ...params, [k]: v }) });
  }
  const queryKeys = Object.keys((jsonOf(def.query)?.properties ?? {}) as object);
  for (const k of queryKeys) {
    for (const [name, v] of [
      ['NUL', NUL],
      ['empty', ''],
      ['huge', 'x'.repeat(8_000)],
      ['array', ['a', 'b']],
      ['control', 'a\u0007b'],
      ['prototype key', 'toString'],
    ] as const) {
      send(`query ${k} ${name}`, { url: url(params, { ...query, [k]: v }) });
    }
  }
  if (body !== undefined) {
    for (const k of Object.keys(body)) {
      for (const [name, v] of [
        ['NUL', NUL],
        ['empty', ''],
        ['huge', HUGE],
        ['object', { a: 1 }],
        ['number', 12345],
        ['surrogate', 'a\ud800b'],
      ] as const) {
        send(`body ${k} ${name}`, json({ ...body, [k]: v }));
      }
    }
    send('body NUL key', json({ ...body, 'k\u0000': 1 }));
    send('body array', json([body]));
    send('body null', json(null));
    send('body bad JSON', { payload: '{"a":', headers: { 'content-type': 'application/json' } });
    send('body deep', {
      payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      headers: { 'content-type': 'application/json' },
    });
  }
  return out;
}

const xlsxLike = Buffer.from('PK\u0003\u0004garbage-that-is-not-a-workbook');

/** Broken multipart bodies for an upload or import route. */
function multipartRequests(url: string): Req[] {
  const ok = multipart([{ field: 'files[]', filename: 'a.xlsx', content: xlsxLike }], { biz: 'temp' });
  const boundary = ok.headers['content-type']!.split('boundary=')[1]!;
  const many = multipart(
    Array.from({ length: 12 }, (_, i) => ({ field: 'files[]', filename: `f${i}.xlsx`, content: xlsxLike })),
  );
  const cases: [string, Buffer, string][] = [
    ['truncated', ok.payload.subarray(0, ok.payload.length - 30), ok.headers['content-type']!],
    ['truncated in headers', ok.payload.subarray(0, 40), ok.headers['content-type']!],
    ['bad boundary', ok.payload, 'multipart/form-data; boundary=nothere'],
    ['no boundary', ok.payload, 'multipart/form-data'],
    ['too many files', many.payload, many.headers['content-type']!],
    ['NUL file name', multipart([{ field: 'file', filename: 'a\u0000.xlsx', content: xlsxLike }]).payload, ''],
    [
      'NUL field',
      multipart([{ field: 'file', filename: 'a.xlsx', content: xlsxLike }], { biz: 'a\u0000' }).payload,
      '',
    ],
    ['garbage file', ok.payload, ok.headers['content-type']!],
    ['empty body', Buffer.alloc(0), ok.headers['content-type']!],
    ['lone boundary', Buffer.from(`--${boundary}--\r\n`), ok.headers['content-type']!],
  ];
  return cases.map(([what, payload, type]) => ({
    method: 'POST',
    url: `/ztj-iot${url}`,
    payload,
    // the NUL cases build their own boundary: read it back from the payload
    headers: {
      'content-type': type || `multipart/form-data; boundary=${payload.toString('latin1').split('\r\n')[0]!.slice(2)}`,
    },
    what: `POST ${url} multipart ${what}`,
  }));
}

describe('fuzz sweep over the route table', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t.close());

  it('answers every bad input without an HTTP 5xx', async () => {
    const defs = routeTable();
    const requests = defs.flatMap(requestsOf);
    for (const def of defs.filter((d) => d.method === 'POST' && !d.body && /importExcel|upload$/.test(d.path)))
      requests.push(...multipartRequests(def.path));
    for (const ids of [NUL, '', 'x'.repeat(8_000)])
      requests.push({
        method: 'GET',
        url: `/ztj-iot${DEVICE_EXPORT_PATH}${queryString({ ids })}`,
        what: 'device export ids',
      });
    requests.push({ method: 'GET', url: `/ztj-iot${DEVICE_EXPORT_PATH}?ids=a&ids=b`, what: 'device export ids array' });

    const errors: string[] = [];
    let relogins = 0;
    for (const r of requests) {
      const res = await t.fastify.inject({
        method: r.method as 'GET',
        url: r.url,
        payload: r.payload,
        headers: { 'x-access-token': token, ...r.headers },
      });
      if (res.statusCode >= 500) errors.push(`${r.what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (res.statusCode === 401 && !r.url.includes('/ingest/')) {
        token = await t.login();
        relogins += 1;
      }
    }
    console.info(
      `fuzz sweep: ${defs.length + 1} routes, ${requests.length} requests, ${errors.length} HTTP 5xx, ${relogins} sign-ins again`,
    );
    expect(errors).toEqual([]);
    expect(requests.length).toBeGreaterThan(1_000);
  });
});
