import type { DictMap, DictOption } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { escapeLike } from '../../platform/list/list-sql';

interface ItemRow {
  dict_code: string;
  item_value: string;
  item_text: string;
  item_text_en: string | null;
}

const toOption = (r: ItemRow): DictOption => ({
  value: r.item_value,
  text: r.item_text,
  textEn: r.item_text_en ?? r.item_text,
  label: r.item_text,
  title: r.item_text,
});

/** Every enabled dictionary item grouped by dictionary code, in sort order (SPEC §7). */
export async function allDictItems(q: Queryable): Promise<DictMap> {
  const rows = await q.query<ItemRow>(
    `SELECT d.dict_code, i.item_value, i.item_text, i.item_text_en
       FROM sys_dict d JOIN sys_dict_item i ON i.dict_id = d.id
      WHERE d.del_flag = 0 AND i.status = 1
      ORDER BY d.dict_code, i.sort_order, i.item_value`,
  );
  const map: DictMap = {};
  for (const r of rows) (map[r.dict_code] ??= []).push(toOption(r));
  return map;
}

/** The enabled items of one dictionary code; empty when the code is unknown. */
export async function dictItems(q: Queryable, code: string): Promise<DictOption[]> {
  const rows = await q.query<ItemRow>(
    `SELECT d.dict_code, i.item_value, i.item_text, i.item_text_en
       FROM sys_dict d JOIN sys_dict_item i ON i.dict_id = d.id
      WHERE d.dict_code = $1 AND d.del_flag = 0 AND i.status = 1
      ORDER BY i.sort_order, i.item_value`,
    [code],
  );
  return rows.map(toOption);
}

/**
 * Search-select (SPEC §2, §7 loadDict): enabled items of `code` whose text (either language) or
 * value contains `keyword` (case-insensitive; all items for an empty keyword), in sort order, at
 * most `limit`.
 */
export async function searchDictItems(
  q: Queryable,
  code: string,
  keyword: string,
  limit: number,
): Promise<DictOption[]> {
  const rows = await q.query<ItemRow>(
    `SELECT d.dict_code, i.item_value, i.item_text, i.item_text_en
       FROM sys_dict d JOIN sys_dict_item i ON i.dict_id = d.id
      WHERE d.dict_code = $1 AND d.del_flag = 0 AND i.status = 1
        AND (i.item_text ILIKE $2 ESCAPE '\\' OR i.item_text_en ILIKE $2 ESCAPE '\\' OR i.item_value ILIKE $2 ESCAPE '\\')
      ORDER BY i.sort_order, i.item_value
      LIMIT $3`,
    [code, `%${escapeLike(keyword)}%`, limit],
  );
  return rows.map(toOption);
}
