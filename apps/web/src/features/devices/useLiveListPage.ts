import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RouteDef } from '@ztj/contracts';
import { useListPage, type ListPageState, type RowOf, type UseListPageOptions } from '../../platform/list/useListPage';

/** What {@link useLiveListPage} gives: the list state for `<ListPage>` and the current load error. */
export interface LiveListPage<Row> {
  list: ListPageState<Row>;
  /** Error of the list call on screen (null when it answered), for an inline retry notice. */
  error: Error | null;
}

/**
 * The list machinery (`useListPage`) for lists whose rows change on their own (devices,
 * gateways): the list refetches in the background every `pollMs` (SPEC §9 polling, 6 s without
 * the live socket, a slow safety refresh with it), without the table's loading overlay; user
 * actions (search, paging, sort) still show it; `pollMs` false refreshes only on demand. Also
 * exposes the error of the call on screen.
 */
export function useLiveListPage<D extends RouteDef>(
  options: UseListPageOptions<D>,
  pollMs: number | false,
): LiveListPage<RowOf<D>> {
  const list = useListPage(options);
  const { reload } = list;
  const [background, setBackground] = useState(false);
  useEffect(() => {
    if (pollMs === false) return;
    const timer = setInterval(() => {
      setBackground(true);
      void reload().finally(() => setBackground(false));
    }, pollMs);
    return () => clearInterval(timer);
  }, [pollMs, reload]);

  const cache = useQueryClient().getQueryCache();
  const path = options.route.path;
  const error = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () =>
      cache.findAll({ queryKey: ['list', path], type: 'active' }).find((q) => q.state.status === 'error')?.state
        .error ?? null,
  );
  return { list: background ? { ...list, loading: false } : list, error };
}
