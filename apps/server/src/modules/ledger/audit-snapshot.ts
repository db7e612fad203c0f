import { OperateType } from '@ztj/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../platform/db/db';

/**
 * Before/after of administrative changes for the audit log. One generic
 * mechanism: an edit or delete route of an administered entity (the route path without its last
 * segment names the entity, {@link AUDITED_ENTITIES}) has the rows it names (`id`/`ids` of the body
 * or query, `userIds` of the recycle-bin delete) read before the handler runs and again once it
 * answered; the operation log stores both (secret columns removed), and the log row is chained.
 * Rows of another tenant than the log's are left out. Adds and imports keep their request body only.
 */

/** Route path prefix (under the base path) → table of the entity it administers. */
export const AUDITED_ENTITIES: Readonly<Record<string, string>> = {
  '/sys/user': 'sys_user',
  '/sys/sysDepart': 'sys_depart',
  '/sys/sysDepartRole': 'sys_depart_role',
  '/sys/role': 'sys_role',
  '/sys/permission': 'sys_permission',
  '/sys/tenant': 'sys_tenant',
  '/sys/position': 'sys_position',
  '/sys/dict': 'sys_dict',
  '/sys/dictItem': 'sys_dict_item',
  '/sys/category': 'sys_category',
  '/sys/quartzJob': 'quartz_job',
};

/** Most rows snapshotted per request (a batch delete of more keeps the first ones). */
const MAX_ROWS = 50;
const SECRET = /password|salt|secret|token/i;

interface Pending {
  table: string;
  ids: string[];
  before: Record<string, unknown>[];
}

const pending = new WeakMap<FastifyRequest, Pending>();

/** The ids a request names: `id`, `ids` (comma-separated or array), `userIds` of body or query. */
export function idsOf(...sources: unknown[]): string[] {
  const out: string[] = [];
  for (const src of sources) {
    if (!src || typeof src !== 'object') continue;
    const o = src as Record<string, unknown>;
    for (const key of ['id', 'ids', 'userIds']) {
      const v = o[key];
      const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : [];
      for (const x of list)
        if ((typeof x === 'string' && x.trim()) || typeof x === 'number') out.push(String(x).trim());
    }
  }
  return [...new Set(out)].slice(0, MAX_ROWS);
}

/** The entity table of an edit/delete route (`url` relative to the base path), or undefined. */
export function auditedTable(url: string, operateType: number | undefined): string | undefined {
  if (operateType !== OperateType.EDIT && operateType !== OperateType.DELETE) return undefined;
  return AUDITED_ENTITIES[url.slice(0, url.lastIndexOf('/'))];
}

/** The rows of `table` with these ids, secrets removed. */
async function rowsOf(q: Queryable, table: string, ids: string[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const rows = await q.query<{ r: Record<string, unknown> }>(
    `SELECT to_jsonb(t) AS r FROM ${table} t WHERE t.id::text = ANY($1::text[]) ORDER BY t.id`,
    [ids],
  );
  return rows.map(({ r }) => Object.fromEntries(Object.entries(r).filter(([k]) => !SECRET.test(k))));
}

/** Reads the "before" rows of an audited request (call before its handler runs). */
export async function captureBefore(
  q: Queryable,
  req: FastifyRequest,
  url: string,
  operateType: number | undefined,
): Promise<void> {
  const table = auditedTable(url, operateType);
  if (!table) return;
  const ids = idsOf(req.body, req.query);
  pending.set(req, { table, ids, before: await rowsOf(q, table, ids) });
}

/** Rows that belong to `tenantId` (rows without a tenant column stay). */
const ofTenant = (rows: Record<string, unknown>[], tenantId: number): Record<string, unknown>[] =>
  rows.filter((r) => !('tenant_id' in r) || r.tenant_id === null || Number(r.tenant_id) === tenantId);

/**
 * Before and after of an audited request that answered (reads "after" now); nulls for other
 * requests. A single-id request gives objects (null when absent), a batch gives arrays.
 */
export async function changeOf(
  q: Queryable,
  req: FastifyRequest,
  tenantId: number,
): Promise<{ before: unknown; after: unknown }> {
  const p = pending.get(req);
  if (!p) return { before: null, after: null };
  pending.delete(req);
  const before = ofTenant(p.before, tenantId);
  const after = ofTenant(await rowsOf(q, p.table, p.ids), tenantId);
  if (p.ids.length === 1) return { before: before[0] ?? null, after: after[0] ?? null };
  return { before, after };
}
