import type { ApiResponse, PageResult } from '@ztj/contracts';
import type { TestApp } from '../../../test/test-app';

/** An answer of `TestApp.call`: HTTP status and envelope. */
type Answer<T> = Promise<{ status: number; body: ApiResponse<T> }>;

/** The calls an integration test makes to a generic CRUD entity's routes (crud-routes.ts). */
export interface CrudCalls<R> {
  /** POST `<base>/add` (answers in `lang`, en-US by default). */
  add(body: Record<string, unknown>, token?: string, lang?: string): Answer<{ id: string }>;
  /** GET `<base>/list?pageSize=50<query>`: the page (`query` starts with `&`). */
  list(token?: string, query?: string): Promise<PageResult<R>>;
  /** GET `<base>/queryById?id=`. */
  one(id: string, token?: string): Answer<R>;
}

/**
 * The calls of the entity at `base` (e.g. `/sys/checkRule`) on the app `app()`, as the caller
 * holding `token()` unless a call names another token (getters: tests create both in beforeAll).
 */
export function crudCalls<R>(app: () => TestApp, base: string, token: () => string): CrudCalls<R> {
  return {
    add: (body, as = token(), lang = 'en-US') =>
      app().call<{ id: string }>('POST', `${base}/add`, { token: as, body, headers: { 'accept-language': lang } }),
    list: async (as = token(), query = '') =>
      (await app().call<PageResult<R>>('GET', `${base}/list?pageSize=50${query}`, { token: as })).body.result,
    one: (id, as = token()) => app().call<R>('GET', `${base}/queryById?id=${id}`, { token: as }),
  };
}
