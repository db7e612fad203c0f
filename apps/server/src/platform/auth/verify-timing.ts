import crypto from 'node:crypto';

/**
 * The recent durations of real password hashes of this process, from which a
 * sign-in with an unknown account name draws how long to wait instead of hashing. Keeps the last
 * `size` durations; only those younger than `freshMs` are drawn from, and with fewer than
 * `minFresh` of them {@link draw} answers undefined: the caller then hashes for real, which
 * records a new duration. So the distribution follows the machine as it is now (load, CPU), at
 * the price of at most `minFresh` hashes per `freshMs` when no real sign-in happens at all.
 */
export class DurationSample {
  private readonly ms: number[] = [];
  private readonly at: number[] = [];
  private next = 0;

  /**
   * @param size durations kept (ring buffer).
   * @param minFresh fresh durations needed before one is drawn.
   * @param freshMs age (ms) after which a duration is no longer drawn.
   */
  constructor(
    readonly size = 64,
    readonly minFresh = 8,
    readonly freshMs = 5 * 60_000,
  ) {}

  /** Keeps one measured duration (ms), measured at `now` (epoch ms). */
  record(ms: number, now = Date.now()): void {
    this.ms[this.next] = ms;
    this.at[this.next] = now;
    this.next = (this.next + 1) % this.size;
  }

  /**
   * A duration (ms) drawn uniformly, with a cryptographic random index, among the fresh ones;
   * undefined when fewer than `minFresh` are fresh.
   */
  draw(now = Date.now()): number | undefined {
    const fresh: number[] = [];
    for (let i = 0; i < this.ms.length; i++) if (now - this.at[i]! < this.freshMs) fresh.push(this.ms[i]!);
    return fresh.length < this.minFresh ? undefined : fresh[crypto.randomInt(fresh.length)];
  }

  /** Fresh durations held now. */
  freshCount(now = Date.now()): number {
    return this.at.filter((t) => now - t < this.freshMs).length;
  }
}
