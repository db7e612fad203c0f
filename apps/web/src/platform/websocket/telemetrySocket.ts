import { useEffect, useRef, useSyncExternalStore } from 'react';
import { WS_HEARTBEAT_MS, WS_RECONNECT_MS, WS_SESSION_ENDED_CLOSE_CODE, type WsTelemetryMessage } from '@ztj/contracts';
import { useSessionStore } from '../session/sessionStore';
import { announcementSocketUrl } from './socketUrl';

/** One device reading of a live `cmd:'telemetry'` message. */
export type LiveReading = WsTelemetryMessage['devices'][number];

type Listener = (readings: LiveReading[]) => void;
/** Receives every parsed frame of the shared socket (alarm notices, announcements…). */
export type FrameListener = (data: unknown) => void;

/** How long the socket stays open after its last listener leaves (tab switches do not reconnect). */
const IDLE_CLOSE_MS = 10_000;

const listeners = new Set<Listener>();
const frameListeners = new Set<FrameListener>();
const statusListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let connected = false;
let heartbeat: ReturnType<typeof setInterval> | undefined;
let reconnect: ReturnType<typeof setTimeout> | undefined;
let idleClose: ReturnType<typeof setTimeout> | undefined;

function setConnected(next: boolean): void {
  if (connected === next) return;
  connected = next;
  statusListeners.forEach((l) => l());
}

function isReading(value: unknown): value is LiveReading {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.deviceId === 'string' && typeof r.ts === 'number' && typeof r.values === 'object' && r.values !== null
  );
}

/**
 * Narrows a pushed frame to the contracts' `WsTelemetryMessage` (by hand: zod stays out of the
 * console bundles). Readings that do not have the expected shape are dropped; null for other frames.
 */
export function toTelemetryMessage(data: unknown): WsTelemetryMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { cmd, devices } = data as Record<string, unknown>;
  if (cmd !== 'telemetry' || !Array.isArray(devices)) return null;
  const readings = devices.filter(isReading).map((r) => ({
    deviceId: r.deviceId,
    ts: r.ts,
    values: r.values,
    lat: typeof r.lat === 'number' ? r.lat : null,
    lng: typeof r.lng === 'number' ? r.lng : null,
  }));
  return { cmd: 'telemetry', devices: readings };
}

function listenerCount(): number {
  return listeners.size + frameListeners.size;
}

function close(): void {
  clearInterval(heartbeat);
  clearTimeout(reconnect);
  const s = socket;
  socket = null;
  if (s) {
    s.onclose = null;
    s.close();
  }
  setConnected(false);
}

function open(): void {
  const { userInfo, token } = useSessionStore.getState();
  if (socket || !userInfo?.id || !token || typeof WebSocket === 'undefined') return;
  let s: WebSocket;
  try {
    s = new WebSocket(announcementSocketUrl(userInfo.id), [token]);
  } catch {
    reconnect = setTimeout(open, WS_RECONNECT_MS);
    return;
  }
  socket = s;
  s.onopen = () => {
    setConnected(true);
    heartbeat = setInterval(() => s.send(JSON.stringify({ cmd: 'heartcheck' })), WS_HEARTBEAT_MS);
  };
  s.onmessage = (event: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    frameListeners.forEach((l) => l(data));
    const message = toTelemetryMessage(data);
    if (message && message.devices.length > 0) listeners.forEach((l) => l(message.devices));
  };
  s.onclose = (event: CloseEvent) => {
    clearInterval(heartbeat);
    socket = null;
    setConnected(false);
    // an ended session is not retried: the next HTTP call's 401 signs the user out
    if (listenerCount() > 0 && event.code !== WS_SESSION_ENDED_CLOSE_CODE)
      reconnect = setTimeout(open, WS_RECONNECT_MS);
  };
  s.onerror = () => s.close();
}

function leave(): void {
  if (listenerCount() === 0) idleClose = setTimeout(close, IDLE_CLOSE_MS);
}

/**
 * Subscribes to live telemetry on the console WebSocket (`/websocket/{userId}`, `cmd:'telemetry'`).
 * The one socket of the console, shared with alarm notices and announcements
 * ({@link subscribeSocketFrames}), opened while somebody listens and closed 10 s after the last
 * listener leaves; heartbeat 20 s, reconnect 5 s (SPEC §9).
 * @returns the unsubscribe function.
 */
export function subscribeTelemetry(listener: Listener): () => void {
  listeners.add(listener);
  clearTimeout(idleClose);
  open();
  return () => {
    listeners.delete(listener);
    leave();
  };
}

/**
 * Subscribes to every parsed JSON frame of the same shared socket (no second connection): the
 * alarm notices (`alarmSocket.ts`) and announcements narrow what they need from it.
 * @returns the unsubscribe function.
 */
export function subscribeSocketFrames(listener: FrameListener): () => void {
  frameListeners.add(listener);
  clearTimeout(idleClose);
  open();
  return () => {
    frameListeners.delete(listener);
    leave();
  };
}

/** Subscribes to the open/closed state of the shared socket. */
export function subscribeSocketStatus(l: () => void): () => void {
  statusListeners.add(l);
  return () => statusListeners.delete(l);
}

/** True while the shared socket is open. */
export function isSocketConnected(): boolean {
  return connected;
}

/**
 * Calls `onReadings` with every live telemetry batch while the component is mounted.
 * @returns true while the telemetry socket is open (callers poll more often when it is not).
 */
export function useTelemetrySocket(onReadings: Listener): boolean {
  const ref = useRef(onReadings);
  useEffect(() => {
    ref.current = onReadings;
  }, [onReadings]);
  const token = useSessionStore((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return subscribeTelemetry((readings) => ref.current(readings));
  }, [token]);
  return useSyncExternalStore(subscribeSocketStatus, isSocketConnected, () => false);
}
