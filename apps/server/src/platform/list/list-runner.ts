import type { PageResult } from '@ztj/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { dataRuleConditions } from './data-rules';
import { parseListQuery } from './list-query';
import { withDictText, type ListCaller, type ListSpec } from './list-spec';
import { orderSql, SqlParams, whereSql } from './list-sql';

/** Most rows one export may hold. */
export const EXPORT_LIMIT = 20_000;

/**
 * Runs a generic list (SPEC §7): allow-listed filters, advanced query and sort, tenant scope and
 * data rules, paging. Answers `{records, total, size, current, pages}`. The total comes with the
 * page in one statement (an uncorrelated count subquery, run once, in the same snapshot); only a
 * page past the end, which has no row to carry it, asks for the count on its own.
 */
export async function listPage<R>(
  db: Queryable,
  spec: ListSpec<R>,
  query: Record<string, unknown>,
  caller: ListCaller,
): Promise<PageResult<R>> {
  const parsed = parseListQuery(spec, query);
  const rules = await dataRuleConditions(db, spec, caller);
  const size = clampInt(query.pageSize, 10, 1, 1000);
  const current = clampInt(query.pageNo, 1, 1, 1_000_000);
  const p = new SqlParams(caller.tenantId);
  const where = whereSql(spec, parsed, rules, p);
  const countSql = `SELECT count(*)::int AS n FROM ${spec.from} ${where}`;
  const countParams = p.values.length;
  const order = orderSql(spec, parsed, p);
  const limit = p.add(size);
  const offset = p.add((current - 1) * size);
  const rows = await db.query<Record<string, unknown> & { __total: number }>(
    `SELECT ${p.scoped(spec.select)}, (${countSql}) AS __total FROM ${spec.from} ${where} ${order} LIMIT ${limit} OFFSET ${offset}`,
    p.values,
  );
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && current > 1) {
    const [count] = await db.query<{ n: number }>(countSql, p.values.slice(0, countParams));
    total = count?.n ?? 0;
  }
  return {
    records: rows.map((r) => withDictText(spec, spec.map(r), caller.lang)),
    total,
    size,
    current,
    pages: Math.ceil(total / size),
  };
}

/** Every row matching a list query (export: filters or `selections`), capped at EXPORT_LIMIT. */
export async function listAll<R>(
  db: Queryable,
  spec: ListSpec<R>,
  query: Record<string, unknown>,
  caller: ListCaller,
): Promise<R[]> {
  const parsed = parseListQuery(spec, query);
  const rules = await dataRuleConditions(db, spec, caller);
  const p = new SqlParams(caller.tenantId);
  const where = whereSql(spec, parsed, rules, p);
  const order = orderSql(spec, parsed, p);
  const rows = await db.query(
    `SELECT ${p.scoped(spec.select)} FROM ${spec.from} ${where} ${order} LIMIT ${p.add(EXPORT_LIMIT)}`,
    p.values,
  );
  return rows.map((r) => withDictText(spec, spec.map(r), caller.lang));
}

/**
 * Ids among `ids` that the caller may touch through this list (tenant scope, fixed predicates and
 * data rules): the single place update and delete endpoints check row ownership, so another
 * tenant's id is simply "not found".
 */
export async function visibleIds<R>(
  db: Queryable,
  spec: ListSpec<R>,
  ids: string[],
  caller: ListCaller,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rules = await dataRuleConditions(db, spec, caller);
  const p = new SqlParams(caller.tenantId);
  const parsed = {
    conditions: [],
    superConditions: [],
    matchType: 'and' as const,
    params: [],
    sort: { field: '', order: 'asc' as const },
    selections: ids,
  };
  const rows = await db.query<{ id: string }>(
    `SELECT ${spec.idSql}::text AS id FROM ${spec.from} ${whereSql(spec, parsed, rules, p)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}

function clampInt(v: unknown, fallback: number, min: number, max: number): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/**
 * Checks that one id is visible to the caller through `spec`.
 * @throws AppError notFound otherwise (another tenant's row looks like a missing one).
 */
export async function requireVisible<R>(
  db: Queryable,
  spec: ListSpec<R>,
  id: string,
  caller: ListCaller,
): Promise<void> {
  const [hit] = await visibleIds(db, spec, [id], caller);
  if (!hit) throw new AppError('notFound', 'notFound');
}

/**
 * The visible subset of `ids`, all of them or nothing.
 * @throws AppError badRequest selectRecord when empty, notFound when any id is not visible.
 */
export async function requireAllVisible<R>(
  db: Queryable,
  spec: ListSpec<R>,
  ids: string[],
  caller: ListCaller,
): Promise<string[]> {
  if (ids.length === 0) throw new AppError('badRequest', 'selectRecord');
  const seen = await visibleIds(db, spec, ids, caller);
  if (seen.length !== ids.length) throw new AppError('notFound', 'notFound');
  return seen;
}
