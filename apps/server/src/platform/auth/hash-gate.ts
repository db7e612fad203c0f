import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../http/app-error';

/** What a {@link HashGate} is doing and has done (counters since creation or {@link HashGate.resetStats}). */
export interface HashGateStats {
  /** Tasks holding a slot now. */
  active: number;
  /** Entries waiting (tasks and mimics). */
  queued: number;
  /** Tasks waiting. */
  queuedTasks: number;
  /** The most tasks ever holding a slot at once. */
  peak: number;
  /** Entries refused (429). */
  refused: number;
  /** Tasks started: for {@link passwordHashGate}, scrypt computations. */
  runs: number;
  /** Mimics started (turns taken without work). */
  mimics: number;
}

/** One entry leaving the queue, as told to {@link HashGate.observe} listeners. */
export interface GateStart {
  client: string;
  kind: 'run' | 'mimic';
  /** Time it waited in the queue (ms). */
  waitedMs: number;
  /** Tasks of each other client that started while it waited (filled only while someone observes). */
  behind: ReadonlyMap<string, number>;
}

/** Limits of a {@link HashGate} beyond its concurrency and overall queue. */
export interface HashGateOptions {
  /** Entries one client may have waiting, tasks and mimics together (default: `maxQueue`). */
  maxQueuePerClient?: number;
  /** Entries allowed to wait in all, tasks and mimics together (default: `maxQueue`). */
  maxEntries?: number;
  /** Entries of one client running at once, tasks and mimics together (default: `concurrency`). */
  perClientActive?: number;
}

/** The client of work that no request's address is behind (user creation, seeding…). */
export const SERVER_CLIENT = 'server';

interface Entry {
  client: string;
  kind: GateStart['kind'];
  enqueuedAt: number;
  behind: Map<string, number>;
  start: () => void;
}

interface ClientState {
  waiting: Entry[];
  busy: number;
}

/**
 * A fair gate for CPU-heavy work off the main thread (scrypt on libuv's pool;
 * sign-in under a distributed guessing attack). At most `concurrency` tasks hold
 * a slot at once. Waiting entries sit in one queue per client (the sign-in's client address) and
 * the clients take turns, round robin: a client with 100 waiting sign-ins moves one of them
 * forward per round, so another client's sign-in waits behind at most one entry of each client
 * ahead of it. At most `perClientActive` entries of one client run at once. Bounded: a new entry
 * is refused at once (429) instead of queueing when its client has `maxQueuePerClient` entries
 * waiting, when `maxQueue` tasks wait in all, or `maxEntries` entries; so a flood can neither take
 * every pool thread (file and DNS work keep theirs) nor pile up. The refusal depends only on what
 * already waits, never on whether the new entry is a task or a mimic.
 *
 * Besides tasks the gate takes mimics ({@link mimic}): an entry that waits its turn exactly like a
 * task (same queue, same bounds, same refusals, it starts only when a slot is free) but then
 * gives the slot straight back and only holds its client's turn for a given time, a timer.
 */
export class HashGate {
  private active = 0;
  private peak = 0;
  private refused = 0;
  private runs = 0;
  private mimics = 0;
  private queued = 0;
  private queuedTasks = 0;
  private meanRunMs = 0;
  private readonly clients = new Map<string, ClientState>();
  /** Clients with waiting entries, in the order of their next turn. */
  private readonly ring: string[] = [];
  private readonly listeners = new Set<(e: GateStart) => void>();
  readonly maxQueuePerClient: number;
  readonly maxEntries: number;
  readonly perClientActive: number;

  /**
   * @param concurrency tasks holding a slot at once (≥ 1).
   * @param maxQueue tasks allowed to wait in all (≥ 0).
   */
  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
    options: HashGateOptions = {},
  ) {
    this.maxQueuePerClient = options.maxQueuePerClient ?? maxQueue;
    this.maxEntries = options.maxEntries ?? maxQueue;
    this.perClientActive = options.perClientActive ?? concurrency;
  }

  /**
   * Runs `task` in a slot when it is `client`'s turn.
   * @throws AppError tooManyRequests (HTTP 429, `{seconds}`: about the time the queue takes to
   *   drain, at least 1) when the client or the gate already has its most entries or tasks waiting.
   */
  async run<T>(task: () => Promise<T>, client: string = SERVER_CLIENT): Promise<T> {
    await this.enter(client, 'run');
    const t0 = performance.now();
    try {
      return await task();
    } finally {
      const ms = performance.now() - t0;
      this.meanRunMs = this.meanRunMs === 0 ? ms : this.meanRunMs * 0.9 + ms * 0.1;
      this.leave(client, true);
    }
  }

  /**
   * Takes `client`'s turn like {@link run} (same queue, bounds and refusals; it starts only once a
   * slot is free) without a task: the slot is handed on at once and the client's turn is held for
   * `holdMs()` milliseconds (asked when the turn starts), a timer that costs no CPU.
   * @throws AppError tooManyRequests as {@link run}.
   */
  async mimic(client: string, holdMs: () => number): Promise<void> {
    await this.enter(client, 'mimic');
    try {
      await sleep(Math.max(0, holdMs()));
    } finally {
      this.leave(client, false);
    }
  }

  /** Calls `listener` for every entry that starts; returns the function that stops it. */
  observe(listener: (e: GateStart) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Current counters; `peak`, `refused`, `runs` and `mimics` count since creation or the last {@link resetStats}. */
  stats(): HashGateStats {
    return {
      active: this.active,
      queued: this.queued,
      queuedTasks: this.queuedTasks,
      peak: this.peak,
      refused: this.refused,
      runs: this.runs,
      mimics: this.mimics,
    };
  }

  /** Restarts `peak` (at the current `active`), `refused`, `runs` and `mimics`. */
  resetStats(): void {
    this.peak = this.active;
    this.refused = 0;
    this.runs = 0;
    this.mimics = 0;
  }

  /** Queues an entry, starts what may start, and resolves when this entry started (or refuses it). */
  private enter(client: string, kind: Entry['kind']): Promise<void> {
    let state = this.clients.get(client);
    if (!state) this.clients.set(client, (state = { waiting: [], busy: 0 }));
    // decided on what waits already, the same for a task and a mimic
    const full =
      state.waiting.length >= this.maxQueuePerClient ||
      this.queuedTasks >= this.maxQueue ||
      this.queued >= this.maxEntries;
    let started = false;
    const entry: Entry = {
      client,
      kind,
      enqueuedAt: performance.now(),
      behind: new Map(),
      start: () => (started = true),
    };
    state.waiting.push(entry);
    this.queued++;
    if (kind === 'run') this.queuedTasks++;
    if (state.waiting.length === 1) this.ring.push(client);
    this.pump();
    if (started) return Promise.resolve();
    if (full) {
      state.waiting.pop();
      this.queued--;
      if (kind === 'run') this.queuedTasks--;
      if (state.waiting.length === 0) this.ring.splice(this.ring.indexOf(client), 1);
      if (state.waiting.length === 0 && state.busy === 0) this.clients.delete(client);
      this.refused++;
      const seconds = Math.max(1, Math.ceil((this.queuedTasks * this.meanRunMs) / this.concurrency / 1000));
      return Promise.reject(new AppError('tooManyRequests', 'tooManyRequests', { seconds }));
    }
    return new Promise<void>((resolve) => (entry.start = resolve));
  }

  /** Ends an entry: frees the client's turn (and the slot of a task) and starts what may start. */
  private leave(client: string, heldSlot: boolean): void {
    const state = this.clients.get(client)!;
    state.busy--;
    if (heldSlot) this.active--;
    if (state.busy === 0 && state.waiting.length === 0) this.clients.delete(client);
    this.pump();
  }

  /** While a slot is free: the next client in turn that may run another entry starts its oldest. */
  private pump(): void {
    while (this.active < this.concurrency) {
      const i = this.ring.findIndex((c) => this.clients.get(c)!.busy < this.perClientActive);
      if (i < 0) return;
      const client = this.ring.splice(i, 1)[0]!;
      const state = this.clients.get(client)!;
      const entry = state.waiting.shift()!;
      this.queued--;
      if (entry.kind === 'run') this.queuedTasks--;
      if (state.waiting.length > 0) this.ring.push(client);
      state.busy++;
      if (entry.kind === 'run') {
        this.active++;
        this.runs++;
        this.peak = Math.max(this.peak, this.active);
        if (this.listeners.size > 0) this.countBehind(client);
      } else {
        this.mimics++;
      }
      if (this.listeners.size > 0) {
        const e: GateStart = {
          client,
          kind: entry.kind,
          waitedMs: performance.now() - entry.enqueuedAt,
          behind: entry.behind,
        };
        for (const listener of this.listeners) listener(e);
      }
      entry.start();
    }
  }

  /** Notes a task of `client` starting ahead of every entry of the other clients still waiting. */
  private countBehind(client: string): void {
    for (const other of this.ring) {
      if (other === client) continue;
      for (const e of this.clients.get(other)!.waiting) e.behind.set(client, (e.behind.get(client) ?? 0) + 1);
    }
  }
}

/**
 * The gate of every password hash of this process: half the cores, at most 2 (libuv's pool has 4
 * threads); 16 hashes waiting in all, 256 entries with the mimics, 4 per client address, one of
 * a client's sign-ins at a time (so a client's own concurrent sign-ins line up the same whether
 * they hash or mimic, see `failVerification` in tokens.ts). At tens of ms per hash a waiting
 * sign-in is answered within about a second; a flood beyond that is answered 429 without hashing.
 */
export const passwordHashGate = new HashGate(Math.max(1, Math.min(2, Math.floor(os.availableParallelism() / 2))), 16, {
  maxQueuePerClient: 4,
  maxEntries: 256,
  perClientActive: 1,
});
