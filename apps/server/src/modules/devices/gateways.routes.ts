import { DeviceRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { DEVICE_SELECT, onlineSql, textFilterSql, page, toRecord, type DeviceRow } from './devices.repo';

interface GatewayRow {
  id: string;
  name: string;
  note: string | null;
  address: string | null;
  model: string;
  online: boolean;
  last_ts: number | string | null;
  sub_count: number;
}
const SELECT = `SELECT gw.id, gw.name, gw.note, gw.address, d.model, ${onlineSql('$2')} AS online, d.last_ts,
  (SELECT count(*)::int FROM device s WHERE s.gateway_id = gw.id) AS sub_count
  FROM gateway gw JOIN device d ON d.dev_no = gw.id`;
const toGateway = (
  r: GatewayRow,
): {
  id: string;
  name: string;
  note: string | null;
  address: string | null;
  model: string;
  status: 'online' | 'offline';
  lastReportTime: number | null;
  subDeviceCount: number;
} => ({
  id: r.id,
  name: r.name,
  note: r.note,
  address: r.address,
  model: r.model,
  status: r.online ? 'online' : 'offline',
  lastReportTime: r.last_ts === null ? null : Number(r.last_ts),
  subDeviceCount: r.sub_count,
});

/** Gateways (SPEC §3: id, name, note, address) with their sub-devices, scoped to the tenant. */
export function gatewaysRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, DeviceRoutes.gatewayList, async ({ auth, query }) => {
    const params: unknown[] = [auth.tenantId, Date.now()];
    let where = 'gw.tenant_id = $1';
    if (query.name) where += ` AND ${textFilterSql(['gw.name'], query.name, params)}`;
    if (query.id) where += ` AND ${textFilterSql(['gw.id'], query.id, params)}`;
    const [c] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM gateway gw WHERE ${where} AND $2::bigint > 0`,
      params,
    );
    const rows = await db.query<GatewayRow>(
      `${SELECT} WHERE ${where} ORDER BY gw.create_time DESC, gw.id LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
      params,
    );
    return page(rows.map(toGateway), c?.n ?? 0, query.pageNo, query.pageSize);
  });
  registerRoute(app, db, DeviceRoutes.gatewayView, async ({ auth, query }) => {
    const now = Date.now();
    const [row] = await db.query<GatewayRow>(`${SELECT} WHERE gw.tenant_id = $1 AND gw.id = $3`, [
      auth.tenantId,
      now,
      query.id,
    ]);
    if (!row) throw new AppError('notFound', 'gatewayNotFound');
    const subs = await db.query<DeviceRow>(
      `${DEVICE_SELECT} WHERE d.tenant_id = $1 AND d.gateway_id = $3 ORDER BY d.dev_no`,
      [auth.tenantId, now, query.id],
    );
    return { ...toGateway(row), subDevices: subs.map(toRecord) };
  });
}
