import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../index';

/** Push list, export and channel status (PushRoutes of contracts; issue 9 item 5). */
export function pushRoutes(_api: FastifyInstance, _deps: ModuleDeps): void {}
