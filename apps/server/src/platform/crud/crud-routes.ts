import { splitIds, type Language, type RouteDef } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/db';
import { registerRoute } from '../http/register-route';
import { listPage } from '../list/list-runner';
import { callerOf, type ListCaller, type ListSpec } from '../list/list-spec';
import { addRow, deleteRows, editRow, oneRow, type CrudSpec } from './tenant-crud';

/**
 * The routes of an administered entity as the contracts declare them (SPEC §7: `list`,
 * `queryById?id=` where the entity has it, `add`, `edit`, `delete?id=`, `deleteBatch?ids=a,b`).
 */
export interface CrudRouteTable {
  list: RouteDef;
  queryById?: RouteDef;
  add: RouteDef;
  edit: RouteDef;
  delete: RouteDef;
  deleteBatch: RouteDef;
}

type BodyOf<D extends RouteDef> = z.output<NonNullable<D['body']>>;

/** What the six routes call; a service overrides the operations that carry its own rules. */
export interface CrudOperations<T extends CrudRouteTable, R = unknown> {
  /** The list behind `list` (and the rows every other operation may touch). */
  list: ListSpec<R>;
  one(db: Db, id: string, caller: ListCaller): Promise<R>;
  /** @returns the new row's id */
  add(db: Db, body: BodyOf<T['add']>, caller: ListCaller, lang: Language): Promise<string>;
  edit(db: Db, body: BodyOf<T['edit']>, caller: ListCaller, lang: Language): Promise<void>;
  remove(db: Db, ids: string[], caller: ListCaller): Promise<void>;
}

/** The generic operations of a {@link CrudSpec} (tenant-crud.ts), to spread and override. */
export function crudOperations<R, C, E extends { id: string }>(
  spec: CrudSpec<R, C, E>,
): {
  list: ListSpec<R>;
  one(q: Queryable, id: string, caller: ListCaller): Promise<R>;
  add(q: Queryable, body: C, caller: ListCaller, lang: Language): Promise<string>;
  edit(q: Queryable, body: E, caller: ListCaller, lang: Language): Promise<void>;
  remove(q: Queryable, ids: string[], caller: ListCaller): Promise<void>;
} {
  return {
    list: spec.list,
    one: (q, id, caller) => oneRow(q, spec, id, caller),
    add: (q, body, caller, lang) => addRow(q, spec, body, caller, lang),
    edit: (q, body, caller, lang) => editRow(q, spec, body, caller, lang),
    remove: (q, ids, caller) => deleteRows(q, spec, ids, caller),
  };
}

/**
 * Registers the routes of `routes` over `ops`. Every call but `add` runs with the list
 * route's permission code as the caller's permission, so the list's data rules also bound what
 * one may read, edit and delete; `add` creates in the caller's tenant.
 */
export function registerCrudRoutes<T extends CrudRouteTable, R>(
  app: FastifyInstance,
  db: Db,
  routes: T,
  ops: CrudOperations<T, R>,
): void {
  // handlers are typed by the generic RouteDef here: the route's own schema has validated each
  // body as BodyOf<T[...]> before the handler runs
  const R: CrudRouteTable = routes;
  const access = R.list.access;
  registerRoute(app, db, R.list, ({ auth, query }) =>
    listPage(db, ops.list, query as Record<string, unknown>, callerOf(auth, access)),
  );
  if (R.queryById)
    registerRoute(app, db, R.queryById, ({ auth, query }) => ops.one(db, idOf(query), callerOf(auth, access)));
  registerRoute(app, db, R.add, async ({ auth, body, lang }) => ({
    id: await ops.add(db, body as BodyOf<T['add']>, callerOf(auth), lang),
  }));
  registerRoute(app, db, R.edit, async ({ auth, body, lang }) => {
    await ops.edit(db, body as BodyOf<T['edit']>, callerOf(auth, access), lang);
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await ops.remove(db, [idOf(query)], callerOf(auth, access));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await ops.remove(db, splitIds((query as { ids: string }).ids), callerOf(auth, access));
    return null;
  });
}

const idOf = (query: unknown): string => (query as { id: string }).id;
