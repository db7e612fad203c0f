import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The error of the list machinery's latest call for `path` (queries `['list', path, …]`), or null
 * once a call succeeds again: the list's error state (the machinery keeps only rows and loading).
 */
export function useListError(path: string): Error | null {
  const client = useQueryClient();
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    const cache = client.getQueryCache();
    const read = (): void => {
      const latest = cache
        .findAll({ queryKey: ['list', path] })
        .map((q) => ({ q, at: Math.max(q.state.dataUpdatedAt, q.state.errorUpdatedAt) }))
        .sort((a, b) => b.at - a.at)[0]?.q;
      const next = latest?.state.status === 'error' ? (latest.state.error as Error) : null;
      setError((prev) => (prev === next ? prev : next));
    };
    read();
    return cache.subscribe(read);
  }, [client, path]);
  return error;
}
