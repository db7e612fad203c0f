import type { WsAlarmMessage, WsServerMessage, WsTelemetryMessage } from '@ztj/contracts';

/** Something a message can be sent to: an open WebSocket. */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
}

/** What a socket was opened with: the effective tenant and the SHA-256 of its session token. */
export interface SocketSession {
  tenantId: number;
  tokenHash: string;
}

/** A hub send, as relayed to the other server processes (cluster-relay.ts). */
export type RelayMessage =
  | { to: 'tenant'; tenantId: number; message: WsServerMessage | WsTelemetryMessage }
  | { to: 'user'; userId: string; tenantId?: number; message: WsServerMessage | WsAlarmMessage }
  | { to: 'all'; message: WsServerMessage };

/** What the hub needs of a relay to the other processes (cluster-relay.ts). */
export interface HubRelay {
  /** True when another process holds a socket of the tenant / user. */
  hasTenant(tenantId: number): boolean;
  hasUser(userId: string): boolean;
  /** True when another process holds any socket. */
  hasAny(): boolean;
  /** Sends a message to the other processes. */
  forward(m: RelayMessage): void;
  /** This process's sockets changed (presence). */
  localChanged(): void;
}

/**
 * In-process fan-out of live messages to the console's WebSockets (ARCHITECTURE §1 "live fan-out",
 * default in-process). `toUser` reaches every socket of one user; `broadcast` reaches all.
 * Each socket remembers its session so it can be closed when that session ends (session-watch.ts).
 * With a relay attached (several processes, `CLUSTER=on`), a send also goes to the processes that
 * hold a socket it is for, and {@link deliver} hands their sends to this process's sockets.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>();
  /** Session each socket was opened with (effective tenant for {@link toTenant}, token hash). */
  private readonly sessionOf = new Map<LiveSocket, Partial<SocketSession>>();
  private relay: HubRelay | undefined;

  /** Attaches (or with undefined detaches) the relay to the other processes. */
  attachRelay(relay: HubRelay | undefined): void {
    this.relay = relay;
  }

  /** Tenants and users holding a socket of this process (what the relay tells the others). */
  presence(): { tenants: number[]; users: string[] } {
    const tenants = new Set<number>();
    for (const s of this.sessionOf.values()) if (s.tenantId !== undefined) tenants.add(s.tenantId);
    return { tenants: [...tenants], users: [...this.sockets.keys()] };
  }

  /** A send relayed from another process: to this process's sockets only. */
  deliver(m: RelayMessage): void {
    if (m.to === 'tenant') this.toTenant(m.tenantId, m.message, true);
    else if (m.to === 'user') this.toUser(m.userId, m.message, m.tenantId, true);
    else this.broadcast(m.message, true);
  }

  add(userId: string, socket: LiveSocket, tenantId?: number, tokenHash?: string): () => void {
    const set = this.sockets.get(userId) ?? new Set<LiveSocket>();
    set.add(socket);
    this.sockets.set(userId, set);
    this.sessionOf.set(socket, { tenantId, tokenHash });
    this.relay?.localChanged();
    return () => {
      set.delete(socket);
      this.sessionOf.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
      this.relay?.localChanged();
    };
  }

  /** The distinct sessions (token hash and tenant) of the open sockets that have one. */
  sessions(): SocketSession[] {
    const seen = new Map<string, SocketSession>();
    for (const { tenantId, tokenHash } of this.sessionOf.values()) {
      if (tenantId === undefined || tokenHash === undefined) continue;
      seen.set(`${tokenHash}|${tenantId}`, { tenantId, tokenHash });
    }
    return [...seen.values()];
  }

  /**
   * Closes every socket opened with one of `ended` (same token hash and tenant) with `code` and
   * `reason`, and forgets it at once; returns how many were closed.
   */
  closeSessions(ended: readonly SocketSession[], code: number, reason: string): number {
    const keys = new Set(ended.map((e) => `${e.tokenHash}|${e.tenantId}`));
    let n = 0;
    for (const [socket, { tenantId, tokenHash }] of this.sessionOf) {
      if (!keys.has(`${tokenHash}|${tenantId}`)) continue;
      this.sessionOf.delete(socket);
      for (const [userId, set] of this.sockets) if (set.delete(socket) && set.size === 0) this.sockets.delete(userId);
      socket.close(code, reason);
      n++;
    }
    if (n) this.relay?.localChanged();
    return n;
  }

  /**
   * Sends to every socket opened for `tenantId` (live telemetry) — and, unless `local`,
   * through the relay to the processes holding one; returns how many sockets of this process.
   */
  toTenant(tenantId: number, message: WsServerMessage | WsTelemetryMessage, local = false): number {
    if (!local && this.relay?.hasTenant(tenantId)) this.relay.forward({ to: 'tenant', tenantId, message });
    let text: string | undefined;
    let n = 0;
    for (const [socket, s] of this.sessionOf) {
      if (s.tenantId !== tenantId || socket.readyState !== 1) continue;
      text ??= JSON.stringify(message);
      socket.send(text);
      n++;
    }
    return n;
  }

  /** True when a socket of `tenantId` is open here or on another process (lets producers skip work nobody would see). */
  hasTenant(tenantId: number): boolean {
    for (const s of this.sessionOf.values()) if (s.tenantId === tenantId) return true;
    return this.relay?.hasTenant(tenantId) ?? false;
  }

  /** True when a socket is open here or on another process (lets producers skip work nobody would see). */
  hasListeners(): boolean {
    return this.sessionOf.size > 0 || (this.relay?.hasAny() ?? false);
  }

  /** Number of open sockets (for health and tests). */
  size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /**
   * Sends to every socket of `userId` (notices, live alarms), here and, unless `local`,
   * on the processes holding one. With `tenantId`, only to the sockets opened for that tenant: a user of several tenants sees a tenant's alarms only in a
   * session of that tenant (tenant isolation).
   */
  toUser(userId: string, message: WsServerMessage | WsAlarmMessage, tenantId?: number, local = false): void {
    this.toUsers([userId], message, tenantId, local);
  }

  /**
   * {@link toUser} for each of `userIds` with one message, turned into text once for all of them
   * (a tenant's alarm audience gets every live alarm).
   */
  toUsers(
    userIds: readonly string[],
    message: WsServerMessage | WsAlarmMessage,
    tenantId?: number,
    local = false,
  ): void {
    let text: string | undefined;
    for (const userId of userIds) {
      if (!local && this.relay?.hasUser(userId))
        this.relay.forward({ to: 'user', userId, ...(tenantId !== undefined ? { tenantId } : {}), message });
      const set = this.sockets.get(userId);
      if (!set) continue;
      for (const s of set) {
        if (s.readyState !== 1) continue;
        if (tenantId !== undefined && this.sessionOf.get(s)?.tenantId !== tenantId) continue;
        s.send((text ??= JSON.stringify(message)));
      }
    }
  }

  /** Sends to every socket (here and, unless `local`, on the other processes). */
  broadcast(message: WsServerMessage, local = false): void {
    if (!local) this.relay?.forward({ to: 'all', message });
    const text = JSON.stringify(message);
    for (const set of this.sockets.values()) this.sendAll(set, text);
  }

  private sendAll(set: Set<LiveSocket> | undefined, text: string): void {
    if (!set) return;
    for (const s of set) if (s.readyState === 1) s.send(text);
  }
}
