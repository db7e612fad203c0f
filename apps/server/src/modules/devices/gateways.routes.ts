import { DeviceRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { page, toRecord } from './devices.repo';
import { gatewayPage, gatewayRow, subDeviceRows, type GatewayRow } from './gateways.repo';

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
    const { rows, total } = await gatewayPage(db, auth.tenantId, Date.now(), query);
    return page(rows.map(toGateway), total, query.pageNo, query.pageSize);
  });
  registerRoute(app, db, DeviceRoutes.gatewayView, async ({ auth, query }) => {
    const now = Date.now();
    const row = await gatewayRow(db, auth.tenantId, now, query.id);
    if (!row) throw new AppError('notFound', 'gatewayNotFound');
    const subs = await subDeviceRows(db, auth.tenantId, now, query.id);
    return { ...toGateway(row), subDevices: subs.map(toRecord) };
  });
}
