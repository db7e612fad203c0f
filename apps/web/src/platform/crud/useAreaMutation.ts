import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';

/** The cached reads of a feature area: its list route's path and the key every other read starts with. */
export interface QueryArea {
  /** Path of the list route (the list machinery caches it under `['list', path]`). */
  listPath: string;
  /** Key prefix of the area's other reads, e.g. `['warehouses']`. */
  key: readonly unknown[];
}

/**
 * A change of a feature area (save, delete, a transition): `mutationFn`, then the area's list
 * and every read under its key are refetched. Its errors go to the caller (`mutateAsync` rejects).
 */
export function useAreaMutation<T, V>(
  area: QueryArea,
  mutationFn: (vars: V) => Promise<T>,
): UseMutationResult<T, Error, V> {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['list', area.listPath] }),
        client.invalidateQueries({ queryKey: area.key }),
      ]).then(() => undefined),
  });
}
