import { describe, expect, it } from 'vitest';
import { DeadlineQueue } from './deadline-queue';

describe('DeadlineQueue: devices by due time', () => {
  it('answers the devices due at or before now, earliest first, each once', () => {
    const q = new DeadlineQueue();
    q.set('C', 300);
    q.set('A', 100);
    q.set('B', 200);
    expect(q.peek()).toBe(100);
    expect(q.popDue(99)).toEqual([]);
    expect(q.popDue(200)).toEqual(['A', 'B']);
    expect(q.size).toBe(1);
    expect(q.popDue(1000)).toEqual(['C']);
    expect(q.peek()).toBeUndefined();
  });

  it('a changed or removed due time replaces the old one', () => {
    const q = new DeadlineQueue();
    q.set('A', 100);
    q.set('A', 500);
    q.set('B', 200);
    q.set('B', null);
    q.set('C', 300);
    q.set('C', 50);
    expect(q.peek()).toBe(50);
    expect(q.popDue(400)).toEqual(['C']);
    expect(q.get('A')).toBe(500);
    expect(q.popDue(500)).toEqual(['A']);
    expect(q.size).toBe(0);
  });

  it('keeps order over many random changes (stale entries bounded)', () => {
    const q = new DeadlineQueue();
    const due = new Map<string, number>();
    let seed = 7;
    const rnd = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      const id = `D${Math.floor(rnd() * 500)}`;
      const t = Math.floor(rnd() * 1e6);
      q.set(id, t);
      due.set(id, t);
    }
    const popped = q.popDue(Infinity);
    expect(popped).toHaveLength(due.size);
    const times = popped.map((id) => due.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
