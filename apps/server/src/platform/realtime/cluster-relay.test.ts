import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PgClusterRelay, splitParts } from './cluster-relay';
import { RealtimeHub, type LiveSocket } from './hub';

/**
 * The relay between server processes over PostgreSQL LISTEN/NOTIFY: two hubs
 * with a relay each stand for two processes of one deployment (one schema). Needs DATABASE_URL.
 */
const DATABASE_URL = process.env.DATABASE_URL;

function fakeSocket(): LiveSocket & { sent: string[] } {
  const sent: string[] = [];
  return { sent, readyState: 1, send: (d: string) => void sent.push(d), close: () => undefined };
}

async function until(probe: () => boolean, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !probe(); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > end) throw new Error('timed out');
}

const relays: PgClusterRelay[] = [];
afterAll(async () => {
  for (const r of relays) await r.stop();
});

async function process_(
  schema: string,
  onAccess: () => void = () => undefined,
): Promise<{ hub: RealtimeHub; relay: PgClusterRelay }> {
  const hub = new RealtimeHub();
  const relay = new PgClusterRelay({ url: DATABASE_URL!, schema, onAccessChanged: onAccess });
  relays.push(relay);
  await relay.start(hub);
  return { hub, relay };
}

describe('splitParts', () => {
  it('cuts long text into parts that join back, never inside a surrogate pair', () => {
    const text = `${'温度'.repeat(700)}🧊${'x'.repeat(1_797)}🧊${'y'.repeat(3_000)}`;
    const parts = splitParts(text);
    expect(parts.join('')).toBe(text);
    for (const p of parts) {
      expect(p.length).toBeLessThanOrEqual(1_800);
      expect(Buffer.byteLength(p)).toBeLessThan(8_000);
      expect(Buffer.from(p).toString()).toBe(p);
    }
  });
});

describe.skipIf(!DATABASE_URL)('cluster relay over LISTEN/NOTIFY (needs DATABASE_URL)', () => {
  it("delivers a tenant's, a user's and everyone's sends to the sockets of the other process, not twice to its own", async () => {
    const schema = `relay_${crypto.randomBytes(4).toString('hex')}`;
    const a = await process_(schema);
    const b = await process_(schema);
    const onB = fakeSocket();
    const onA = fakeSocket();
    b.hub.add('u-b', onB, 7, 'hb');
    a.hub.add('u-a', onA, 8, 'ha');
    await until(() => a.hub.hasTenant(7) && b.hub.hasTenant(8));
    expect(a.hub.hasTenant(9)).toBe(false);

    a.hub.toTenant(7, { cmd: 'user', msgId: 't', msgTxt: 'to tenant 7' });
    a.hub.toUser('u-b', { cmd: 'user', msgId: 'u', msgTxt: 'to u-b' }, 7);
    a.hub.toUser('u-b', { cmd: 'user', msgId: 'w', msgTxt: 'other tenant' }, 8);
    a.hub.broadcast({ cmd: 'user', msgId: 'all', msgTxt: 'everyone' });
    await until(() => onB.sent.length >= 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(onB.sent.map((t) => (JSON.parse(t) as { msgId: string }).msgId)).toEqual(['t', 'u', 'all']);
    expect(onA.sent.map((t) => (JSON.parse(t) as { msgId: string }).msgId)).toEqual(['all']);
  });

  it('carries a message larger than a NOTIFY payload in parts (a live batch of 2,000 devices)', async () => {
    const schema = `relay_${crypto.randomBytes(4).toString('hex')}`;
    const a = await process_(schema);
    const b = await process_(schema);
    const onB = fakeSocket();
    b.hub.add('viewer', onB, 3, 'h');
    await until(() => a.hub.hasTenant(3));
    const devices = Array.from({ length: 2_000 }, (_, i) => ({
      deviceId: `冷藏车-${i}`,
      ts: 1_700_000_000_000 + i,
      values: { P003: -18.5 + i / 100 },
      lat: 31.2,
      lng: 121.4,
    }));
    a.hub.toTenant(3, { cmd: 'telemetry', devices });
    await until(() => onB.sent.length === 1, 10_000);
    expect(JSON.parse(onB.sent[0]!)).toEqual({ cmd: 'telemetry', devices });
  });

  it('a socket closed on the other process stops counting its tenant as watched', async () => {
    const schema = `relay_${crypto.randomBytes(4).toString('hex')}`;
    const a = await process_(schema);
    const b = await process_(schema);
    const s = fakeSocket();
    const remove = b.hub.add('u', s, 5, 'h');
    await until(() => a.hub.hasTenant(5));
    remove();
    await until(() => !a.hub.hasTenant(5));
  });

  it('tells the other processes that access changed (coalesced); another schema hears nothing', async () => {
    const schema = `relay_${crypto.randomBytes(4).toString('hex')}`;
    let heard = 0;
    let heardElsewhere = 0;
    const a = await process_(schema);
    await process_(schema, () => heard++);
    await process_(`${schema}_other`, () => heardElsewhere++);
    a.relay.accessChanged();
    a.relay.accessChanged();
    await until(() => heard > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toBe(1);
    expect(heardElsewhere).toBe(0);
  });
});
