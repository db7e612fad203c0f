/**
 * Names of query parameters whose values never reach a log line: tokens, passwords,
 * secrets, signatures, tickets, session ids, keys and one-time codes.
 */
export const SECRET_PARAM =
  /token|passw|pwd|secret|signature|ticket|session|auth|api_?key|^key$|^code$|^sign$|^captcha$/i;

/** `?name=value` / `&name=value` pairs anywhere in a text (a URL or a log message). */
const QUERY_PAIR = /([?&])([^=&\s#?]+)=([^&\s#]*)/g;

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * `text` with the value of every query parameter named like {@link SECRET_PARAM} replaced by
 * `[REDACTED]`, e.g. `/ztj-iot/x?token=abc&pageNo=1` → `/ztj-iot/x?token=[REDACTED]&pageNo=1`.
 */
export function redactSecrets(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(QUERY_PAIR, (pair, sep: string, name: string) =>
    SECRET_PARAM.test(decoded(name)) ? `${sep}${name}=[REDACTED]` : pair,
  );
}

/** What the request serializer reads of a request (Fastify's request). */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Logger options of the server: requests are logged as Fastify does (method, url, host,
 * remote address and port) but with {@link redactSecrets} applied to the URL, and every string
 * argument of every log call (e.g. Fastify's "Route GET:/x?token=… not found") is redacted the
 * same way. Headers are not logged; the token header is redacted should a caller log them.
 */
export function redactingLoggerOptions(tokenHeader: string): {
  redact: string[];
  serializers: { req: (req: LoggedRequest) => Record<string, unknown> };
  hooks: { logMethod: (this: unknown, args: unknown[], method: (...a: unknown[]) => void) => void };
} {
  return {
    redact: [`req.headers["${tokenHeader.toLowerCase()}"]`, 'req.headers["sec-websocket-protocol"]'],
    serializers: {
      req: (req) => ({
        method: req.method,
        url: redactSecrets(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactSecrets(a) : a)),
        );
      },
    },
  };
}
