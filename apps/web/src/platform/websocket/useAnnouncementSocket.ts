import { useEffect, useRef } from 'react';
import type { WsServerMessage } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { useSessionStore } from '../session/sessionStore';
import { subscribeSocketFrames } from './telemetrySocket';

export { announcementSocketUrl } from './socketUrl';

/**
 * Narrows a pushed frame to the contracts' `WsServerMessage` (checked by hand: the zod schema would
 * bring zod into the console's entry bundle).
 */
export function toServerMessage(data: unknown): WsServerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { cmd, msgId, msgTxt } = data as Record<string, unknown>;
  if (typeof msgTxt !== 'string') return null;
  if (cmd === 'heartcheck') return { cmd, msgTxt };
  if ((cmd === 'topic' || cmd === 'user') && typeof msgId === 'string') return { cmd, msgId, msgTxt };
  return null;
}

/**
 * Announcements of SPEC §3-4 on the console's one WebSocket (shared with live telemetry and alarm
 * notices, `telemetrySocket.ts`: token as sub-protocol, heartbeat 20 s, reconnect 5 s). Pushed
 * 'topic' and 'user' messages are shown as notifications.
 */
export function useAnnouncementSocket(onMessage?: (message: WsServerMessage) => void): void {
  const userId = useSessionStore((s) => s.userInfo?.id ?? null);
  const token = useSessionStore((s) => s.token);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    if (!userId || !token) return;
    return subscribeSocketFrames((data) => {
      const message = toServerMessage(data);
      if (!message || message.cmd === 'heartcheck') return;
      handler.current?.(message);
      feedback().notification.info({ message: message.msgTxt });
    });
  }, [userId, token]);
}
