/** Ids of a `?ids=a,b` query, trimmed, empty parts dropped. */
export function splitIds(ids: string): string[] {
  return [
    ...new Set(
      ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
