import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../index';

/** Rule templates, bindings and recipient groups (AlarmSettingsRoutes of contracts; issue 9 item 1). */
export function alarmSettingsRoutes(_api: FastifyInstance, _deps: ModuleDeps): void {}
