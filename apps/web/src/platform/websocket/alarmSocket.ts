import { useEffect, useRef } from 'react';
import type { AlarmRecord, WsAlarmMessage } from '@ztj/contracts';
import { useSessionStore } from '../session/sessionStore';
import { subscribeSocketFrames } from './telemetrySocket';

type AlarmListener = (message: WsAlarmMessage) => void;

const EVENTS: ReadonlySet<string> = new Set(['raised', 'cleared', 'processed']);
const SEVERITIES: ReadonlySet<string> = new Set(['L', 'M', 'H']);

function isAlarm(value: unknown): value is AlarmRecord {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.id === 'string' &&
    typeof a.deviceId === 'string' &&
    typeof a.alarmType === 'string' &&
    typeof a.severity === 'string' &&
    SEVERITIES.has(a.severity) &&
    typeof a.startTs === 'number' &&
    (a.status === 'active' || a.status === 'cleared') &&
    typeof a.processed === 'boolean'
  );
}

/**
 * Narrows a pushed frame to the contracts' `WsAlarmMessage` (`{cmd:'alarm', event, alarm}` and
 * the server's notice line in both languages when it carries one),
 * checked by hand so zod stays out of the layout bundle; null for any other frame.
 */
export function toAlarmMessage(data: unknown): WsAlarmMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { cmd, event, alarm, notice } = data as Record<string, unknown>;
  if (cmd !== 'alarm' || typeof event !== 'string' || !EVENTS.has(event) || !isAlarm(alarm)) return null;
  const n = notice as Record<string, unknown> | null | undefined;
  const withNotice =
    typeof n === 'object' && n !== null && typeof n['zh-CN'] === 'string' && typeof n['en-US'] === 'string'
      ? { notice: { 'zh-CN': n['zh-CN'], 'en-US': n['en-US'] } }
      : {};
  return { cmd: 'alarm', event: event as WsAlarmMessage['event'], alarm, ...withNotice };
}

/**
 * Subscribes to live alarm notices on the console's one WebSocket (`/websocket/{userId}`; the
 * server sends them only to users with `alarm:list` and the `alarmMessage` preference on).
 * @returns the unsubscribe function.
 */
export function subscribeAlarms(listener: AlarmListener): () => void {
  return subscribeSocketFrames((data) => {
    const message = toAlarmMessage(data);
    if (message) listener(message);
  });
}

/** Calls `onMessage` with every live alarm notice while the component is mounted and signed in. */
export function useAlarmSocket(onMessage: AlarmListener): void {
  const ref = useRef(onMessage);
  useEffect(() => {
    ref.current = onMessage;
  }, [onMessage]);
  const token = useSessionStore((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return subscribeAlarms((m) => ref.current(m));
  }, [token]);
}
