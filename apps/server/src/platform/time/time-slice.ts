import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * Cooperative time slicing of a long synchronous loop on the main thread: the loop calls
 * `if (slice.due()) await slice.next();` between items, so after every `ms` of work the event
 * loop gets a turn (sockets, timers, the ingest's commits and acknowledgements) before the loop
 * goes on. `due()` is cheap enough to call per item; nothing is awaited while the slice lasts.
 */
export class TimeSlice {
  private start = performance.now();

  /** `ms`: the longest stretch of work between two turns of the event loop, ms. */
  constructor(private readonly ms: number) {}

  /** True once the current slice has lasted `ms`. */
  due(): boolean {
    return performance.now() - this.start >= this.ms;
  }

  /** Gives the event loop a turn (setImmediate), then starts a new slice. */
  async next(): Promise<void> {
    await yieldToLoop();
    this.start = performance.now();
  }
}
