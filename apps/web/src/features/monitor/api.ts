import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { MONITOR_REFRESH_MS, MonitorRoutes, type MonitorSnapshot } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Query key of the server's monitoring snapshot. */
export const MONITOR_INFO_KEY = ['monitor', 'info'] as const;

/**
 * The server's health (MonitorRoutes.info), fetched again every
 * MONITOR_REFRESH_MS (5 s) while the page is visible. Silent: a failed refresh is shown on the
 * page (the last figures stay), not as a notification every 5 s.
 */
export function useMonitorInfo(): UseQueryResult<MonitorSnapshot> {
  return useQuery({
    queryKey: MONITOR_INFO_KEY,
    queryFn: ({ signal }) => callApi(MonitorRoutes.info, { signal, silent: true }),
    refetchInterval: MONITOR_REFRESH_MS,
    retry: false,
  });
}
