import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveAuth, type AuthContext } from '../auth/auth-context';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import type { RealtimeHub } from './hub';
import { SessionWatch } from './session-watch';

/**
 * `GET /websocket/:userId` (SPEC §7): the console's live channel. The token comes only as the
 * `Sec-WebSocket-Protocol` value (browsers cannot set headers on WebSockets; a token in the URL
 * would end up in logs and histories); it is verified at the handshake and the path's
 * user id must be the token's, otherwise the upgrade is answered 401 / 403. A `{"cmd":"heartcheck"}`
 * text gets a heartcheck answer. The socket is closed (code 4401) as soon as its session ends —
 * logout, password change, freeze, recycle, deletion, tenant ended — by a {@link SessionWatch}
 * started with the server.
 */
export function websocketRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub): void {
  const watch = new SessionWatch(db, hub, (err) => app.log.error({ err }, 'websocket session check'));
  app.addHook('onReady', () => watch.start());
  app.addHook('onClose', () => watch.stop());
  const authOf = new WeakMap<FastifyRequest, AuthContext>();
  app.get<{ Params: { userId: string }; Querystring: { tenantId?: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req) => {
        const token = req.headers['sec-websocket-protocol']?.split(',')[0]?.trim();
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
      const remove = hub.add(auth.userId, socket, auth.tenantId, auth.tokenHash);
      socket.on('message', (raw: Buffer) => {
        const text = raw.toString();
        if (text.includes('heartcheck')) socket.send(JSON.stringify({ cmd: 'heartcheck', msgTxt: 'heartcheck' }));
      });
      socket.on('close', remove);
    },
  );
}
