import { describe, expect, it } from 'vitest';
import { TimeSlice } from './time-slice';

/** A loop sliced with TimeSlice gives the event loop a turn once a slice has run its time, not before. */

async function run(slice: TimeSlice, log: string[]): Promise<void> {
  for (let i = 0; i < 3; i++) {
    if (slice.due()) await slice.next();
    log.push(`item ${i}`);
  }
}

describe('TimeSlice', () => {
  it('yields to callbacks waiting on the event loop between items once the slice is used up', async () => {
    const log: string[] = [];
    let turns = 0;
    const turn = (): void => {
      log.push('turn');
      if (++turns < 10) setImmediate(turn);
    };
    setImmediate(turn);
    await run(new TimeSlice(0), log);
    const items = log.map((e, i) => (e.startsWith('item') ? i : -1)).filter((i) => i >= 0);
    expect(items).toHaveLength(3);
    // a turn of the event loop before the first item and between every two items
    expect(log.slice(0, items[0]!)).toContain('turn');
    expect(log.slice(items[0]!, items[1]!)).toContain('turn');
    expect(log.slice(items[1]!, items[2]!)).toContain('turn');
  });

  it('runs the items without a break while the slice lasts', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('turn'));
    await run(new TimeSlice(60_000), log);
    expect(log).toEqual(['item 0', 'item 1', 'item 2']);
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['item 0', 'item 1', 'item 2', 'turn']);
  });
});
