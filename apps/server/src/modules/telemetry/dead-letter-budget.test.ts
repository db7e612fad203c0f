import { afterEach, describe, expect, it } from 'vitest';
import { DeadLetterBudget, SUPPRESSED_REASON, type DeadLetterBudgetOptions } from './dead-letter-budget';
import type { DeadLetterRow } from './telemetry-store';

const T0 = Date.UTC(2026, 0, 1);
let budgets: DeadLetterBudget[] = [];
afterEach(() => {
  for (const b of budgets) b.stop();
  budgets = [];
});

function budget(opts: DeadLetterBudgetOptions): { b: DeadLetterBudget; emitted: DeadLetterRow[] } {
  const emitted: DeadLetterRow[] = [];
  const b = new DeadLetterBudget(opts, (rows) => emitted.push(...rows));
  budgets.push(b);
  return { b, emitted };
}

const admitted = (b: DeadLetterBudget, client: string, n: number, now = T0): number =>
  Array.from({ length: n }, () => b.admit(client, 'invalid', `ztj/devices/${client}/telemetry`, now)).filter(Boolean)
    .length;

describe('DeadLetterBudget', () => {
  it('stores perClient per window per client, then counts; a new window starts afresh', () => {
    const { b, emitted } = budget({ perClient: 3, windowMs: 60_000 });
    expect(admitted(b, 'A', 10)).toBe(3);
    expect(admitted(b, 'B', 2)).toBe(2);
    expect(b.suppressed).toBe(7);
    expect(admitted(b, 'A', 1, T0 + 60_000)).toBe(1); // window closed by this call
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ deviceId: 'A', reason: SUPPRESSED_REASON, payload: null });
    expect(emitted[0]!.detail).toMatch(/^7 dead letters counted but not stored .*: invalid 7$/);
  });

  it('caps all clients together at total', () => {
    const { b } = budget({ perClient: 10, total: 25 });
    const stored = ['A', 'B', 'C', 'D'].reduce((n, c) => n + admitted(b, c, 10), 0);
    expect(stored).toBe(25);
  });

  it('tracks at most maxClients, the others share one entry, and names at most maxSummaries in summaries', () => {
    const { b, emitted } = budget({ perClient: 1, total: 1_000, maxClients: 5, maxSummaries: 2 });
    for (let i = 0; i < 20; i++) admitted(b, `D${i}`, 3);
    b.close(T0 + 1);
    // D0-D4 tracked (2 suppressed each), D5-D19 share one entry (1 stored, 44 suppressed); named: the
    // shared entry and one of D0-D4, the other four summed in one row
    expect(emitted).toHaveLength(3);
    expect(emitted[0]).toMatchObject({ deviceId: null });
    expect(emitted[0]!.detail).toMatch(/^44 dead letters from clients beyond the tracked ones/);
    expect(emitted[2]).toMatchObject({ deviceId: null });
    expect(emitted[2]!.detail).toMatch(/^8 dead letters from 4 more clients/);
  });
});
