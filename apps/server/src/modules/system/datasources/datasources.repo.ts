import type { Queryable } from '../../../platform/db/db';

/** Data source queries (CONVENTIONS §1 repo) besides the generic CRUD; each takes the tenant. */

/**
 * The stored password ciphertext of the tenant's data source `id`: null when none is stored,
 * undefined when the tenant has no such data source.
 */
export async function passwordCipher(q: Queryable, id: string, tenantId: number): Promise<string | null | undefined> {
  const [row] = await q.query<{ c: string | null }>(
    'SELECT db_password_cipher AS c FROM sys_data_source WHERE id = $1 AND tenant_id = $2',
    [id, tenantId],
  );
  return row?.c;
}
