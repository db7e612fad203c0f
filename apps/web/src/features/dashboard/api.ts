import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { AlarmRoutes, DashboardRoutes, type DashboardStats } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Figures of the analysis dashboard (`DashboardRoutes.analysis`). */
export function useDashboardStats(): UseQueryResult<DashboardStats> {
  return useQuery({ queryKey: ['dashboard', 'analysis'], queryFn: ({ signal }) => callApi(DashboardRoutes.analysis, { signal }) });
}

/** Alarm counts of the dashboard card (issue 9 item 4): alarms still active, alarms not yet processed. */
export interface AlarmCounts {
  active: number;
  unprocessed: number;
}

async function alarmCount(filter: Record<string, string>, signal: AbortSignal): Promise<number> {
  const page = await callApi(AlarmRoutes.list, { query: { ...filter, pageNo: '1', pageSize: '1' }, silent: true, signal });
  return page.total;
}

/**
 * Active and unprocessed alarm counts of the tenant, from the totals of the alarm list
 * (`status=active`, `processed=false`); refreshed every 30 s. Silent: without `alarm:list` the
 * query fails and the dashboard leaves the card out.
 */
export function useAlarmCounts(enabled = true): UseQueryResult<AlarmCounts> {
  return useQuery({
    queryKey: ['alarms', 'counts'],
    queryFn: async ({ signal }) => {
      const [active, unprocessed] = await Promise.all([alarmCount({ status: 'active' }, signal), alarmCount({ processed: 'false' }, signal)]);
      return { active, unprocessed };
    },
    enabled,
    retry: false,
    refetchInterval: 30_000,
  });
}
