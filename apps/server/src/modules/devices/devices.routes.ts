import { DeviceRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import * as journal from './device-journal.repo';
import { deviceLogListRoutes } from './device-log-list';
import { locationOfPosition } from './device-location';
import { devicesByIds, getDevice, listDevices, mapDevices, page, readingsOf, toDetail } from './devices.repo';
import { setAlias, setInfo, shutdownDevice, updateDevice, type CommandChannel } from './devices.service';
import { deviceHistory, deviceTrack } from './history.repo';

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
    const latest = await journal.latestReading(db, query.id);
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
    const { rows, total } = await journal.eventPage(db, auth.tenantId, query);
    const records = rows.map((r) => ({
      id: String(r.id),
      deviceId: r.device_id,
      type: r.type as 'power_on',
      ts: Number(r.ts),
      receivedAt: Number(r.received_at),
    }));
    return page(records, total, query.pageNo, query.pageSize);
  });
  registerRoute(app, db, DeviceRoutes.logs, async ({ auth, query }) => {
    const { rows, total } = await journal.logPage(db, auth.tenantId, query);
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
    return page(records, total, query.pageNo, query.pageSize);
  });
}
