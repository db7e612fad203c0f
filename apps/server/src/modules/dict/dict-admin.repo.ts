import type { DictCreate, DictEdit, DictItemCreate, DictItemEdit } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * Dictionary administration queries (CONVENTIONS §1 repo): tables `sys_dict` (recycle bin:
 * `del_flag` 1) and `sys_dict_item`, platform-wide (no tenant). Writers take the user name `by`.
 */

/** True when a dictionary other than `exceptId` (null = none excepted) has code `code`. */
export async function dictCodeTaken(q: Queryable, code: string, exceptId: string | null): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM sys_dict WHERE dict_code = $1 AND id IS DISTINCT FROM $2', [code, exceptId])).length >
    0
  );
}

/** Inserts a dictionary; returns its id. */
export async function insertDict(q: Queryable, b: DictCreate, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO sys_dict (dict_code, dict_name, dict_name_en, description, create_by) VALUES ($1,$2,$3,$4,$5) RETURNING id',
    [b.dictCode, b.dictName, b.dictNameEn ?? null, b.description ?? null, by],
  );
  return row!.id;
}

/** Rewrites dictionary `b.id`. */
export async function updateDict(q: Queryable, b: DictEdit, by: string): Promise<void> {
  await q.query(
    'UPDATE sys_dict SET dict_code = $2, dict_name = $3, dict_name_en = $4, description = $5, update_by = $6, update_time = now() WHERE id = $1',
    [b.id, b.dictCode, b.dictName, b.dictNameEn ?? null, b.description ?? null, by],
  );
}

/** Moves dictionaries `ids` to the recycle bin. */
export async function recycleDicts(q: Queryable, ids: string[], by: string): Promise<void> {
  await q.query('UPDATE sys_dict SET del_flag = 1, update_by = $2, update_time = now() WHERE id = ANY($1::text[])', [
    ids,
    by,
  ]);
}

/** True when dictionary `dictId` has an item of value `itemValue`. */
export async function itemValueTaken(q: Queryable, dictId: string, itemValue: string): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM sys_dict_item WHERE dict_id = $1 AND item_value = $2', [dictId, itemValue])).length >
    0
  );
}

/** True when another item of item `id`'s dictionary has value `itemValue`. */
export async function otherItemHasValue(q: Queryable, id: string, itemValue: string): Promise<boolean> {
  const clash = await q.query(
    'SELECT 1 FROM sys_dict_item o JOIN sys_dict_item me ON me.dict_id = o.dict_id WHERE me.id = $1 AND o.id <> $1 AND o.item_value = $2',
    [id, itemValue],
  );
  return clash.length > 0;
}

/** Inserts a dictionary item; returns its id. */
export async function insertItem(q: Queryable, b: DictItemCreate, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_dict_item (dict_id, item_value, item_text, item_text_en, sort_order, status, create_by) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id`,
    [b.dictId, b.itemValue, b.itemText, b.itemTextEn ?? null, b.sortOrder, b.status, by],
  );
  return row!.id;
}

/** Rewrites dictionary item `b.id`. */
export async function updateItem(q: Queryable, b: DictItemEdit, by: string): Promise<void> {
  await q.query(
    'UPDATE sys_dict_item SET item_value = $2, item_text = $3, item_text_en = $4, sort_order = $5, status = $6, update_by = $7, update_time = now() WHERE id = $1',
    [b.id, b.itemValue, b.itemText, b.itemTextEn ?? null, b.sortOrder, b.status, by],
  );
}

/** Deletes dictionary item `id`. */
export async function deleteItemRow(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM sys_dict_item WHERE id = $1', [id]);
}

/** Counts of live dictionaries and of all items. */
export async function dictCounts(q: Queryable): Promise<{ dictionaries: number; items: number }> {
  const [row] = await q.query<{ dictionaries: number; items: number }>(
    `SELECT (SELECT count(*)::int FROM sys_dict WHERE del_flag = 0) AS dictionaries, (SELECT count(*)::int FROM sys_dict_item) AS items`,
  );
  return row!;
}
