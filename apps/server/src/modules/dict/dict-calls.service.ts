import { DictCreateSchema } from '@ztj/contracts';
import type { z } from 'zod';
import type { DictRecordSchema, DictTreeRecordSchema } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ImportSpec } from '../../platform/list/import-runner';
import { listAll, requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import type { ListCaller } from '../../platform/list/list-spec';
import { createDict, DICT_ITEM_LIST, DICT_LIST } from './dict-admin.service';

type DictRecord = z.infer<typeof DictRecordSchema>;

/** Dictionaries in the recycle bin (`del_flag` 1), newest deletion first. */
export async function recycleBin(db: Db): Promise<DictRecord[]> {
  const rows = await db.query(
    'SELECT * FROM sys_dict WHERE del_flag = 1 ORDER BY update_time DESC NULLS LAST, dict_code',
  );
  return rows.map(DICT_LIST.map);
}

async function requireDeleted(db: Db, id: string): Promise<void> {
  if (!(await db.one('SELECT 1 FROM sys_dict WHERE id = $1 AND del_flag = 1', [id])))
    throw new AppError('notFound', 'notFound');
}

/** Restores a dictionary of the recycle bin. */
export async function restoreDict(db: Db, id: string, by: string): Promise<void> {
  await requireDeleted(db, id);
  await db.query('UPDATE sys_dict SET del_flag = 0, update_by = $2, update_time = now() WHERE id = $1', [id, by]);
}

/** Deletes a dictionary of the recycle bin for good, with its items. */
export async function purgeDict(db: Db, id: string): Promise<void> {
  await requireDeleted(db, id);
  await db.tx(async (q) => {
    await q.query('DELETE FROM sys_dict_item WHERE dict_id = $1', [id]);
    await q.query('DELETE FROM sys_dict WHERE id = $1', [id]);
  });
}

/** The dictionaries as JeecgBoot's SysDictTree nodes (key = id, title = name), filtered like its list. */
export async function dictTree(
  db: Db,
  q: { dictName?: string; dictCode?: string },
  caller: ListCaller,
): Promise<z.infer<typeof DictTreeRecordSchema>[]> {
  const filter: Record<string, string> = { column: 'dictCode', order: 'asc' };
  if (q.dictName) filter.dictName = `*${q.dictName.replace(/\*/g, '')}*`;
  if (q.dictCode) filter.dictCode = `*${q.dictCode.replace(/\*/g, '')}*`;
  return (await listAll(db, DICT_LIST, filter, caller)).map((d) => ({ ...d, key: d.id, title: d.dictName }));
}

/** Deletes dictionary items (all visible or none). */
export async function deleteItems(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const seen = await requireAllVisible(db, DICT_ITEM_LIST, ids, caller);
  await db.query('DELETE FROM sys_dict_item WHERE id = ANY($1::text[])', [seen]);
}

/** JeecgBoot's dictItemCheck: refuses a value another item of the dictionary holds. */
export async function checkItemValue(
  db: Db,
  q: { dictId: string; itemValue: string; id?: string },
  caller: ListCaller,
): Promise<null> {
  await requireVisible(db, DICT_LIST, q.dictId, caller);
  const clash = await db.query(
    'SELECT 1 FROM sys_dict_item WHERE dict_id = $1 AND item_value = $2 AND id IS DISTINCT FROM $3',
    [q.dictId, q.itemValue, q.id || null],
  );
  if (clash.length) throw new AppError('conflict', 'dictItemExists');
  return null;
}

/** Dictionary import (JeecgBoot `sys/dict/importExcel`): code, name, English name, description per row. */
export const DICT_IMPORT: ImportSpec = {
  name: 'dicts',
  columns: {
    dictCode: DICT_LIST.fields.dictCode!.label,
    dictName: DICT_LIST.fields.dictName!.label,
    dictNameEn: DICT_LIST.fields.dictNameEn!.label,
    description: DICT_LIST.fields.description!.label,
  },
  readOnly: { createTime: DICT_LIST.fields.createTime!.label },
  async importRow(q, row, caller) {
    const b = DictCreateSchema.parse({
      dictCode: row.dictCode ?? '',
      dictName: row.dictName ?? '',
      dictNameEn: row.dictNameEn || null,
      description: row.description || null,
    });
    await createDict(q, b, caller.username);
  },
};
