import { MESSAGES, type Language, type MessageKey } from '@ztj/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { requireAllVisible, requireVisible } from '../list/list-runner';
import type { ListCaller, ListSpec } from '../list/list-spec';

/**
 * The generic CRUD of the simple administered entities (check rules, fill rules, data sources,
 * gateway routes, popup reports, scheduled jobs, roles): one add, edit, one-row read and
 * (batch) delete over a table that the entity's {@link ListSpec} already describes. The list
 * machinery decides what a caller sees (tenant scope and data rules), so another tenant's id is
 * "not found" here exactly as in the list; the services keep only their own rules.
 */

/** A value bound for one column. */
export type ColumnValue = string | number | boolean | null;

/** Column name → value of one written row (snake_case column names, written by the server). */
export type ColumnValues = Record<string, ColumnValue>;

/**
 * A column whose value one row may hold only once within its owner (the tenant by default).
 * @typeParam C the create body, which names the owner when it is not the tenant
 * @typeParam E the edit body
 */
export interface UniqueColumn<C, E> {
  column: string;
  /** The value of a create or edit body. */
  value(body: C | E): string;
  /** Compare case-insensitively (role codes). */
  ignoreCase?: boolean;
  /**
   * The owning column when it is not `tenant_id`, with its value in a create body; an edit keeps
   * the stored row's owner.
   */
  within?: { column: string; value(body: C): string };
  /** The error a taken value raises, in the request's language. */
  refuse(lang: Language): AppError;
}

/**
 * One entity's table and how a validated body becomes its columns.
 * @typeParam R the API record (what the list maps rows to)
 * @typeParam C the create body
 * @typeParam E the edit body (carries the row's `id`)
 */
export interface CrudSpec<R, C, E extends { id: string }> {
  list: ListSpec<R>;
  /** The table written (the list's `from` may join others). */
  table: string;
  /** Columns a create writes; `tenant_id` and `create_by` are added. */
  add(body: C): ColumnValues;
  /** Columns an edit writes; `update_by` and `update_time` are added. */
  edit(body: E): ColumnValues;
  /** Columns stored as jsonb: their values are JSON text, cast on the way in. */
  jsonb?: readonly string[];
  /** Columns an edit leaves as stored when its value is null (a password not sent again). */
  keepWhenNull?: readonly string[];
  unique?: UniqueColumn<C, E>;
}

/**
 * The `refuse` of a {@link UniqueColumn} that fails the form field: badRequest with the message
 * `code` as the error and as the field's message (what JeecgBoot forms show under the input).
 */
export function takenField(code: MessageKey, field: string): (lang: Language) => AppError {
  return (lang) => new AppError('badRequest', code, {}, [{ field, message: MESSAGES[code][lang] }]);
}

const bindOf = (column: string, n: number, spec: { jsonb?: readonly string[] }): string =>
  spec.jsonb?.includes(column) ? `$${n}::jsonb` : `$${n}`;

/**
 * Whether another row of the owner holds the unique value of `body` (`exceptId`: the row being
 * edited, whose owner is the stored one; null on create).
 */
export async function isTaken<R, C, E extends { id: string }>(
  q: Queryable,
  spec: CrudSpec<R, C, E>,
  body: C | E,
  tenantId: number,
  exceptId: string | null,
): Promise<boolean> {
  const u = spec.unique;
  if (!u) return false;
  const owner = u.within?.column ?? 'tenant_id';
  const match = u.ignoreCase ? `lower(${u.column}) = lower($1)` : `${u.column} = $1`;
  // an edit keeps the stored row's owner; a create body names it (or the tenant owns the row)
  const [hit] =
    exceptId !== null
      ? await q.query(
          `SELECT 1 FROM ${spec.table} WHERE ${owner} = (SELECT ${owner} FROM ${spec.table} WHERE id = $2) AND ${match} AND id <> $2`,
          [u.value(body), exceptId],
        )
      : await q.query(`SELECT 1 FROM ${spec.table} WHERE ${owner} = $2 AND ${match}`, [
          u.value(body),
          u.within?.value(body as C) ?? tenantId,
        ]);
  return hit !== undefined;
}

async function refuseTaken<R, C, E extends { id: string }>(
  q: Queryable,
  spec: CrudSpec<R, C, E>,
  body: C | E,
  tenantId: number,
  exceptId: string | null,
  lang: Language,
): Promise<void> {
  if (spec.unique && (await isTaken(q, spec, body, tenantId, exceptId))) throw spec.unique.refuse(lang);
}

/**
 * Creates a row of the caller's tenant. @returns its id
 * @throws AppError of `spec.unique.refuse` when the unique value is taken
 */
export async function addRow<R, C, E extends { id: string }>(
  q: Queryable,
  spec: CrudSpec<R, C, E>,
  body: C,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  await refuseTaken(q, spec, body, caller.tenantId, null, lang);
  const cols = Object.entries({ tenant_id: caller.tenantId, ...spec.add(body), create_by: caller.username });
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO ${spec.table} (${cols.map(([c]) => c).join(', ')}) VALUES (${cols.map(([c], i) => bindOf(c, i + 1, spec)).join(',')}) RETURNING id`,
    cols.map(([, v]) => v),
  );
  return row!.id;
}

/**
 * Edits a row the caller sees through the list. Columns of `keepWhenNull` keep their stored value
 * when the body's is null; `update_time` is the statement's clock.
 * @throws AppError notFound (another tenant's row too), or that of `spec.unique.refuse`
 */
export async function editRow<R, C, E extends { id: string }>(
  q: Queryable,
  spec: CrudSpec<R, C, E>,
  body: E,
  caller: ListCaller,
  lang: Language,
): Promise<void> {
  await requireVisible(q, spec.list, body.id, caller);
  await refuseTaken(q, spec, body, caller.tenantId, body.id, lang);
  await updateRow(q, spec, body.id, spec.edit(body), caller);
}

/**
 * Writes `values` and the audit columns to the row `id` (already checked visible by the caller of
 * this function).
 */
export async function updateRow<R, C, E extends { id: string }>(
  q: Queryable,
  spec: CrudSpec<R, C, E>,
  id: string,
  values: ColumnValues,
  caller: ListCaller,
): Promise<void> {
  const cols = Object.entries({ ...values, update_by: caller.username });
  const sets = cols.map(([c], i) => {
    const bound = bindOf(c, i + 2, spec);
    return spec.keepWhenNull?.includes(c) ? `${c} = COALESCE(${bound}, ${c})` : `${c} = ${bound}`;
  });
  await q.query(`UPDATE ${spec.table} SET ${sets.join(', ')}, update_time = clock_timestamp() WHERE id = $1`, [
    id,
    ...cols.map(([, v]) => v),
  ]);
}

/** One row the caller sees through the list, as its record. @throws AppError notFound otherwise */
export async function oneRow<R, C, E extends { id: string }>(
  q: Queryable,
  spec: CrudSpec<R, C, E>,
  id: string,
  caller: ListCaller,
): Promise<R> {
  await requireVisible(q, spec.list, id, caller);
  const [row] = await q.query<Record<string, unknown>>(
    `SELECT ${spec.list.select} FROM ${spec.list.from} WHERE ${spec.list.idSql} = $1`,
    [id],
  );
  if (!row) throw new AppError('notFound', 'notFound');
  return spec.list.map(row);
}

/**
 * Deletes rows the caller sees through the list: all of them or none (rows referencing them go
 * by the schema's cascades). @throws AppError badRequest selectRecord for no id, notFound when one is not visible
 */
export async function deleteRows<R, C, E extends { id: string }>(
  q: Queryable,
  spec: CrudSpec<R, C, E>,
  ids: string[],
  caller: ListCaller,
): Promise<void> {
  const visible = await requireAllVisible(q, spec.list, ids, caller);
  await q.query(`DELETE FROM ${spec.table} WHERE id = ANY($1::text[])`, [visible]);
}
