import type { WsServerMessage, WsTelemetryMessage } from '@ztj/contracts';

/** Something a message can be sent to: an open WebSocket. */
export interface LiveSocket {
  send(data: string): void;
  readonly readyState: number;
}

/**
 * In-process fan-out of live messages to the console's WebSockets (ARCHITECTURE §1 "live fan-out",
 * default in-process). `toUser` reaches every socket of one user; `broadcast` reaches all.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>();
  /** Tenant each socket was opened for (the request's effective tenant), for {@link toTenant}. */
  private readonly tenantOf = new Map<LiveSocket, number>();

  add(userId: string, socket: LiveSocket, tenantId?: number): () => void {
    const set = this.sockets.get(userId) ?? new Set<LiveSocket>();
    set.add(socket);
    this.sockets.set(userId, set);
    if (tenantId !== undefined) this.tenantOf.set(socket, tenantId);
    return () => {
      set.delete(socket);
      this.tenantOf.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    };
  }

  /** Sends to every socket opened for `tenantId` (live telemetry, issue #3); returns how many. */
  toTenant(tenantId: number, message: WsServerMessage | WsTelemetryMessage): number {
    let text: string | undefined;
    let n = 0;
    for (const [socket, t] of this.tenantOf) {
      if (t !== tenantId || socket.readyState !== 1) continue;
      text ??= JSON.stringify(message);
      socket.send(text);
      n++;
    }
    return n;
  }

  /** True when a socket of `tenantId` is open (lets producers skip work nobody would see). */
  hasTenant(tenantId: number): boolean {
    for (const t of this.tenantOf.values()) if (t === tenantId) return true;
    return false;
  }

  /** Number of open sockets (for health and tests). */
  size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  toUser(userId: string, message: WsServerMessage): void {
    this.sendAll(this.sockets.get(userId), JSON.stringify(message));
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
