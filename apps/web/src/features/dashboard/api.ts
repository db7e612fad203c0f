import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  DashboardRoutes,
  type BigScreenData,
  type DashboardStats,
  type DashboardTrend,
  type DashboardTrendDays,
} from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Query keys of the dashboard (live updates invalidate the figures by prefix). */
export const DASHBOARD_KEYS = {
  analysis: ['dashboard', 'analysis'] as const,
  trend: (days: DashboardTrendDays) => ['dashboard', 'trend', days] as const,
  bigScreen: ['dashboard', 'bigscreen'] as const,
};

/** Refresh period of the big screen's figures besides the live WebSocket updates, ms. */
export const BIG_SCREEN_REFRESH_MS = 60_000;

/** Figures of the analysis dashboard (`DashboardRoutes.analysis`). */
export function useDashboardStats(): UseQueryResult<DashboardStats> {
  return useQuery({
    queryKey: DASHBOARD_KEYS.analysis,
    queryFn: ({ signal }) => callApi(DashboardRoutes.analysis, { signal }),
  });
}

/** Alarms, readings and pushes per Asia/Shanghai day for 7, 14 or 30 days (`DashboardRoutes.trend`). */
export function useDashboardTrend(days: DashboardTrendDays): UseQueryResult<DashboardTrend> {
  return useQuery({
    queryKey: DASHBOARD_KEYS.trend(days),
    queryFn: ({ signal }) => callApi(DashboardRoutes.trend, { query: { days }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** Data of the big-data screen, refreshed every minute (`DashboardRoutes.bigScreen`). */
export function useBigScreenData(): UseQueryResult<BigScreenData> {
  return useQuery({
    queryKey: DASHBOARD_KEYS.bigScreen,
    queryFn: ({ signal }) => callApi(DashboardRoutes.bigScreen, { signal }),
    refetchInterval: BIG_SCREEN_REFRESH_MS,
  });
}
