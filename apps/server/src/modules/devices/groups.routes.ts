import { DeviceRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { addGroup, deleteGroup, listGroupDevices, listGroups, updateGroup, updateGroupDevices } from './groups.service';

/** Device groups (SPEC §7 groups: list, add, update, del, listGrpDev, updateDevs; name 4-20 characters, SPEC §5). */
export function groupsRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, DeviceRoutes.groupList, ({ auth, query }) => listGroups(db, auth.tenantId, query));
  registerRoute(app, db, DeviceRoutes.groupAdd, ({ auth, body }) => addGroup(db, auth, body.name));
  registerRoute(app, db, DeviceRoutes.groupUpdate, ({ auth, body }) => updateGroup(db, auth, body.id, body.name));
  registerRoute(app, db, DeviceRoutes.groupDelete, async ({ auth, query }) => {
    await deleteGroup(db, auth.tenantId, query.id);
    return null;
  });
  registerRoute(app, db, DeviceRoutes.groupDevices, ({ auth, query }) =>
    listGroupDevices(db, auth.tenantId, query.groupId, query.pageNo, query.pageSize),
  );
  registerRoute(app, db, DeviceRoutes.groupUpdateDevs, async ({ auth, body }) => {
    await updateGroupDevices(db, auth.tenantId, body.groupId, body.deviceIds);
    return null;
  });
}
