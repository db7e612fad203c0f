import { WS_RECONNECT_MS, WS_SESSION_ENDED_CLOSE_CODE } from '@ztj/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/sessionStore';
import { subscribeTelemetry } from './telemetrySocket';

/** A stand-in for the browser's WebSocket that records every socket the client opens. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.opened.push(this);
  }
  send(): void {}
  close(): void {}
  /** The server closes the socket with `code`. */
  serverCloses(code: number): void {
    this.onclose?.({ code } as CloseEvent);
  }
}

describe('live telemetry socket reconnects (a session that ended is not retried)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    useSessionStore.setState({ token: 'tok', userInfo: { id: 'u1' } as never });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reconnects after a dropped connection, but not after the server ended the session', () => {
    const unsubscribe = subscribeTelemetry(() => {});
    expect(FakeSocket.opened).toHaveLength(1);
    expect(FakeSocket.opened[0]!.protocols).toEqual(['tok']);
    FakeSocket.opened[0]!.serverCloses(1006);
    vi.advanceTimersByTime(WS_RECONNECT_MS);
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1]!.serverCloses(WS_SESSION_ENDED_CLOSE_CODE);
    vi.advanceTimersByTime(WS_RECONNECT_MS * 3);
    expect(FakeSocket.opened).toHaveLength(2);
    unsubscribe();
  });
});
