import { PositionCreateSchema, type PositionCreate, type PositionEdit, type PositionRecord } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ImportSpec } from '../../platform/list/import-runner';
import { requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import { isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';

/** Positions of the caller's tenant (SPEC §3 title/position: code, name, rank). */
export const POSITION_LIST: ListSpec<PositionRecord> = {
  name: 'positions',
  from: 'sys_position p',
  select: 'p.*',
  tenantScope: 'p.tenant_id = $tenant',
  idSql: 'p.id',
  fields: {
    code: { sql: 'p.code', type: 'string', label: { 'zh-CN': '职务编码', 'en-US': 'Code' } },
    name: { sql: 'p.name', type: 'string', label: { 'zh-CN': '职务名称', 'en-US': 'Name' } },
    postRank: { sql: 'p.post_rank', type: 'string', multi: true, label: { 'zh-CN': '职级', 'en-US': 'Rank' } },
    createTime: { sql: 'p.create_time', type: 'datetime', label: { 'zh-CN': '创建时间', 'en-US': 'Created' } },
  },
  map: (r) => ({
    id: String(r.id),
    code: String(r.code),
    name: String(r.name),
    postRank: textOrNull(r.post_rank),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
  }),
};

async function checkCode(q: Queryable, tenantId: number, code: string, exceptId: string | null): Promise<void> {
  const hit = await q.query(
    'SELECT 1 FROM sys_position WHERE tenant_id = $1 AND code = $2 AND id IS DISTINCT FROM $3',
    [tenantId, code, exceptId],
  );
  if (hit.length) throw new AppError('conflict', 'positionCodeExists');
}

export async function createPosition(q: Queryable, b: PositionCreate, caller: ListCaller): Promise<string> {
  await checkCode(q, caller.tenantId, b.code, null);
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO sys_position (tenant_id, code, name, post_rank, create_by) VALUES ($1,$2,$3,$4,$5) RETURNING id',
    [caller.tenantId, b.code, b.name, b.postRank ?? null, caller.username],
  );
  return row!.id;
}

export async function editPosition(db: Db, b: PositionEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, POSITION_LIST, b.id, caller);
  await checkCode(db, caller.tenantId, b.code, b.id);
  await db.query(
    'UPDATE sys_position SET code = $2, name = $3, post_rank = $4, update_by = $5, update_time = now() WHERE id = $1',
    [b.id, b.code, b.name, b.postRank ?? null, caller.username],
  );
}

export async function deletePositions(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, POSITION_LIST, ids, caller);
  await db.query('DELETE FROM sys_position WHERE id = ANY($1::text[])', [visible]);
}

export const POSITION_IMPORT: ImportSpec = {
  name: 'positions',
  columns: {
    code: POSITION_LIST.fields.code!.label,
    name: POSITION_LIST.fields.name!.label,
    postRank: POSITION_LIST.fields.postRank!.label,
  },
  async importRow(q, row, caller) {
    await createPosition(
      q,
      PositionCreateSchema.parse({ code: row.code ?? '', name: row.name ?? '', postRank: row.postRank }),
      caller,
    );
  },
};
