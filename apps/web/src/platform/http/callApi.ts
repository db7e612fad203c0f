import {
  ResultCode,
  routePath,
  type ApiResponse,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
} from '@ztj/contracts';
import { ApiError } from './ApiError';
import { http } from './httpClient';

/** What a call sends: path parameters, query fields and body, typed from the route table. */
export interface CallInput<D> {
  params?: RouteParams<D>;
  query?: RouteQuery<D>;
  body?: RouteBody<D>;
  /** Skip the client's notifications; the caller deals with failures. */
  silent?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls one route of the contracts' route table and returns its `result`, typed from the route.
 * @throws ApiError when the envelope says `success: false` (code, translated message, field
 *   errors) or the HTTP call failed (the user has been notified per SPEC §8 then).
 */
export async function callApi<D extends RouteDef>(route: D, input: CallInput<D> = {}): Promise<RouteResult<D>> {
  const url = routePath(route.path, (input.params ?? {}) as Record<string, string | number>);
  const response = await http.request<ApiResponse<RouteResult<D>>>({
    method: route.method,
    url,
    params: input.query,
    data: input.body,
    silent: input.silent,
    signal: input.signal,
  });
  const envelope = response.data;
  if (!envelope.success) {
    throw new ApiError({
      code: envelope.code,
      status: response.status,
      message: envelope.message,
      errors: envelope.errors,
      notified: envelope.code === ResultCode.NO_PERMISSION && !input.silent,
    });
  }
  return envelope.result;
}
