import { WS_RECONNECT_MS, WS_SESSION_ENDED_CLOSE_CODE } from '@ztj/contracts';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket, setupFakeConsoleSocket } from '../../test/fakeSocket';
import { subscribeTelemetry } from './telemetrySocket';

describe('live telemetry socket reconnects (a session that ended is not retried)', () => {
  setupFakeConsoleSocket();

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
