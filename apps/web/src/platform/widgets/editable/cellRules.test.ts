import { describe, expect, it } from 'vitest';
import { NAMED_PATTERNS, parseNumberText, sanitizeNumberText, validateCell, type CellRule } from './cellRules';

const msg = (kind: string, title: string): string => `${title}:${kind}`;
const ctx = (rows: Record<string, unknown>[] = [], rowIndex = 0) => ({ key: 'code', title: 'Code', rowIndex, rows });

describe('validateCell (SPEC §5 table cell rules)', () => {
  it('checks required first, then unique, then patterns, then handlers, answering the first failure', async () => {
    const calls: string[] = [];
    const rules: CellRule[] = [
      { pattern: 'n', message: 'digits only' },
      {
        handler: () => {
          calls.push('handler');
          return 'handler says no';
        },
      },
      { unique: true },
      { required: true },
    ];
    expect(await validateCell('', rules, ctx(), msg)).toBe('Code:required');
    const rows = [{ code: '12' }, { code: '12' }];
    expect(await validateCell('12', rules, ctx(rows, 1), msg)).toBe('Code:unique');
    expect(calls).toEqual([]);
    expect(await validateCell('ab', rules, ctx([{ code: 'ab' }]), msg)).toBe('digits only');
    expect(calls).toEqual([]);
    expect(await validateCell('34', rules, ctx([{ code: '34' }]), msg)).toBe('handler says no');
    expect(calls).toEqual(['handler']);
  });

  it('skips pattern, unique and handler rules for an empty cell', async () => {
    const rules: CellRule[] = [{ pattern: 'm' }, { unique: true }, { handler: () => 'never' }];
    expect(await validateCell('', rules, ctx([{ code: '' }, { code: '' }]), msg)).toBeNull();
    expect(await validateCell(null, rules, ctx(), msg)).toBeNull();
  });

  it('awaits an async handler', async () => {
    const rules: CellRule[] = [{ handler: async (v) => (v === 'taken' ? 'already used' : undefined) }];
    expect(await validateCell('taken', rules, ctx(), msg)).toBe('already used');
    expect(await validateCell('free', rules, ctx(), msg)).toBeNull();
  });

  it('treats unknown pattern names as regular expressions', async () => {
    expect(await validateCell('AB-1', [{ pattern: '^[A-Z]{2}-\\d$' }], ctx(), msg)).toBeNull();
    expect(await validateCell('ab-1', [{ pattern: '^[A-Z]{2}-\\d$' }], ctx(), msg)).toBe('Code:pattern');
    expect(await validateCell('x', [{ pattern: /^\d$/ }], ctx(), msg)).toBe('Code:pattern');
  });

  it('knows the named patterns', () => {
    const cases: [string, string, boolean][] = [
      ['n6-16', '123456', true],
      ['n6-16', '12345', false],
      ['*6-16', 'a b c!', true],
      ['*6-16', 'abc', false],
      ['s6-18', 'abcdef', true],
      ['s6-18', 'abcde1', false],
      ['url', 'https://example.com/a?b=1', true],
      ['url', 'ftp//x', false],
      ['e', 'a.b@example.cn', true],
      ['e', 'a@b', false],
      ['m', '19912345678', true],
      ['m', '12912345678', false],
      ['m', '1391234567', false],
      ['p', '100080', true],
      ['p', '010080', false],
      ['s', 'abc', true],
      ['s', 'ab1', false],
      ['n', '-1.5', true],
      ['n', '1.', false],
      ['z', '-12', true],
      ['z', '1.2', false],
      ['*', 'x', true],
      ['money', '12.34', true],
      ['money', '12.345', false],
      ['money', '0.5', true],
      ['money', '012', false],
    ];
    for (const [name, value, ok] of cases)
      expect([name, value, NAMED_PATTERNS[name].test(value)]).toEqual([name, value, ok]);
  });
});

describe('number cells', () => {
  it('keep a leading minus, digits and one decimal point, parsed as float on blur', () => {
    expect(sanitizeNumberText('-12.3.4a-5')).toBe('-12.345');
    expect(sanitizeNumberText('a1b2')).toBe('12');
    expect(parseNumberText('-12.50')).toBe(-12.5);
    expect(parseNumberText('-')).toBeNull();
  });
});
