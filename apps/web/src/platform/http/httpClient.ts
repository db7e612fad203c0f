import ky, { TimeoutError } from 'ky';
import {
  API_BASE,
  DictRoutes,
  HEADER_TENANT,
  HEADER_TOKEN,
  REQUEST_TIMEOUT_MS,
  type ApiResponse,
} from '@ztj/contracts';
import { currentLanguage } from '../i18n/i18n';
import { getTenantId, getToken } from '../session/sessionStore';
import { ApiError } from './ApiError';
import { notifyEnvelopeError, notifyHttpError } from './httpErrors';

const DICT_ITEMS_PREFIX = DictRoutes.items.path.split('/:')[0];

/** GET requests carry `_t` (seconds) against caches, except dictionary item fetches (SPEC §7). */
export function needsTimestamp(method: string | undefined, url: string | undefined): boolean {
  return (method ?? 'get').toLowerCase() === 'get' && !(url ?? '').startsWith(DICT_ITEMS_PREFIX);
}

/** Query values the client sends: `undefined`/`null` are left out, arrays repeat as `key[]`. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** One request of the console's client. */
export interface HttpRequest {
  method?: string;
  /** Path under the API base (`/sys/login`), or an absolute address. */
  url: string;
  /** Query fields (a record of {@link QueryValue}s). */
  params?: unknown;
  /** JSON body, or FormData sent as multipart. */
  data?: unknown;
  /** `blob` for downloads; JSON (or text) otherwise. */
  responseType?: 'json' | 'blob';
  /** Do not notify the user of failures (the caller handles them). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** Options of the `get`/`post` shorthands. */
export type HttpOptions = Omit<HttpRequest, 'method' | 'url' | 'data'>;

/** What a request resolves with: the HTTP status and the parsed body. */
export interface HttpResponse<T> {
  status: number;
  data: T;
}

function isEnvelope(data: unknown): data is ApiResponse<unknown> {
  return typeof data === 'object' && data !== null && 'success' in data && 'code' in data;
}

/** The query string of `params` plus `_t` where SPEC §7 asks for it. */
export function searchParamsOf(method: string, url: string, params: HttpRequest['params']): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value as readonly unknown[]) search.append(`${key}[]`, String(v));
    else search.append(key, String(value));
  }
  if (needsTimestamp(method, url)) search.set('_t', String(Math.floor(Date.now() / 1000)));
  return search;
}

async function bodyOf(response: Response, responseType: HttpRequest['responseType']): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const client = ky.create({ timeout: REQUEST_TIMEOUT_MS, retry: 0, throwHttpErrors: false });

/**
 * Sends one request: session headers (`X-Access-Token`, `tenant-id`), `Accept-Language`, `_t` on
 * GETs, 50 s timeout, and the error handling of SPEC §8.
 * @returns status and body when the server answered 2xx (an envelope with `success: false` is
 *   returned too, after a 510 warning unless `silent`).
 * @throws ApiError for any other status, a timeout (status 0, user told "timeout") or no answer
 *   (status 0); the abort of `signal` rethrows the AbortError as it is.
 */
async function request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {
    [HEADER_TENANT]: String(getTenantId()),
    'Accept-Language': currentLanguage(),
  };
  const token = getToken();
  if (token) headers[HEADER_TOKEN] = token;
  const address = /^https?:\/\//.test(req.url) ? req.url : `${API_BASE}${req.url}`;
  const isForm = typeof FormData !== 'undefined' && req.data instanceof FormData;
  let response: Response;
  try {
    response = await client(address, {
      method,
      headers,
      searchParams: searchParamsOf(method, req.url, req.params),
      signal: req.signal,
      ...(req.data === undefined ? {} : isForm ? { body: req.data as FormData } : { json: req.data }),
    });
  } catch (error) {
    if (req.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    const timedOut = error instanceof TimeoutError;
    const message = error instanceof Error ? error.message : String(error);
    const notified = req.silent ? false : notifyHttpError(0, message, { timedOut });
    throw new ApiError({ code: 0, status: 0, message, errors: [], notified });
  }
  if (!response.ok) {
    const data = await bodyOf(response, 'json').catch(() => null);
    const envelope = isEnvelope(data) ? data : null;
    const message = envelope?.message ?? response.statusText;
    const errors = envelope?.errors ?? [];
    const status = response.status;
    const notified =
      req.silent && status !== 401 ? false : notifyHttpError(status, message, { hasFieldErrors: errors.length > 0 });
    throw new ApiError({ code: envelope?.code ?? status, status, message, errors, notified });
  }
  const data = await bodyOf(response, req.responseType);
  if (isEnvelope(data) && !data.success && !req.silent) notifyEnvelopeError(data.code, data.message);
  return { status: response.status, data: data as T };
}

/**
 * The one HTTP client of the console (fetch through ky): base `/ztj-iot`, session headers,
 * `Accept-Language`, 50 s timeout, error handling of SPEC §8. Answers resolve with the body
 * (normally the envelope).
 */
export const http = {
  request,
  get: <T>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> =>
    request<T>({ ...options, method: 'GET', url }),
  post: <T>(url: string, data?: unknown, options: HttpOptions = {}): Promise<HttpResponse<T>> =>
    request<T>({ ...options, method: 'POST', url, data }),
};
