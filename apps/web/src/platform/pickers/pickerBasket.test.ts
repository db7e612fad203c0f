import { describe, expect, it } from 'vitest';
import { selectAllInBasket, toggleInBasket } from './pickerBasket';

const key = (r: { id: string }): string => r.id;
const a = { id: 'a' };
const b = { id: 'b' };
const c = { id: 'c' };

describe('record picker basket (SPEC §4)', () => {
  it('a row click toggles in multi mode', () => {
    expect(toggleInBasket([a], b, key, true)).toEqual([a, b]);
    expect(toggleInBasket([a, b], { id: 'a' }, key, true)).toEqual([b]);
  });

  it('a row click replaces in single mode', () => {
    expect(toggleInBasket([a], b, key, false)).toEqual([b]);
    expect(toggleInBasket([], a, key, false)).toEqual([a]);
  });

  it('the header checkbox adds the page without duplicates or removes it', () => {
    expect(selectAllInBasket([a], [a, b, c], true, key)).toEqual([a, b, c]);
    expect(selectAllInBasket([a, b, c], [b, c], false, key)).toEqual([a]);
  });
});
