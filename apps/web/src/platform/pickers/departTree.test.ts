import { describe, expect, it } from 'vitest';
import { allKeys, filterTree, nextChecked, titlesByKey } from './departTree';

const tree = [
  {
    key: 'a',
    title: 'Head office',
    children: [
      { key: 'b', title: 'Sales' },
      { key: 'c', title: 'Cold chain', children: [{ key: 'd', title: 'Fleet' }] },
    ],
  },
];

describe('department tree picker rules', () => {
  it('single mode keeps only the newly ticked node', () => {
    expect(nextChecked(['b'], 'c', true, false)).toEqual(['c']);
    expect(nextChecked(['c'], 'c', false, false)).toEqual([]);
  });
  it('multi mode ticks are independent', () => {
    expect(nextChecked(['b'], 'c', true, true)).toEqual(['b', 'c']);
    expect(nextChecked(['b', 'c'], 'b', false, true)).toEqual(['c']);
  });
  it('search keeps matches and their ancestors', () => {
    const found = filterTree(tree, 'fleet');
    expect(allKeys(found)).toEqual(['a', 'c', 'd']);
    expect(titlesByKey(tree).get('d')).toBe('Fleet');
  });
});
