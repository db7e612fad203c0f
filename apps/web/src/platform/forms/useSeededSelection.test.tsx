import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSeededSelection } from './useSeededSelection';

type Props = { seed: string[] | undefined; scope?: string };

describe('useSeededSelection', () => {
  it('is not ready and empty until the server answers, then shows its ids', () => {
    const { result, rerender } = renderHook(({ seed, scope }: Props) => useSeededSelection(seed, scope), {
      initialProps: { seed: undefined } as Props,
    });
    expect(result.current.ready).toBe(false);
    expect(result.current.value).toEqual([]);
    rerender({ seed: ['a', 'b'] });
    expect(result.current.ready).toBe(true);
    expect(result.current.value).toEqual(['a', 'b']);
  });

  it('keeps a click made before the server answered (the lost member role of a CI run)', () => {
    const { result, rerender } = renderHook(({ seed, scope }: Props) => useSeededSelection(seed, scope), {
      initialProps: { seed: undefined } as Props,
    });
    act(() => result.current.onChange(['role-1']));
    rerender({ seed: [] });
    expect(result.current.value).toEqual(['role-1']);
    rerender({ seed: ['other'] });
    expect(result.current.value).toEqual(['role-1']);
  });

  it('follows the server again after reset, and shows another scope its own ids', () => {
    const { result, rerender } = renderHook(({ seed, scope }: Props) => useSeededSelection(seed, scope), {
      initialProps: { seed: ['a'], scope: 'd1' } as Props,
    });
    act(() => result.current.onChange(['a', 'b']));
    expect(result.current.value).toEqual(['a', 'b']);
    rerender({ seed: ['x'], scope: 'd2' });
    expect(result.current.value).toEqual(['x']);
    act(() => result.current.onChange(['x', 'y']));
    act(() => result.current.reset());
    expect(result.current.value).toEqual(['x']);
  });
});
