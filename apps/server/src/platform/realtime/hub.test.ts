import { describe, expect, it } from 'vitest';
import { RealtimeHub, type LiveSocket } from './hub';

/** A socket that records what it was sent. */
function fakeSocket(): LiveSocket & { sent: string[] } {
  const sent: string[] = [];
  return { sent, readyState: 1, send: (d: string) => void sent.push(d), close: () => undefined };
}

describe('RealtimeHub', () => {
  it('toUser with a tenant reaches only the sockets of that user opened for that tenant', () => {
    const hub = new RealtimeHub();
    const inA = fakeSocket();
    const inB = fakeSocket();
    const other = fakeSocket();
    hub.add('u1', inA, 1, 'h1');
    hub.add('u1', inB, 2, 'h2');
    hub.add('u2', other, 1, 'h3');
    hub.toUser('u1', { cmd: 'user', msgId: 'm', msgTxt: 'x' }, 1);
    expect(inA.sent).toHaveLength(1);
    expect(inB.sent).toHaveLength(0);
    expect(other.sent).toHaveLength(0);
    hub.toUser('u1', { cmd: 'user', msgId: 'm2', msgTxt: 'y' });
    expect(inA.sent).toHaveLength(2);
    expect(inB.sent).toHaveLength(1);
  });

  it('skips closed sockets and forgets removed ones', () => {
    const hub = new RealtimeHub();
    const open = fakeSocket();
    const closed = { ...fakeSocket(), readyState: 3 };
    const remove = hub.add('u1', open, 1, 'h1');
    hub.add('u1', closed, 1, 'h2');
    hub.toUser('u1', { cmd: 'user', msgId: 'm', msgTxt: 'x' }, 1);
    expect(open.sent).toHaveLength(1);
    expect(closed.sent).toHaveLength(0);
    remove();
    hub.toUser('u1', { cmd: 'user', msgId: 'm', msgTxt: 'x' }, 1);
    expect(open.sent).toHaveLength(1);
    expect(hub.size()).toBe(1);
  });

  it('toUsers sends one message to each listed user within the tenant and forwards it for users held elsewhere', () => {
    const hub = new RealtimeHub();
    const forwarded: unknown[] = [];
    hub.attachRelay({
      hasUser: (u) => u === 'far',
      hasTenant: () => false,
      hasAny: () => true,
      localChanged: () => undefined,
      forward: (m) => void forwarded.push(m),
    });
    const [a, b, aElsewhere, unlisted] = [fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket()];
    hub.add('a', a, 1, 'h1');
    hub.add('b', b, 1, 'h2');
    hub.add('a', aElsewhere, 2, 'h3');
    hub.add('c', unlisted, 1, 'h4');
    const message = { cmd: 'user' as const, msgId: 'm', msgTxt: 'x' };
    hub.toUsers(['a', 'b', 'far', 'nobody'], message, 1);
    expect(a.sent).toEqual([JSON.stringify(message)]);
    expect(b.sent).toEqual([JSON.stringify(message)]);
    expect(aElsewhere.sent).toEqual([]);
    expect(unlisted.sent).toEqual([]);
    expect(forwarded).toEqual([{ to: 'user', userId: 'far', tenantId: 1, message }]);
  });
});
