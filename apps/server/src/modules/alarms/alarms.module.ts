import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { alarmRoutes } from './handling/alarms.routes';
import { pushRoutes } from './push/push.routes';
import { sceneRoutes } from './scenes/scenes.routes';
import { alarmSettingsRoutes } from './settings/settings.routes';
// registers the alarm digest e-mail among the scheduled-job kinds
import './push/alarm-digest.job';

/**
 * The alarm area: alarm handling, rule templates and recipient groups, scenes, push list.
 * The engine itself runs beside the ingest (runtime/), started with the app.
 */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  alarmRoutes(app, deps);
  alarmSettingsRoutes(app, deps);
  sceneRoutes(app, deps);
  pushRoutes(app, deps);
}
