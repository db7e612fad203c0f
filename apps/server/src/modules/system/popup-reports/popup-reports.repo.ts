import type { Queryable } from '../../../platform/db/db';

/** Popup report queries (CONVENTIONS §1 repo) besides the generic CRUD; each takes the tenant. */

/**
 * The tenant's report whose id (or, by `by: 'code'` or 'either', code) is `key`, with
 * `columns` (the list's select, the head aliased `h`), its `tenant_id` and a `version` (last
 * change time); an id match wins over a code match. Undefined when the tenant has none.
 */
export async function reportRow(
  q: Queryable,
  columns: string,
  tenantId: number,
  key: string,
  by: 'id' | 'code' | 'either',
): Promise<Record<string, unknown> | undefined> {
  const where = by === 'id' ? 'h.id = $1' : by === 'code' ? 'h.code = $1' : '(h.id = $1 OR h.code = $1)';
  const [row] = await q.query<Record<string, unknown>>(
    `SELECT ${columns}, h.tenant_id, COALESCE(h.update_time, h.create_time) AS version FROM onl_cgreport_head h WHERE ${where} AND h.tenant_id = $2 ORDER BY (h.id = $1) DESC LIMIT 1`,
    [key, tenantId],
  );
  return row;
}

/** Whether the tenant has a data source of this code. */
export async function dataSourceExists(q: Queryable, tenantId: number, code: string): Promise<boolean> {
  const [src] = await q.query('SELECT 1 FROM sys_data_source WHERE tenant_id = $1 AND code = $2', [tenantId, code]);
  return src !== undefined;
}
