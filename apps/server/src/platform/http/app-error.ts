import { ResultCode, type FieldError, type MessageKey } from '@ztj/contracts';

/** The kinds of failure a service may raise; each maps to one envelope code and HTTP status. */
export type AppErrorKind =
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'business'
  | 'noPermission'
  | 'tooManyRequests'
  | 'internal';

/**
 * A domain error: a kind, a message key of the shared catalogue (translated when written) and
 * its parameters. Services throw it; only the error handler knows about HTTP (CONVENTIONS §4).
 */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: FieldError[],
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/**
 * Envelope code and HTTP status of each kind (SPEC §8): 401, 403, 429 and 500 travel as HTTP
 * statuses so the client's status handling applies; refusals of a request's content (code 400),
 * records that do not exist (code 404), business failures and 510 are HTTP 200 with
 * `success: false` as JeecgBoot's clients expect (their interceptor would otherwise show
 * a generic "resource not found" and the page's own handler would never run). The route-level 404
 * of an unknown URL stays an HTTP 404 (error-handler.ts).
 */
export function statusOf(kind: AppErrorKind): { code: number; http: number } {
  switch (kind) {
    case 'badRequest':
      return { code: ResultCode.BAD_REQUEST, http: 200 };
    case 'unauthorized':
      return { code: ResultCode.UNAUTHORIZED, http: 401 };
    case 'forbidden':
      return { code: ResultCode.FORBIDDEN, http: 403 };
    case 'notFound':
      return { code: ResultCode.NOT_FOUND, http: 200 };
    case 'conflict':
      return { code: ResultCode.CONFLICT, http: 200 };
    case 'business':
      return { code: ResultCode.SERVER_ERROR, http: 200 };
    case 'noPermission':
      return { code: ResultCode.NO_PERMISSION, http: 200 };
    case 'tooManyRequests':
      return { code: ResultCode.TOO_MANY_REQUESTS, http: 429 };
    case 'internal':
      return { code: ResultCode.SERVER_ERROR, http: 500 };
  }
}
