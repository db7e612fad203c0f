import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE, DictRoutes, HEADER_TENANT, HEADER_TOKEN, REQUEST_TIMEOUT_MS, type ApiResponse } from '@ztj/contracts';
import { currentLanguage } from '../i18n/i18n';
import { getTenantId, getToken } from '../session/sessionStore';
import { ApiError } from './ApiError';
import { notifyEnvelopeError, notifyHttpError } from './httpErrors';

const DICT_ITEMS_PREFIX = DictRoutes.items.path.split('/:')[0];

/** GET requests carry `_t` (seconds) against caches, except dictionary item fetches (SPEC §7). */
export function needsTimestamp(method: string | undefined, url: string | undefined): boolean {
  return (method ?? 'get').toLowerCase() === 'get' && !(url ?? '').startsWith(DICT_ITEMS_PREFIX);
}

function addSessionHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  if (token) config.headers.set(HEADER_TOKEN, token);
  config.headers.set(HEADER_TENANT, String(getTenantId()));
  config.headers.set('Accept-Language', currentLanguage());
  if (needsTimestamp(config.method, config.url)) {
    config.params = { ...(config.params as Record<string, unknown> | undefined), _t: Math.floor(Date.now() / 1000) };
  }
  return config;
}

function isEnvelope(data: unknown): data is ApiResponse<unknown> {
  return typeof data === 'object' && data !== null && 'success' in data && 'code' in data;
}

/**
 * Turns an HTTP failure into an `ApiError` after telling the user (SPEC §8).
 * `silent` requests (logout) skip the notification but still report 401.
 */
function toApiError(error: AxiosError, silent: boolean): ApiError {
  const status = error.response?.status ?? 0;
  const data = error.response?.data;
  const envelope = isEnvelope(data) ? data : null;
  const message = envelope?.message ?? error.message;
  const errors = envelope?.errors ?? [];
  const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
  const notified = silent && status !== 401 ? false : notifyHttpError(status, message, { timedOut, hasFieldErrors: errors.length > 0 });
  return new ApiError({ code: envelope?.code ?? status, status, message, errors, notified });
}

/** Per-request switches of the console's client. */
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not notify the user of failures (the caller handles them). */
    silent?: boolean;
  }
}

/**
 * The one HTTP client of the console: base `/ztj-iot`, session headers, `Accept-Language`,
 * 50 s timeout, error handling of SPEC §8. Answers resolve with the envelope.
 */
export const http: AxiosInstance = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use(addSessionHeaders);
http.interceptors.response.use(
  (response) => {
    const data: unknown = response.data;
    if (isEnvelope(data) && !data.success && !response.config.silent) {
      notifyEnvelopeError(data.code, data.message);
    }
    return response;
  },
  (error: unknown) => {
    if (axios.isCancel(error) || !(error instanceof AxiosError)) return Promise.reject(error);
    return Promise.reject(toApiError(error, error.config?.silent === true));
  },
);
