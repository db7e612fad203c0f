import crypto from 'node:crypto';
import pg from 'pg';
import type { HubRelay, RelayMessage, RealtimeHub } from './hub';

/**
 * Live messages between server processes over PostgreSQL LISTEN/NOTIFY ( * ARCHITECTURE §6). Chosen over Redis pub/sub because every deployment of several processes
 * already runs PostgreSQL (one process may run on the embedded PGlite, several cannot), so no
 * engine is added, and a process that reaches the database reaches the bus.
 *
 * What travels: the hub's sends ({@link RelayMessage}: to a tenant's sockets, to a user's, to all)
 * when another process holds a socket they are for, each process's presence (which tenants and
 * users hold its sockets, every {@link PRESENCE_EVERY_MS} and at once on a change, forgotten
 * after {@link PRESENCE_TTL_MS}), and "access changed" (a write to the access tables; the others
 * empty their access cache at once instead of after its TTL). A NOTIFY payload holds at most
 * 8,000 bytes: longer messages go as numbered parts of at most {@link PART_CHARS} characters
 * (≤ 7,200 bytes of UTF-8), reassembled in order (one sender's notifications arrive in order).
 * One channel per database schema (`ztj_live_<hash>`), so deployments (and tests) in other
 * schemas of the same database do not hear each other. Delivery is at most once: a message
 * published while a process is reconnecting is not replayed (live views refresh from the API).
 */
export const PRESENCE_EVERY_MS = 5_000;
/** A process whose presence was not heard for this long holds no socket as far as the others know, ms. */
export const PRESENCE_TTL_MS = 15_000;
/** Characters of one NOTIFY part: at most 4 bytes each in UTF-8, under the 8,000-byte payload limit. */
const PART_CHARS = 1_800;

type Wire = { op: 'send'; m: RelayMessage } | { op: 'presence'; tenants: number[]; users: string[] } | { op: 'access' };

/** One process's presence as last heard. */
interface Presence {
  tenants: Set<number>;
  users: Set<string>;
  at: number;
}

export interface ClusterRelayOptions {
  /** PostgreSQL URL (the deployment's DATABASE_URL). */
  url: string;
  /** The deployment's schema: one channel per schema. */
  schema: string;
  /** Another process changed access state: empty this process's access cache. */
  onAccessChanged: () => void;
  onError?: (err: Error) => void;
}

/** The channel of a schema: `ztj_live_` and 16 hex characters of its SHA-256. */
export function channelOf(schema: string): string {
  return `ztj_live_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/** Splits `text` into parts of at most {@link PART_CHARS} characters, never inside a surrogate pair. */
export function splitParts(text: string, size = PART_CHARS): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    parts.push(text.slice(i, end));
    i = end;
  }
  return parts;
}

/**
 * The relay of one process (see the module comment). {@link start} connects and listens;
 * the hub then forwards through it. Reconnects with backoff after a lost connection.
 */
export class PgClusterRelay implements HubRelay {
  /** This process on the bus. */
  readonly id = crypto.randomBytes(6).toString('hex');
  private readonly channel: string;
  private client: pg.Client | undefined;
  private readonly peers = new Map<string, Presence>();
  private readonly partial = new Map<string, { parts: string[]; n: number }>();
  private timer: NodeJS.Timeout | undefined;
  private presenceDue: NodeJS.Timeout | undefined;
  private accessDue = false;
  private stopped = false;
  private seq = 0;
  private hub: RealtimeHub | undefined;

  constructor(private readonly opts: ClusterRelayOptions) {
    this.channel = channelOf(opts.schema);
  }

  /** Attaches to `hub` and connects; resolves once listening. */
  async start(hub: RealtimeHub): Promise<void> {
    this.hub = hub;
    hub.attachRelay(this);
    await this.connect();
    this.timer = setInterval(() => this.sendPresence(), PRESENCE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.presenceDue) clearTimeout(this.presenceDue);
    this.hub?.attachRelay(undefined);
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  /** True when another process holds a socket of `tenantId` (as last heard). */
  hasTenant(tenantId: number): boolean {
    const now = Date.now();
    for (const p of this.peers.values()) if (now - p.at < PRESENCE_TTL_MS && p.tenants.has(tenantId)) return true;
    return false;
  }

  /** True when another process holds a socket of `userId`. */
  hasUser(userId: string): boolean {
    const now = Date.now();
    for (const p of this.peers.values()) if (now - p.at < PRESENCE_TTL_MS && p.users.has(userId)) return true;
    return false;
  }

  /** True when another process holds any socket. */
  hasAny(): boolean {
    const now = Date.now();
    for (const p of this.peers.values()) if (now - p.at < PRESENCE_TTL_MS && p.users.size > 0) return true;
    return false;
  }

  /** Sends a hub message to the other processes. */
  forward(m: RelayMessage): void {
    this.publish({ op: 'send', m });
  }

  /** The hub's sockets changed: tell the others soon (coalesced). */
  localChanged(): void {
    this.presenceDue ??= setTimeout(() => {
      this.presenceDue = undefined;
      this.sendPresence();
    }, 50);
  }

  /** Access state was written through this process: tell the others (coalesced per turn). */
  accessChanged(): void {
    if (this.accessDue) return;
    this.accessDue = true;
    setImmediate(() => {
      this.accessDue = false;
      this.publish({ op: 'access' });
    });
  }

  private sendPresence(): void {
    if (!this.hub) return;
    const p = this.hub.presence();
    this.publish({ op: 'presence', tenants: p.tenants, users: p.users });
  }

  private publish(w: Wire): void {
    const c = this.client;
    if (!c || this.stopped) return;
    const text = JSON.stringify(w);
    const parts = text.length <= PART_CHARS ? [text] : splitParts(text);
    const key = `${this.id}.${++this.seq}`;
    parts.forEach((part, i) => {
      const head = parts.length === 1 ? `${this.id}|` : `${key}|${i}|${parts.length}|`;
      c.query('SELECT pg_notify($1, $2)', [this.channel, head + part]).catch((e: Error) => this.opts.onError?.(e));
    });
  }

  private receive(payload: string): void {
    const bar = payload.indexOf('|');
    const head = payload.slice(0, bar);
    let text: string;
    if (!head.includes('.')) {
      if (head === this.id) return;
      text = payload.slice(bar + 1);
    } else {
      if (head.startsWith(`${this.id}.`)) return;
      const [i, n] = payload
        .slice(bar + 1)
        .split('|', 2)
        .map(Number) as [number, number];
      const body = payload.slice(payload.indexOf('|', payload.indexOf('|', bar + 1) + 1) + 1);
      const entry = this.partial.get(head) ?? { parts: [], n };
      entry.parts[i] = body;
      this.partial.set(head, entry);
      if (entry.parts.filter((x) => x !== undefined).length < n) return;
      this.partial.delete(head);
      text = entry.parts.join('');
    }
    const w = JSON.parse(text) as Wire;
    const from = head.split('.')[0]!;
    if (w.op === 'presence')
      this.peers.set(from, { tenants: new Set(w.tenants), users: new Set(w.users), at: Date.now() });
    else if (w.op === 'access') this.opts.onAccessChanged();
    else this.hub?.deliver(w.m);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.url });
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      try {
        this.receive(n.payload);
      } catch (e) {
        this.opts.onError?.(new Error(`cluster relay: bad message: ${(e as Error).message}`));
      }
    });
    client.on('error', (e) => {
      this.opts.onError?.(new Error(`cluster relay: ${e.message}`));
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
    this.partial.clear();
    this.sendPresence();
  }

  private reconnect(lost: pg.Client): void {
    if (this.stopped || this.client !== lost) return;
    this.client = undefined;
    const retry = (delay: number): void => {
      setTimeout(() => {
        if (this.stopped) return;
        this.connect().catch((e: Error) => {
          this.opts.onError?.(new Error(`cluster relay reconnect: ${e.message}`));
          retry(Math.min(5_000, delay * 2));
        });
      }, delay).unref();
    };
    retry(200);
  }
}
