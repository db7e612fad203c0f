import { DeviceRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { DEVICE_SELECT, page, textFilterSql, toRecord, type DeviceRow } from './devices.repo';

interface GroupRow {
  id: string;
  name: string;
  device_count: number;
  create_ms: number | string;
}
const toGroup = (r: GroupRow): { id: string; name: string; deviceCount: number; createTime: number } => ({
  id: r.id,
  name: r.name,
  deviceCount: r.device_count,
  createTime: Number(r.create_ms),
});
const GROUP_SELECT = `SELECT g.id, g.name, (SELECT count(*)::int FROM device d WHERE d.group_id = g.id) AS device_count,
  (extract(epoch FROM g.create_time) * 1000)::float8 AS create_ms FROM device_group g`;

async function groupOf(db: Db, tenantId: number, id: string): Promise<GroupRow> {
  const row = await db.one<GroupRow>(`${GROUP_SELECT} WHERE g.tenant_id = $1 AND g.id = $2`, [tenantId, id]);
  if (!row) throw new AppError('notFound', 'groupNotFound');
  return row;
}

async function nameFree(db: Db, tenantId: number, name: string, exceptId: string | null): Promise<void> {
  const taken = await db.one(
    'SELECT 1 FROM device_group WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, name, exceptId],
  );
  if (taken) throw new AppError('conflict', 'groupNameExists');
}

/** Device groups (SPEC §7 groups: list, add, update, del, listGrpDev, updateDevs; name 4-20 characters, SPEC §5). */
export function groupsRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, DeviceRoutes.groupList, async ({ auth, query }) => {
    const params: unknown[] = [auth.tenantId];
    let where = 'g.tenant_id = $1';
    if (query.name) where += ` AND ${textFilterSql(['g.name'], query.name, params)}`;
    const [c] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_group g WHERE ${where}`, params);
    const rows = await db.query<GroupRow>(
      `${GROUP_SELECT} WHERE ${where} ORDER BY g.create_time ${query.order === 'asc' ? 'ASC' : 'DESC'}, g.id
       LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
      params,
    );
    return page(rows.map(toGroup), c?.n ?? 0, query.pageNo, query.pageSize);
  });
  registerRoute(app, db, DeviceRoutes.groupAdd, async ({ auth, body }) => {
    await nameFree(db, auth.tenantId, body.name, null);
    const [row] = await db.query<{ id: string }>(
      'INSERT INTO device_group (tenant_id, name, org_code, create_by) VALUES ($1,$2,$3,$4) RETURNING id',
      [auth.tenantId, body.name, auth.orgCode, auth.username],
    );
    return toGroup(await groupOf(db, auth.tenantId, row!.id));
  });
  registerRoute(app, db, DeviceRoutes.groupUpdate, async ({ auth, body }) => {
    await groupOf(db, auth.tenantId, body.id);
    await nameFree(db, auth.tenantId, body.name, body.id);
    await db.query(
      'UPDATE device_group SET name = $3, update_by = $4, update_time = now() WHERE tenant_id = $1 AND id = $2',
      [auth.tenantId, body.id, body.name, auth.username],
    );
    return toGroup(await groupOf(db, auth.tenantId, body.id));
  });
  registerRoute(app, db, DeviceRoutes.groupDelete, async ({ auth, query }) => {
    await groupOf(db, auth.tenantId, query.id);
    await db.query('DELETE FROM device_group WHERE tenant_id = $1 AND id = $2', [auth.tenantId, query.id]);
    return null;
  });
  registerRoute(app, db, DeviceRoutes.groupDevices, async ({ auth, query }) => {
    await groupOf(db, auth.tenantId, query.groupId);
    const [c] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM device WHERE tenant_id = $1 AND group_id = $2',
      [auth.tenantId, query.groupId],
    );
    const rows = await db.query<DeviceRow>(
      `${DEVICE_SELECT} WHERE d.tenant_id = $1 AND d.group_id = $3 ORDER BY d.dev_no LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
      [auth.tenantId, Date.now(), query.groupId],
    );
    return page(rows.map(toRecord), c?.n ?? 0, query.pageNo, query.pageSize);
  });
  registerRoute(app, db, DeviceRoutes.groupUpdateDevs, async ({ auth, body }) => {
    await groupOf(db, auth.tenantId, body.groupId);
    await db.tx(async (q) => {
      await q.query(
        'UPDATE device SET group_id = NULL WHERE tenant_id = $1 AND group_id = $2 AND NOT (dev_no = ANY($3::text[]))',
        [auth.tenantId, body.groupId, body.deviceIds],
      );
      await q.query('UPDATE device SET group_id = $2 WHERE tenant_id = $1 AND dev_no = ANY($3::text[])', [
        auth.tenantId,
        body.groupId,
        body.deviceIds,
      ]);
    });
    return null;
  });
}
