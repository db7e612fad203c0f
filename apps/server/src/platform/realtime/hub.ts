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

/**
 * In-process fan-out of live messages to the console's WebSockets (ARCHITECTURE §1 "live fan-out",
 * default in-process). `toUser` reaches every socket of one user; `broadcast` reaches all.
 * Each socket remembers its session so it can be closed when that session ends (session-watch.ts).
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>();
  /** Session each socket was opened with (effective tenant for {@link toTenant}, token hash). */
  private readonly sessionOf = new Map<LiveSocket, Partial<SocketSession>>();

  add(userId: string, socket: LiveSocket, tenantId?: number, tokenHash?: string): () => void {
    const set = this.sockets.get(userId) ?? new Set<LiveSocket>();
    set.add(socket);
    this.sockets.set(userId, set);
    this.sessionOf.set(socket, { tenantId, tokenHash });
    return () => {
      set.delete(socket);
      this.sessionOf.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
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
    return n;
  }

  /** Sends to every socket opened for `tenantId` (live telemetry, issue #3); returns how many. */
  toTenant(tenantId: number, message: WsServerMessage | WsTelemetryMessage): number {
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

  /** True when a socket of `tenantId` is open (lets producers skip work nobody would see). */
  hasTenant(tenantId: number): boolean {
    for (const s of this.sessionOf.values()) if (s.tenantId === tenantId) return true;
    return false;
  }

  /** Number of open sockets (for health and tests). */
  size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /**
   * Sends to every socket of `userId` (notices, live alarms of issue 9). With `tenantId`, only to
   * the sockets opened for that tenant: a user of several tenants sees a tenant's alarms only in a
   * session of that tenant (tenant isolation, issue 9).
   */
  toUser(userId: string, message: WsServerMessage | WsAlarmMessage, tenantId?: number): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const s of set) {
      if (s.readyState !== 1) continue;
      if (tenantId !== undefined && this.sessionOf.get(s)?.tenantId !== tenantId) continue;
      s.send(text);
    }
  }

  broadcast(message: WsServerMessage): void {
    const text = JSON.stringify(message);
    for (const set of this.sockets.values()) this.sendAll(set, text);
  }

  private sendAll(set: Set<LiveSocket> | undefined, text: string): void {
    if (!set) return;
    for (const s of set) if (s.readyState === 1) s.send(text);
  }
}
