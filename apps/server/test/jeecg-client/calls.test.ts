import { describe, expect, it } from 'vitest';
import { callCounts, CLIENT_CALLS } from './calls';

/** The list of JeecgBoot client calls: well-formed, and its counts. */
describe('JeecgBoot client call list', () => {
  it('lists each call once per area, with a note for every call that does not work', () => {
    for (const [area, calls] of Object.entries(CLIENT_CALLS)) {
      const keys = calls.map((c) => `${c.method} ${c.path}`);
      expect(new Set(keys).size, area).toBe(keys.length);
      expect(
        calls.filter((c) => !c.works && !c.note),
        area,
      ).toEqual([]);
      for (const c of calls) expect(c.path, area).toMatch(/^\/sys\//);
    }
  });

  it('counts the calls that work per area (printed for the closing note)', () => {
    const counts = callCounts();
    console.info(
      Object.entries(counts)
        .map(([area, n]) => `${area}: ${n.works} of ${n.total}`)
        .join('\n'),
    );
    expect(Object.keys(counts).sort()).toEqual([
      'categories',
      'departs',
      'dicts',
      'login',
      'logs',
      'permissions',
      'tenants',
      'users',
    ]);
  });
});
