import type { FieldError } from '@ztj/contracts';

/**
 * A failed call: the envelope said `success: false`, or the HTTP status was not 2xx.
 * `code` is the envelope code (or the HTTP status when there was no envelope); `status` the HTTP
 * status (0 without a response); `errors` the field errors of a validation failure (code 400).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly errors: FieldError[];
  /** True when the HTTP layer already told the user (notification, modal). */
  readonly notified: boolean;

  constructor(init: { code: number; status: number; message: string; errors?: FieldError[]; notified?: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.notified = init.notified ?? false;
  }
}

/** True for an `ApiError` (narrows `unknown` in catch blocks). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
