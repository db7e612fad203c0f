import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../index';

/** Alarm handling calls (AlarmRoutes of contracts; issue 9 item 4). */
export function alarmRoutes(_api: FastifyInstance, _deps: ModuleDeps): void {}
