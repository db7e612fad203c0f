import { useEffect } from 'react';
import { API_BASE, WS_HEARTBEAT_MS, WS_RECONNECT_MS, WS_SESSION_ENDED_CLOSE_CODE, type WsServerMessage } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { useSessionStore } from '../session/sessionStore';

/** `ws(s)://<host>/ztj-iot/websocket/<userId>` for the page's origin. */
export function announcementSocketUrl(userId: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_BASE}/websocket/${encodeURIComponent(userId)}`;
}

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
 * Connects to the announcement socket of SPEC §3-4 with the token as sub-protocol, sends
 * `{"cmd":"heartcheck"}` every 20 s and reconnects 5 s after a close or error. Pushed 'topic' and
 * 'user' messages are shown as notifications.
 */
export function useAnnouncementSocket(onMessage?: (message: WsServerMessage) => void): void {
  const userId = useSessionStore((s) => s.userInfo?.id ?? null);
  const token = useSessionStore((s) => s.token);

  useEffect(() => {
    if (!userId || !token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = (): void => {
      try {
        socket = new WebSocket(announcementSocketUrl(userId), [token]);
      } catch {
        reconnect = setTimeout(connect, WS_RECONNECT_MS);
        return;
      }
      socket.onopen = () => {
        heartbeat = setInterval(() => socket?.send(JSON.stringify({ cmd: 'heartcheck' })), WS_HEARTBEAT_MS);
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        const message = toServerMessage(data);
        if (!message || message.cmd === 'heartcheck') return;
        onMessage?.(message);
        feedback().notification.info({ message: message.msgTxt });
      };
      socket.onclose = (event: CloseEvent) => {
        clearInterval(heartbeat);
        // an ended session is not retried: the next HTTP call's 401 signs the user out
        if (!stopped && event.code !== WS_SESSION_ENDED_CLOSE_CODE) reconnect = setTimeout(connect, WS_RECONNECT_MS);
      };
      socket.onerror = () => socket?.close();
    };

    connect();
    return () => {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      socket?.close();
    };
  }, [userId, token, onMessage]);
}
