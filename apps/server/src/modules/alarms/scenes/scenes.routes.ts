import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../index';

/** Scenes (SceneRoutes of contracts; issue 9 item 2). */
export function sceneRoutes(_api: FastifyInstance, _deps: ModuleDeps): void {}
