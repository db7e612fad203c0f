import { performance } from 'node:perf_hooks';

/** One start-up phase: its name and when it ended, ms since the process started. */
export interface StartPhase {
  phase: string;
  /** End of the phase, ms since process start (`performance.now()`, whose origin is the process's start). */
  atMs: number;
  /** Duration of the phase, ms (its end minus the previous phase's end, or minus 0 for the first). */
  ms: number;
}

/**
 * Records the phases of a server start (process start → config → ports → module
 * import → database open → migrations → seed → app built → listening → ingest reading → the
 * background start-up). Logged at debug as one line, the ingest's readiness at info
 * ("ingest reading in X ms").
 */
export class StartPhases {
  private readonly phases: StartPhase[] = [];

  /** @param now clock in ms since process start (tests inject one). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Ends the phase `phase` now; returns its end (ms since process start). */
  mark(phase: string): number {
    const atMs = Math.round(this.now());
    const previous = this.phases.at(-1)?.atMs ?? 0;
    this.phases.push({ phase, atMs, ms: atMs - previous });
    return atMs;
  }

  /** The phases ended so far, in order. */
  list(): readonly StartPhase[] {
    return this.phases;
  }

  /** `{ phase: ms, … }` for a log line (durations; a phase marked twice keeps the sum). */
  durations(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const p of this.phases) out[p.phase] = (out[p.phase] ?? 0) + p.ms;
    return out;
  }

  /** End of the phase `phase` (its last mark), ms since process start; undefined when not marked. */
  at(phase: string): number | undefined {
    for (let i = this.phases.length - 1; i >= 0; i--) if (this.phases[i]!.phase === phase) return this.phases[i]!.atMs;
    return undefined;
  }
}
