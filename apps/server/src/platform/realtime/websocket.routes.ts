import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveAuth, type AuthContext } from '../auth/auth-context';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import type { RealtimeHub } from './hub';

/**
 * `GET /websocket/:userId` (SPEC §7): the console's live channel. The token comes as the
 * `Sec-WebSocket-Protocol` value (browsers cannot set headers on WebSockets) or `?token=`;
 * it is verified at the handshake and the path's user id must be the token's, otherwise the
 * upgrade is answered 401 / 403. A `{"cmd":"heartcheck"}` text gets a heartcheck answer.
 */
export function websocketRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub): void {
  const authOf = new WeakMap<FastifyRequest, AuthContext>();
  app.get<{ Params: { userId: string }; Querystring: { token?: string; tenantId?: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req) => {
        const protocol = req.headers['sec-websocket-protocol']?.split(',')[0]?.trim();
        const token = protocol || req.query.token;
        const auth = await resolveAuth(db, token, req.query.tenantId);
        if (auth.userId !== req.params.userId) throw new AppError('forbidden', 'websocketRefused');
        authOf.set(req, auth);
      },
    },
    (socket, req) => {
      const auth = authOf.get(req);
      if (!auth) {
        socket.close(1008);
        return;
      }
      const remove = hub.add(auth.userId, socket, auth.tenantId);
      socket.on('message', (raw: Buffer) => {
        const text = raw.toString();
        if (text.includes('heartcheck')) socket.send(JSON.stringify({ cmd: 'heartcheck', msgTxt: 'heartcheck' }));
      });
      socket.on('close', remove);
    },
  );
}
