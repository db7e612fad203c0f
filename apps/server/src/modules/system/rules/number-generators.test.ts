import { describe, expect, it } from 'vitest';
import { composeNumber, periodOf } from './number-generators';

describe('fill-rule number format', () => {
  // 2026-03-04 17:30 UTC is already 2026-03-05 in Asia/Shanghai
  const now = Date.UTC(2026, 2, 4, 17, 30);

  it('writes the date part in Asia/Shanghai', () => {
    expect(periodOf('yyyyMMdd', now)).toBe('20260305');
    expect(periodOf('yyMMdd', now)).toBe('260305');
    expect(periodOf('yyyyMM', now)).toBe('202603');
    expect(periodOf('none', now)).toBe('');
  });

  it('pads the sequence and lets it grow past its digits', () => {
    expect(composeNumber({ prefix: 'WB', dateFormat: 'yyyyMMdd', digits: 3 }, '20260305', 7)).toBe('WB20260305007');
    expect(composeNumber({ prefix: '', dateFormat: 'none', digits: 2 }, '', 123)).toBe('123');
  });
});
