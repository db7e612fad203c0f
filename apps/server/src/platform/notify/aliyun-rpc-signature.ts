import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud RPC-style request signing, signature version 1.0 (HMAC-SHA1), as the "Signature
 * mechanism" pages of the RPC APIs describe it (used by SMS SendSms, Version 2017-05-25).
 */

/**
 * Percent-encodes one name or value the way the RPC signature wants it: UTF-8, every byte except
 * `A-Z a-z 0-9 - _ . ~` as `%XY` with upper-case hex, so a space is `%20` (never `+`) and `*` is
 * `%2A`. encodeURIComponent leaves `! ' ( ) *` alone, hence the extra step.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalized query: parameters (without `Signature`) sorted by name, each `name=value` encoded, joined by `&`. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

/**
 * Signature of an RPC request: Base64(HMAC-SHA1(secret + "&", method + "&%2F&" + encode(canonical query))).
 * @param method HTTP method of the request (`GET` here).
 */
export function rpcSignature(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** The `Timestamp` parameter: ISO 8601 in UTC without milliseconds, `YYYY-MM-DDThh:mm:ssZ`. */
export function rpcTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The signed query string (canonical query plus `&Signature=…`), ready to follow `?`. */
export function signedQuery(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  return `${canonicalQuery(params)}&Signature=${percentEncode(rpcSignature(params, accessKeySecret, method))}`;
}
