import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { HashGate, type GateStart } from './hash-gate';
import { DurationSample } from './verify-timing';

/** the fair hash gate and the durations unknown account names wait. */

/** A task that runs until released by hand; `started` lists the labels in start order. */
function controlled(started: string[]) {
  const releases = new Map<string, () => void>();
  const task = (label: string) => () =>
    new Promise<void>((resolve) => {
      started.push(label);
      releases.set(label, resolve);
    });
  const release = async (label: string): Promise<void> => {
    releases.get(label)!();
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  };
  return { task, release };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
};

describe('the fair hash gate', () => {
  it("serves clients in turn: one client's 5 waiting tasks put another client's behind only one of them", async () => {
    const gate = new HashGate(1, 16, { maxQueuePerClient: 8, perClientActive: 1 });
    const starts: GateStart[] = [];
    gate.observe((e) => starts.push(e));
    const started: string[] = [];
    const { task, release } = controlled(started);
    const runs = [1, 2, 3, 4, 5].map((i) => gate.run(task(`x${i}`), 'X'));
    runs.push(gate.run(task('a1'), 'A'));
    await settle();
    expect(started).toEqual(['x1']);
    expect(gate.stats()).toMatchObject({ active: 1, queued: 5, queuedTasks: 5 });
    for (const label of ['x1', 'x2', 'a1', 'x3', 'x4', 'x5']) await release(label);
    await Promise.all(runs);
    // a FIFO would have started a1 last, behind four more of X's
    expect(started).toEqual(['x1', 'x2', 'a1', 'x3', 'x4', 'x5']);
    const a = starts.find((e) => e.client === 'A')!;
    expect([...a.behind]).toEqual([['X', 1]]);
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0, runs: 6, mimics: 0, peak: 1 });
  });

  it('refuses beyond the per-client and the overall bounds with 429, the same for tasks and mimics', async () => {
    const gate = new HashGate(1, 3, { maxQueuePerClient: 2, maxEntries: 4, perClientActive: 1 });
    const started: string[] = [];
    const { task, release } = controlled(started);
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'done',
        (e: unknown) => e,
      );
    const all = [
      outcome(gate.run(task('x1'), 'X')),
      outcome(gate.run(task('x2'), 'X')),
      outcome(gate.mimic('X', () => 0)),
    ];
    // X has 2 waiting: its third task and a mimic alike are refused, another client is not
    const refusedTask = await outcome(gate.run(task('x4'), 'X'));
    const refusedMimic = await outcome(gate.mimic('X', () => 0));
    for (const r of [refusedTask, refusedMimic])
      expect(r).toMatchObject({ kind: 'tooManyRequests', params: { seconds: 1 } });
    all.push(outcome(gate.run(task('y1'), 'Y')), outcome(gate.run(task('z1'), 'Z')));
    // 3 tasks wait in all (x2, y1, z1): a fourth client's task and mimic are refused alike
    expect(gate.stats()).toMatchObject({ queued: 4, queuedTasks: 3 });
    for (const p of [gate.run(task('w1'), 'W'), gate.mimic('W', () => 0)])
      expect(await outcome(p)).toBeInstanceOf(AppError);
    expect(gate.stats().refused).toBe(4);
    for (const label of ['x1', 'x2', 'y1', 'z1']) await release(label);
    expect(await Promise.all(all)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(started).not.toContain('x4');
    expect(started).not.toContain('w1');
  });

  it('a mimic waits for a free slot like a task, then hands the slot on and holds only its own client', async () => {
    const gate = new HashGate(1, 16, { maxQueuePerClient: 4, perClientActive: 1 });
    const started: string[] = [];
    const { task, release } = controlled(started);
    const busy = gate.run(task('y1'), 'Y');
    let mimicked = false;
    let holdAsked = 0;
    const mimic = gate.mimic('X', () => (holdAsked++, 1_000)).then(() => (mimicked = true));
    const xNext = gate.run(task('x2'), 'X');
    await settle();
    // silence: the slot is taken, the mimic has not started
    expect(holdAsked).toBe(0);
    expect(gate.stats()).toMatchObject({ active: 1, queued: 2, mimics: 0 });
    const zNext = gate.run(task('z1'), 'Z');
    await release('y1');
    // the mimic started (its timer runs), the slot went on to Z at once
    expect(holdAsked).toBe(1);
    expect(started).toEqual(['y1', 'z1']);
    expect(gate.stats()).toMatchObject({ active: 1, queued: 1, mimics: 1, runs: 2 });
    await release('z1');
    // silence: the slot is free but X's turn is the mimic's until its timer ends
    expect(started).toEqual(['y1', 'z1']);
    expect(mimicked).toBe(false);
    await mimic;
    await settle();
    expect(started).toEqual(['y1', 'z1', 'x2']);
    await release('x2');
    await Promise.all([busy, zNext, xNext]);
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0, runs: 3, mimics: 1 });
  });

  it("a mimic's end lets its client's next entry start", async () => {
    const gate = new HashGate(1, 16, { maxQueuePerClient: 4, perClientActive: 1 });
    const started: string[] = [];
    const { task, release } = controlled(started);
    const mimic = gate.mimic('X', () => 5);
    const next = gate.run(task('x2'), 'X');
    await settle();
    expect(started).toEqual([]);
    await mimic;
    await settle();
    expect(started).toEqual(['x2']);
    await release('x2');
    await next;
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0, runs: 1, mimics: 1 });
  });
});

describe('the durations of recent hashes', () => {
  it('draws only among fresh durations, and none while too few are fresh', () => {
    const sample = new DurationSample(4, 2, 1_000);
    expect(sample.draw(0)).toBeUndefined();
    sample.record(100, 0);
    expect(sample.draw(10)).toBeUndefined();
    sample.record(120, 500);
    for (let i = 0; i < 20; i++) expect([100, 120]).toContain(sample.draw(600));
    // the first is stale at 1,000 ms: one fresh left, too few
    expect(sample.draw(1_000)).toBeUndefined();
    sample.record(130, 1_000);
    for (let i = 0; i < 20; i++) expect([120, 130]).toContain(sample.draw(1_100));
    // the ring keeps the last 4
    for (const ms of [1, 2, 3, 4]) sample.record(ms, 1_200);
    expect(sample.freshCount(1_200)).toBe(4);
    for (let i = 0; i < 20; i++) expect([1, 2, 3, 4]).toContain(sample.draw(1_200));
  });
});
