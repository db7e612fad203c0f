import { DictRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { callerOf } from '../../platform/list/list-spec';
import { allDictItems, dictItems, searchDictItems } from './dict.repo';
import { tableDictOptions } from './table-dicts';

/** Dictionary reads (SPEC §7). */
export function dictRoutes(app: FastifyInstance, db: Db): void {
  // a code "table,text,code" is a table dictionary: allow-listed tables only
  registerRoute(app, db, DictRoutes.items, ({ auth, params }) =>
    params.code.includes(',') ? tableDictOptions(db, params.code, callerOf(auth)) : dictItems(db, params.code),
  );
  registerRoute(app, db, DictRoutes.search, ({ auth, params, query }) => {
    const search = { keyword: (query.keyword ?? '').trim(), limit: query.pageSize ?? 10 };
    return params.code.includes(',')
      ? tableDictOptions(db, params.code, callerOf(auth), search)
      : searchDictItems(db, params.code, search.keyword, search.limit);
  });
  registerRoute(app, db, DictRoutes.all, () => allDictItems(db));
}
