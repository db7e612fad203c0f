import { z } from 'zod';

/** Heartbeat interval and reconnect delay of the console's WebSocket (SPEC §4, §9), in ms. */
export const WS_HEARTBEAT_MS = 20_000;
export const WS_RECONNECT_MS = 5_000;
/**
 * Close code of a console WebSocket whose session ended (logout, password change, freeze, tenant
 * ended): the client does not reconnect with that token.
 */
export const WS_SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * Messages the server pushes on `/websocket/{userId}` (SPEC §3 push message): `cmd` 'topic'
 * (everyone) or 'user' (this user), or 'heartcheck' answering the client's heartbeat.
 */
export const WsServerMessageSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('heartcheck'), msgTxt: z.string() }),
  z.object({ cmd: z.literal('topic'), msgId: z.string(), msgTxt: z.string() }),
  z.object({ cmd: z.literal('user'), msgId: z.string(), msgTxt: z.string() }),
]);
export type WsServerMessage = z.infer<typeof WsServerMessageSchema>;
