import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { DepartRoutes, type DepartIdNode } from '@ztj/contracts';
import { callApi } from '../http/callApi';

/** Query key of the department id tree (invalidate after department changes). */
export const DEPART_TREE_KEY = ['sys', 'depart', 'idTree'] as const;

/** The department id tree of the current tenant (`queryIdTree`), for pickers. */
export function useDepartIdTree(enabled = true): UseQueryResult<DepartIdNode[]> {
  return useQuery({
    queryKey: DEPART_TREE_KEY,
    enabled,
    queryFn: ({ signal }) => callApi(DepartRoutes.queryIdTree, { signal }),
  });
}
