/** Paths of a multi-valued upload field as a list (the wire form is comma-joined, SPEC §3). */
export function pathsOf(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * What a multi upload keeps (SPEC §4): with a limit above 0 the last `limit` files, otherwise all.
 */
export function keepLast<T>(items: readonly T[], limit: number): T[] {
  return limit > 0 && items.length > limit ? items.slice(items.length - limit) : [...items];
}

/** Result of moving an image: the new order, or why it could not move (SPEC §8 messages). */
export type MoveResult = { paths: string[] } | { refused: 'unknownOperation' | 'atEnd' };

/**
 * Moves the image at `index` one place earlier (`first`) or later (`last`). The first image cannot
 * move earlier ('unknown operation') and the last cannot move later ('already at the end').
 */
export function moveImage(paths: readonly string[], index: number, direction: 'first' | 'last'): MoveResult {
  if (index < 0 || index >= paths.length) return { refused: 'unknownOperation' };
  const to = direction === 'first' ? index - 1 : index + 1;
  if (to < 0) return { refused: 'unknownOperation' };
  if (to >= paths.length) return { refused: 'atEnd' };
  const next = [...paths];
  [next[index], next[to]] = [next[to], next[index]];
  return { paths: next };
}
