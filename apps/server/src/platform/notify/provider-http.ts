import { ANSWER_MAX_CHARS, type PushAttemptResult } from './channel';

/** The HTTP client the HTTP channels use: node's global fetch, or a replacement in tests. */
export type FetchFn = typeof fetch;

/** Dependencies of an HTTP channel: the HTTP client, the clock (epoch ms) and the per-send bound (ms, default 10000). */
export interface HttpChannelDeps {
  fetch?: FetchFn;
  now?: () => number;
  timeoutMs?: number;
}

/** An HTTP answer the channel classifies itself (status below 500, not 429). */
export interface ProviderAnswer {
  status: number;
  /** Body as text. */
  body: string;
  /** Body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Either the provider answered, or the attempt already has its (failed, retryable) result. */
export type ProviderOutcome = { answered: ProviderAnswer } | { failed: PushAttemptResult };

/** Trims a provider answer to the push list's 500 characters (an ellipsis marks the cut). */
export function trimAnswer(text: string): string {
  const flat = text.trim();
  return flat.length <= ANSWER_MAX_CHARS ? flat : `${flat.slice(0, ANSWER_MAX_CHARS - 1)}…`;
}

/** Builds a PushAttemptResult with a trimmed answer. */
export function attempt(ok: boolean, retryable: boolean, answer: string): PushAttemptResult {
  return { ok, retryable: ok ? false : retryable, answer: trimAnswer(answer) };
}

/**
 * Describes a fetch failure without its URL: webhook and token URLs carry secrets
 * (`key=`, `access_token=`), and the answer is shown in the push list.
 */
export function describeFetchError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.cause?.name === 'TimeoutError') {
    return `timeout: no answer within ${timeoutMs} ms`;
  }
  const code = e?.cause?.code ?? e?.code;
  return `network error${code ? `: ${code}` : ''}`;
}

/**
 * One HTTP exchange with a provider, bounded by `timeoutMs` through AbortSignal (connecting,
 * headers and body). Never throws: a timeout, a network error, HTTP 5xx or 429 come back as a
 * failed, retryable attempt; other answers are handed to the caller to classify.
 */
export async function callProvider(
  fetchFn: FetchFn,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ProviderOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetchFn(url, { ...init, signal, redirect: 'error' });
    const body = await res.text();
    if (res.status >= 500 || res.status === 429) {
      return { failed: attempt(false, true, `HTTP ${res.status}: ${body}`) };
    }
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    return { answered: { status: res.status, body, json } };
  } catch (err) {
    return { failed: attempt(false, true, describeFetchError(err, timeoutMs)) };
  }
}

/** POSTs a JSON body to a provider (see callProvider). */
export function postJson(fetchFn: FetchFn, url: string, body: unknown, timeoutMs: number): Promise<ProviderOutcome> {
  return callProvider(
    fetchFn,
    url,
    { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) },
    timeoutMs,
  );
}

/** Reads a numeric `errcode` (WeChat, WeCom, DingTalk answers), or undefined when absent. */
export function errcodeOf(json: unknown): number | undefined {
  if (json && typeof json === 'object' && 'errcode' in json) {
    const v = (json as { errcode: unknown }).errcode;
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  }
  return undefined;
}

/**
 * Masks a webhook URL for display (push records, logs): keeps scheme, host and path and the
 * last 4 characters of each query value, so two robots can be told apart without their keys.
 */
export function maskWebhook(url: string): string {
  try {
    const u = new URL(url);
    const parts = [...u.searchParams.entries()].map(([k, v]) => `${k}=…${v.slice(-4)}`);
    return `${u.origin}${u.pathname}${parts.length ? `?${parts.join('&')}` : ''}`;
  } catch {
    return '(webhook)';
  }
}
