import { describe, expect, it } from 'vitest';
import { checkValue } from './pattern-sandbox';

const row = (digits: string, pattern: string, message = `row ${digits} ${pattern}`) => ({ digits, pattern, message });

describe('check-rule pattern sandbox', () => {
  it('checks digit slices in turn and `*` rows against the whole value', () => {
    const rows = [
      row('2', '[A-Z]{2}', 'two capitals first'),
      row('3', '\\d{3}', 'then three digits'),
      row('*', '.{5,8}', '5-8 characters'),
    ];
    expect(checkValue(rows, 'AB123')).toEqual({ kind: 'passed' });
    expect(checkValue(rows, 'ab123')).toEqual({ kind: 'failed', row: 0, message: 'two capitals first' });
    expect(checkValue(rows, 'AB12x')).toEqual({ kind: 'failed', row: 1, message: 'then three digits' });
    expect(checkValue(rows, 'AB123456789')).toEqual({ kind: 'failed', row: 2, message: '5-8 characters' });
  });

  it('matches whole slices (a pattern cannot pass on a part) and gives rows past the end the empty text', () => {
    expect(checkValue([row('3', '\\d')], '123').kind).toBe('failed');
    expect(checkValue([row('2', 'AB'), row('2', '\\d*')], 'AB')).toEqual({ kind: 'passed' });
    expect(checkValue([row('2', 'AB'), row('2', '\\d+')], 'AB').kind).toBe('failed');
  });

  it('interrupts catastrophic backtracking and names the row', () => {
    const started = Date.now();
    expect(checkValue([row('*', '.*'), row('*', '^(a+)+$')], `${'a'.repeat(35)}!`)).toEqual({
      kind: 'timeout',
      row: 1,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a pattern that does not compile', () => {
    expect(checkValue([row('*', '\\d'), row('*', '(')], '1')).toEqual({ kind: 'broken', row: 1 });
  });
});
