import type { WsServerMessage } from '@ztj/contracts';

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

  add(userId: string, socket: LiveSocket): () => void {
    const set = this.sockets.get(userId) ?? new Set<LiveSocket>();
    set.add(socket);
    this.sockets.set(userId, set);
    return () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    };
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
