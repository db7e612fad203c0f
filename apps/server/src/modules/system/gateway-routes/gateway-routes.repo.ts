import type { Queryable } from '../../../platform/db/db';

/** Gateway route queries (CONVENTIONS §1 repo) besides the generic CRUD; each takes the tenant. */

/** The tenant's enabled routes (status 1), all columns, in route-id order. */
export async function enabledRouteRows(q: Queryable, tenantId: number): Promise<Record<string, unknown>[]> {
  return q.query<Record<string, unknown>>(
    'SELECT * FROM sys_gateway_route WHERE tenant_id = $1 AND status = 1 ORDER BY router_id',
    [tenantId],
  );
}
