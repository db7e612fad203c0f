import { SUPPRESSED_REASON, type DeadLetterRow } from './telemetry-store';

/** Limits of {@link DeadLetterBudget}. */
export interface DeadLetterBudgetOptions {
  /** Dead letters stored per client per window; the excess is counted, not stored (default 20). */
  perClient?: number;
  /** Dead letters stored per window over all clients together (default 1,000). */
  total?: number;
  /** Window length, ms (default 60,000: the budgets are per minute). */
  windowMs?: number;
  /** Clients tracked per window; beyond it new clients share one entry (default 10,000). */
  maxClients?: number;
  /** Clients named in their own summary row when a window closes; the rest share one row (default 100). */
  maxSummaries?: number;
}

/** What one client spent in the current window. */
interface Spent {
  stored: number;
  suppressed: number;
  /** Suppressed dead letters per reason. */
  reasons: Map<string, number>;
  /** Source (topic or HTTP path) of the last suppressed one. */
  source: string;
}

/** Reason of a summary row: declared with the store that writes the rows. */
export { SUPPRESSED_REASON };
/** Key of the entry shared by clients beyond `maxClients`. */
const OTHERS = '*';

/**
 * Per-client budget of stored dead letters (20,000 garbage messages from one device had
 * become 20,000 rows). Within a fixed window each client may store `perClient` dead letters and all
 * clients together `total`; past that a dead letter is only counted (the ingest still counts every
 * one in `ingest_counter`). When a window with suppressed dead letters closes, each such client gets
 * one summary row (reason `suppressed`, detail: how many, by reason) — at most `maxSummaries` rows
 * plus one for everybody else. Memory: at most `maxClients` entries, emptied every window.
 * A client is the device the transport authenticated, else the device named by the topic or path.
 */
export class DeadLetterBudget {
  private readonly perClient: number;
  private readonly total: number;
  private readonly windowMs: number;
  private readonly maxClients: number;
  private readonly maxSummaries: number;
  private spent = new Map<string, Spent>();
  private windowStart = 0;
  private storedInWindow = 0;
  private suppressedInWindow = 0;
  private timer: NodeJS.Timeout | undefined;

  /** `emit` receives the summary rows of a closing window (to be written with the next batch). */
  constructor(
    opts: DeadLetterBudgetOptions,
    private readonly emit: (rows: DeadLetterRow[]) => void,
  ) {
    this.perClient = opts.perClient ?? 20;
    this.total = opts.total ?? 1_000;
    this.windowMs = opts.windowMs ?? 60_000;
    this.maxClients = opts.maxClients ?? 10_000;
    this.maxSummaries = opts.maxSummaries ?? 100;
  }

  /**
   * Spends one dead letter of `client` at `now` (ms epoch): true → store it, false → only count it.
   * `reason` and `source` describe it for the summary row.
   */
  admit(client: string, reason: string, source: string, now: number): boolean {
    if (now - this.windowStart >= this.windowMs) this.close(now);
    let s = this.spent.get(client);
    if (!s) {
      const key = this.spent.size >= this.maxClients ? OTHERS : client;
      s = this.spent.get(key);
      if (!s) {
        s = { stored: 0, suppressed: 0, reasons: new Map(), source };
        this.spent.set(key, s);
      }
    }
    if (s.stored < this.perClient && this.storedInWindow < this.total) {
      s.stored++;
      this.storedInWindow++;
      return true;
    }
    s.suppressed++;
    s.source = source;
    s.reasons.set(reason, (s.reasons.get(reason) ?? 0) + 1);
    if (this.suppressedInWindow++ === 0 && !this.timer) {
      // the window's summary is written when it ends, even if no further dead letter arrives
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.close(Date.now());
        },
        Math.max(0, this.windowStart + this.windowMs - now),
      );
      this.timer.unref();
    }
    return false;
  }

  /** Dead letters counted but not stored in the current window. */
  get suppressed(): number {
    return this.suppressedInWindow;
  }

  /**
   * Closes the current window now: emits the summary rows of clients that were over budget and
   * starts a new window at `now` (ms epoch). Called by the window's timer, by {@link admit} and
   * when the ingest stops.
   */
  close(now: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const over = [...this.spent.entries()]
      .filter(([, s]) => s.suppressed > 0)
      .sort((a, b) => b[1].suppressed - a[1].suppressed);
    const from = this.windowStart;
    this.spent = new Map();
    this.windowStart = now;
    this.storedInWindow = 0;
    this.suppressedInWindow = 0;
    if (!over.length) return;
    const named = over.slice(0, this.maxSummaries);
    const rest = over.slice(this.maxSummaries);
    const rows = named.map(([client, s]) => this.summary(client === OTHERS ? null : client, s, from, now));
    if (rest.length) {
      const merged: Spent = { stored: 0, suppressed: 0, reasons: new Map(), source: rest[0]![1].source };
      for (const [, s] of rest) {
        merged.suppressed += s.suppressed;
        for (const [r, n] of s.reasons) merged.reasons.set(r, (merged.reasons.get(r) ?? 0) + n);
      }
      rows.push(this.summary(null, merged, from, now, rest.length));
    }
    this.emit(rows);
  }

  private summary(deviceId: string | null, s: Spent, from: number, now: number, clients?: number): DeadLetterRow {
    const byReason = [...s.reasons.entries()].map(([r, n]) => `${r} ${n}`).join(', ');
    const who = clients ? ` from ${clients} more clients` : deviceId ? '' : ' from clients beyond the tracked ones';
    return {
      receivedAt: now,
      source: s.source,
      deviceId,
      reason: SUPPRESSED_REASON,
      count: s.suppressed,
      detail: `${s.suppressed} dead letters${who} counted but not stored (budget ${this.perClient} per client, ${this.total} in all, per ${this.windowMs / 1000} s; window from ${new Date(from).toISOString()}): ${byReason}`,
      payload: null,
    };
  }

  /** Stops the window timer without emitting (the ingest calls {@link close} first when it stops). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
