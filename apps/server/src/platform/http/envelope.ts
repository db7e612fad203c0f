import { ResultCode, type ApiResponse, type FieldError } from '@ztj/contracts';

/** A success envelope around `result` (SPEC §7). */
export function ok<T>(result: T, message = ''): ApiResponse<T> {
  return { success: true, message, code: ResultCode.OK, result, timestamp: Date.now() };
}

/** A failure envelope; `errors` only for validation failures. */
export function fail(code: number, message: string, errors?: FieldError[]): ApiResponse<null> {
  const body: ApiResponse<null> = { success: false, message, code, result: null, timestamp: Date.now() };
  if (errors) body.errors = errors;
  return body;
}
