import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { DashboardRoutes, type DashboardStats } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Figures of the analysis dashboard (`DashboardRoutes.analysis`). */
export function useDashboardStats(): UseQueryResult<DashboardStats> {
  return useQuery({ queryKey: ['dashboard', 'analysis'], queryFn: ({ signal }) => callApi(DashboardRoutes.analysis, { signal }) });
}
