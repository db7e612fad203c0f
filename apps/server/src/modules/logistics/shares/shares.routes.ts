import { ShareRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/http/app-error';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import type { ModuleDeps } from '../../module-deps';
import { SHARE_ACCESS_LIST, SHARE_LIST } from './shares.list';
import { receiveList, sharedAlarms, sharedHistory, sharedTrack, viewSharedDevice } from './shares.receiver';
import {
  addShare,
  bindShareDevices,
  getShare,
  unbindShare,
  unbindShareDevices,
  updateShare,
  viewShare,
} from './shares.service';

/**
 * Share calls (ShareRoutes of contracts; SPEC §7 shares). Owner calls are scoped
 * to the caller's tenant; receiver calls (`receiveList`, `device/*`) to live shares to the caller.
 */
export function shareRoutes(api: FastifyInstance, { db }: Pick<ModuleDeps, 'db'>): void {
  registerRoute(api, db, R.list, ({ auth, query }) => listPage(db, SHARE_LIST, query, callerOf(auth, R.list.access)));
  registerRoute(api, db, R.view, ({ auth, query }) => viewShare(db, auth.tenantId, query.id));
  registerRoute(api, db, R.accessLog, async ({ auth, query }) => {
    const shareId = typeof query.shareId === 'string' ? query.shareId : '';
    if (!shareId) throw new AppError('badRequest', 'shareShareIdRequired');
    await getShare(db, auth.tenantId, shareId);
    return listPage(db, SHARE_ACCESS_LIST, query, callerOf(auth, R.accessLog.access));
  });
  registerRoute(api, db, R.add, ({ auth, body, lang }) => addShare(db, auth, lang, body));
  registerRoute(api, db, R.update, ({ auth, body }) => updateShare(db, auth, body));
  registerRoute(api, db, R.unbind, ({ auth, body }) => unbindShare(db, auth, body.id));
  registerRoute(api, db, R.bindDevs, ({ auth, body, lang }) =>
    bindShareDevices(db, auth, lang, body.id, body.deviceIds),
  );
  registerRoute(api, db, R.unbindDevs, ({ auth, body }) => unbindShareDevices(db, auth, body.id, body.deviceIds));
  registerRoute(api, db, R.receiveList, ({ auth, lang, query }) => receiveList(db, auth, lang, query));
  registerRoute(api, db, R.deviceView, ({ auth, lang, query }) => viewSharedDevice(db, auth, lang, query.id));
  registerRoute(api, db, R.deviceHistory, ({ auth, query }) => sharedHistory(db, auth, query));
  registerRoute(api, db, R.deviceTrack, ({ auth, query }) => sharedTrack(db, auth, query));
  registerRoute(api, db, R.deviceAlarms, ({ auth, query }) => sharedAlarms(db, auth, query));
}
