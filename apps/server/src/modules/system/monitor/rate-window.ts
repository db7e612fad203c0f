/**
 * Rates of monotonic counters from the difference between two samples (monitoring,
 * 6). The previous sample is kept; a new one replaces it once at least `minIntervalMs` later, and a
 * read sooner gets the rates of the last interval, so callers polling at once (several open pages,
 * a scrape) neither shorten the interval to noise nor disturb each other.
 */
export class RateWindow<K extends string> {
  private prev: { at: number; totals: Record<K, number> };
  private rates: Record<K, number> | undefined;

  /**
   * @param start epoch ms at which every counter was 0 (the process start): the first read gives
   * the mean rate since then.
   * @param minIntervalMs shortest interval a rate is computed over, ms.
   */
  constructor(
    start: number,
    zero: Record<K, number>,
    private readonly minIntervalMs: number,
  ) {
    this.prev = { at: start, totals: zero };
  }

  /** Per-second rates of `totals` (read at `now`, epoch ms) since the previous sample; never negative. */
  read(now: number, totals: Record<K, number>): Record<K, number> {
    const dt = (now - this.prev.at) / 1000;
    if (this.rates && now - this.prev.at < this.minIntervalMs) return this.rates;
    const rates = {} as Record<K, number>;
    for (const k of Object.keys(totals) as K[])
      rates[k] = dt > 0 ? Math.max(0, totals[k] - (this.prev.totals[k] ?? 0)) / dt : 0;
    this.prev = { at: now, totals: { ...totals } };
    this.rates = rates;
    return rates;
  }
}
