import { DeviceRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { deviceLogListRoutes } from './device-log-list';
import { locationOfPosition } from './device-location';
import { devicesByIds, getDevice, listDevices, mapDevices, page, readingsOf, toDetail } from './devices.repo';
import { setAlias, setInfo, shutdownDevice, updateDevice, type CommandChannel } from './devices.service';
import { deviceHistory, deviceTrack } from './history.repo';

interface EventRow {
  id: string | number;
  device_id: string;
  type: string;
  ts: number | string;
  received_at: number | string;
}
interface LogRow {
  id: string | number;
  device_id: string;
  kind: string;
  cmd_id: string | null;
  content: string;
  ok: boolean | null;
  operator: string | null;
  create_ms: number | string;
}

/** Builds `AND ts BETWEEN` / device filters for the event and log lists; `$1` is the tenant. */
function rangeFilter(
  column: string,
  q: { id?: string | undefined; beginTime?: number | undefined; endTime?: number | undefined },
  params: unknown[],
): string {
  const where: string[] = [];
  if (q.id) where.push(`device_id = $${params.push(q.id)}`);
  if (q.beginTime !== undefined) where.push(`${column} >= $${params.push(q.beginTime)}`);
  if (q.endTime !== undefined) where.push(`${column} <= $${params.push(q.endTime)}`);
  return where.map((w) => ` AND ${w}`).join('');
}

/** Device platform calls (SPEC §7 devices), every one scoped to the caller's tenant. */
export function devicesRoutes(app: FastifyInstance, db: Db, channel: CommandChannel): void {
  deviceLogListRoutes(app, db);
  registerRoute(app, db, DeviceRoutes.list, async ({ auth, query }) => {
    const { records, total } = await listDevices(db, auth.tenantId, query);
    return page(records, total, query.pageNo, query.pageSize);
  });
  registerRoute(app, db, DeviceRoutes.map, ({ auth, query }) => mapDevices(db, auth.tenantId, query));
  registerRoute(app, db, DeviceRoutes.view, async ({ auth, query }) => {
    const detail = toDetail(await getDevice(db, auth.tenantId, query.id));
    const position = detail.lat !== null && detail.lng !== null ? { lat: detail.lat, lng: detail.lng } : null;
    const location = await locationOfPosition(db, auth.tenantId, position);
    return { ...detail, locationName: location?.name ?? null, locationDistanceM: location?.distanceM ?? null };
  });
  registerRoute(app, db, DeviceRoutes.real, async ({ auth, query }) => {
    const d = await getDevice(db, auth.tenantId, query.id);
    const latest = await db.one<{
      ts: number | string;
      received_at: number | string;
      lat: number | null;
      lng: number | null;
      values: Record<string, number | boolean | string>;
    }>('SELECT ts, received_at, lat, lng, "values" FROM device_latest WHERE device_id = $1', [query.id]);
    return {
      id: d.dev_no,
      ts: latest ? Number(latest.ts) : null,
      receivedAt: latest ? Number(latest.received_at) : null,
      lat: latest?.lat ?? null,
      lng: latest?.lng ?? null,
      status: d.online ? ('online' as const) : ('offline' as const),
      values: readingsOf(latest?.values),
    };
  });
  registerRoute(app, db, DeviceRoutes.history, async ({ auth, query }) => {
    await getDevice(db, auth.tenantId, query.id);
    return deviceHistory(db, query.id, query);
  });
  registerRoute(app, db, DeviceRoutes.track, async ({ auth, query }) => {
    await getDevice(db, auth.tenantId, query.id);
    return { id: query.id, points: await deviceTrack(db, query.id, query.beginTime, query.endTime) };
  });
  registerRoute(app, db, DeviceRoutes.update, async ({ auth, body, lang }) => {
    const d = await updateDevice(db, channel, auth, body, lang);
    channel.invalidate(body.id);
    return d;
  });
  registerRoute(app, db, DeviceRoutes.shutdown, ({ auth, body }) => shutdownDevice(db, channel, auth, body.id));
  registerRoute(app, db, DeviceRoutes.alias, ({ auth, body }) => setAlias(db, auth, body.id, body.alias));
  registerRoute(app, db, DeviceRoutes.info, ({ auth, body }) => setInfo(db, auth, body));
  registerRoute(app, db, DeviceRoutes.byIds, ({ auth, query }) => devicesByIds(db, auth.tenantId, query.ids));
  registerRoute(app, db, DeviceRoutes.events, async ({ auth, query }) => {
    const params: unknown[] = [auth.tenantId];
    const filter = `tenant_id = $1${rangeFilter('ts', query, params)}`;
    const [c] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_event WHERE ${filter}`, params);
    const rows = await db.query<EventRow>(
      `SELECT id, device_id, type, ts, received_at FROM device_event WHERE ${filter} ORDER BY ts DESC, id DESC
       LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
      params,
    );
    const records = rows.map((r) => ({
      id: String(r.id),
      deviceId: r.device_id,
      type: r.type as 'power_on',
      ts: Number(r.ts),
      receivedAt: Number(r.received_at),
    }));
    return page(records, c?.n ?? 0, query.pageNo, query.pageSize);
  });
  registerRoute(app, db, DeviceRoutes.logs, async ({ auth, query }) => {
    const params: unknown[] = [auth.tenantId];
    const filter = `tenant_id = $1${rangeFilter('(extract(epoch FROM create_time) * 1000)', query, params)}`;
    const [c] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_log WHERE ${filter}`, params);
    const rows = await db.query<LogRow>(
      `SELECT id, device_id, kind, cmd_id, content, ok, operator, (extract(epoch FROM create_time) * 1000)::float8 AS create_ms
         FROM device_log WHERE ${filter} ORDER BY create_time DESC, id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
      params,
    );
    const records = rows.map((r) => ({
      id: String(r.id),
      deviceId: r.device_id,
      kind: r.kind,
      cmdId: r.cmd_id,
      content: r.content,
      ok: r.ok,
      operator: r.operator,
      createTime: Number(r.create_ms),
    }));
    return page(records, c?.n ?? 0, query.pageNo, query.pageSize);
  });
}
