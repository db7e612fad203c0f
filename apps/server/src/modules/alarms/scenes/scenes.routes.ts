import { SceneRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import type { ModuleDeps } from '../../module-deps';
import { SCENE_LIST } from './scenes.list';
import { addScene, deleteScenes, updateScene, viewScene } from './scenes.service';

/** Scenes (SceneRoutes of contracts). Tenant-scoped. */
export function sceneRoutes(api: FastifyInstance, { db }: ModuleDeps): void {
  registerRoute(api, db, R.list, ({ auth, query }) => listPage(db, SCENE_LIST, query, callerOf(auth, R.list.access)));
  registerRoute(api, db, R.view, ({ auth, query }) => viewScene(db, auth.tenantId, query.id));
  registerRoute(api, db, R.add, ({ auth, body, lang }) => addScene(db, auth, lang, body));
  registerRoute(api, db, R.update, ({ auth, body, lang }) => updateScene(db, auth, lang, body));
  registerRoute(api, db, R.delete, async ({ auth, query }) => {
    await deleteScenes(db, auth, query.ids);
    return null;
  });
}
