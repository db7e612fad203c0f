import { describe, expect, it } from 'vitest';
import { passwordStrength } from './passwordStrength';

describe('passwordStrength (SPEC §5 meter)', () => {
  it('is strong only when the rule holds', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('Abcdefg1')).toBe(2);
    expect(passwordStrength('Abc#1')).toBe(1);
    expect(passwordStrength('Abcdef#1')).toBe(3);
  });
});
