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
 * Envelope code and HTTP status of each kind (SPEC §8): 401 and 403 travel as HTTP statuses so
 * the client's status handling applies; business failures and 510 are HTTP 200 with
 * `success: false` as the spec's clients expect.
 */
export function statusOf(kind: AppErrorKind): { code: number; http: number } {
  switch (kind) {
    case 'badRequest':
      return { code: ResultCode.BAD_REQUEST, http: 400 };
    case 'unauthorized':
      return { code: ResultCode.UNAUTHORIZED, http: 401 };
    case 'forbidden':
      return { code: ResultCode.FORBIDDEN, http: 403 };
    case 'notFound':
      return { code: ResultCode.NOT_FOUND, http: 404 };
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
