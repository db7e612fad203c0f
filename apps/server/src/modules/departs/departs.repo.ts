import type { DepartCreate, DepartEdit } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { escapeLike } from '../../platform/list/list-sql';

/**
 * Department queries (CONVENTIONS §1 repo): table `sys_depart` (per tenant; live rows
 * `del_flag = 0`) and the department permission tables. Writers take the user name `by`.
 */

type Row = Record<string, unknown>;

/** The tenant's live department rows, by order then org code. */
export async function departRows(q: Queryable, tenantId: number): Promise<Row[]> {
  return q.query('SELECT * FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0 ORDER BY depart_order, org_code', [
    tenantId,
  ]);
}

/** The tenant's live department rows whose name contains `keyWord` (wildcards taken literally), by order then org code. */
export async function departRowsNamed(q: Queryable, tenantId: number, keyWord: string): Promise<Row[]> {
  return q.query(
    `SELECT * FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0 AND depart_name ILIKE $2 ESCAPE '\\' ORDER BY depart_order, org_code`,
    [tenantId, `%${escapeLike(keyWord)}%`],
  );
}

/** Takes the transaction-scoped lock that serialises org code generation (call inside a transaction). */
export async function lockOrgCodes(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(727101)');
}

/**
 * The org code of `parentId` (the parent must exist) and those of its children; for no parent,
 * '' and the codes of every root department (three characters).
 */
export async function siblingOrgCodes(
  q: Queryable,
  parentId: string | null | undefined,
): Promise<{ parentCode: string; used: string[] }> {
  let parentCode = '';
  let used: { org_code: string }[];
  if (parentId) {
    parentCode = (await q.query<{ org_code: string }>('SELECT org_code FROM sys_depart WHERE id = $1', [parentId]))[0]!
      .org_code;
    used = await q.query('SELECT org_code FROM sys_depart WHERE parent_id = $1', [parentId]);
  } else {
    used = await q.query('SELECT org_code FROM sys_depart WHERE length(org_code) = 3');
  }
  return { parentCode, used: used.map((u) => u.org_code) };
}

/** Inserts a department of tenant `tenantId` with org code `orgCode`; returns its id. */
export async function insertDepartRow(
  q: Queryable,
  tenantId: number,
  body: DepartCreate,
  orgCode: string,
  by: string,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_depart (tenant_id, parent_id, depart_name, depart_name_en, org_code, org_category, depart_order, mobile, fax, address, memo, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
    [
      tenantId,
      body.parentId ?? null,
      body.departName,
      body.departNameEn ?? null,
      orgCode,
      body.orgCategory,
      body.departOrder,
      body.mobile ?? null,
      body.fax ?? null,
      body.address ?? null,
      body.memo ?? null,
      by,
    ],
  );
  return row!.id;
}

/** Rewrites department `body.id` (parent and org code stay). */
export async function updateDepart(q: Queryable, body: DepartEdit, by: string): Promise<void> {
  await q.query(
    `UPDATE sys_depart SET depart_name = $2, depart_name_en = $3, org_category = $4, depart_order = $5, mobile = $6, fax = $7,
            address = $8, memo = $9, update_by = $10, update_time = now() WHERE id = $1`,
    [
      body.id,
      body.departName,
      body.departNameEn ?? null,
      body.orgCategory,
      body.departOrder,
      body.mobile ?? null,
      body.fax ?? null,
      body.address ?? null,
      body.memo ?? null,
      by,
    ],
  );
}

/** True when a live department outside `ids` has its parent among `ids`. */
export async function hasOtherChildren(q: Queryable, ids: string[]): Promise<boolean> {
  const kids = await q.query(
    'SELECT 1 FROM sys_depart WHERE parent_id = ANY($1::text[]) AND del_flag = 0 AND NOT (id = ANY($1::text[])) LIMIT 1',
    [ids],
  );
  return kids.length > 0;
}

/** True when some user belongs to one of departments `ids`. */
export async function hasMembers(q: Queryable, ids: string[]): Promise<boolean> {
  const users = await q.query(
    'SELECT 1 FROM sys_user_depart ud JOIN sys_user u ON u.id = ud.user_id WHERE ud.dep_id = ANY($1::text[]) LIMIT 1',
    [ids],
  );
  return users.length > 0;
}

/** Deletes departments `ids`, deepest first (children before parents when a branch goes at once). */
export async function deleteDepartRows(q: Queryable, ids: string[]): Promise<void> {
  const ordered = await q.query<{ id: string }>(
    'SELECT id FROM sys_depart WHERE id = ANY($1::text[]) ORDER BY length(org_code) DESC',
    [ids],
  );
  for (const { id } of ordered) await q.query('DELETE FROM sys_depart WHERE id = $1', [id]);
}

/** Permission ids of department `departId`, sorted. */
export async function departPermissionRows(q: Queryable, departId: string): Promise<string[]> {
  const found = await q.query<{ permission_id: string }>(
    'SELECT permission_id FROM sys_depart_permission WHERE depart_id = $1 ORDER BY permission_id',
    [departId],
  );
  return found.map((r) => r.permission_id);
}

/** How many of `permissionIds` are live permissions. */
export async function countLivePermissions(q: Queryable, permissionIds: string[]): Promise<number> {
  const known = await q.query<{ id: string }>(
    'SELECT id FROM sys_permission WHERE id = ANY($1::text[]) AND del_flag = 0',
    [permissionIds],
  );
  return known.length;
}

/**
 * Replaces department `departId`'s permissions with `permissionIds`: its data rules of other
 * permissions lapse, and its roles lose permissions the department no longer holds.
 */
export async function replaceDepartPermissions(q: Queryable, departId: string, permissionIds: string[]): Promise<void> {
  await q.query('DELETE FROM sys_depart_permission WHERE depart_id = $1', [departId]);
  await q.query('DELETE FROM sys_depart_data_rule WHERE depart_id = $1 AND permission_id <> ALL($2::text[])', [
    departId,
    permissionIds,
  ]);
  if (permissionIds.length)
    await q.query('INSERT INTO sys_depart_permission (depart_id, permission_id) SELECT $1, unnest($2::text[])', [
      departId,
      permissionIds,
    ]);
  await q.query(
    `DELETE FROM sys_depart_role_permission drp USING sys_depart_role dr
        WHERE dr.id = drp.role_id AND dr.depart_id = $1
          AND NOT EXISTS (SELECT 1 FROM sys_depart_permission dp WHERE dp.depart_id = $1 AND dp.permission_id = drp.permission_id)`,
    [departId],
  );
}

/** Roles of tenant `tenantId` held by the users of department `departId`, with how many of them hold each, by role code. */
export async function rolesOfMembers(
  q: Queryable,
  departId: string,
  tenantId: number,
): Promise<{ id: string; roleName: string; roleCode: string; users: number }[]> {
  return q.query(
    `SELECT r.id, r.role_name AS "roleName", r.role_code AS "roleCode", count(DISTINCT ur.user_id)::int AS users
       FROM sys_user_depart ud JOIN sys_user_role ur ON ur.user_id = ud.user_id
       JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = $2
      WHERE ud.dep_id = $1 GROUP BY r.id, r.role_name, r.role_code ORDER BY r.role_code`,
    [departId, tenantId],
  );
}
