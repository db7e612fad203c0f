import { afterEach, beforeEach, vi } from 'vitest';
import { useSessionStore } from '../platform/session/sessionStore';

/** A stand-in for the browser's WebSocket that records every socket the client opens. */
export class FakeSocket {
  /** The sockets opened since the test began, oldest first. */
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
  /** The server sends `data` as one JSON text frame. */
  push(data: unknown): void {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  /** The server closes the socket with `code`. */
  serverCloses(code: number): void {
    this.onclose?.({ code } as CloseEvent);
  }
}

/**
 * Registers the hooks of a console-socket test: before each test the clock is faked (reconnect
 * delays pass only by `vi.advanceTimersByTime`), `WebSocket` is replaced by {@link FakeSocket}
 * with its record emptied, and a session with token `tok` (user `u1`) is signed in; after each
 * test the globals and the real clock come back.
 */
export function setupFakeConsoleSocket(): void {
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
}
