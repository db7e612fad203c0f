import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting';

describe('greetingKey (SPEC §9)', () => {
  it('follows the hour bands: under 9, to 11, to 13, under 20, else evening', () => {
    expect([0, 8, 9, 11, 12, 13, 14, 19, 20, 23].map(greetingKey)).toEqual([
      'morning',
      'morning',
      'forenoon',
      'forenoon',
      'noon',
      'noon',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });
});
