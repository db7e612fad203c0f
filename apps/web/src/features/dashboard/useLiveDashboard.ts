import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BigScreenData, DashboardStats } from '@ztj/contracts';
import { useAlarmSocket } from '../../platform/websocket/alarmSocket';
import { DASHBOARD_KEYS } from './api';
import { mergeAlarmNotice } from './dashboardModel';

/** Wait before refetching the figures after live alarm notices (a burst refetches once), ms. */
const REFRESH_DELAY_MS = 2_000;

/**
 * Live dashboard: every alarm notice of the console WebSocket goes into the
 * scroll info bar at once (analysis page and big screen), and the figures are refetched once the
 * notices pause, so counts follow raised, cleared and processed alarms.
 */
export function useLiveDashboard(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useAlarmSocket((message) => {
    client.setQueryData<DashboardStats>(DASHBOARD_KEYS.analysis, (old) =>
      old?.latestAlarms ? { ...old, latestAlarms: mergeAlarmNotice(old.latestAlarms, message) } : old,
    );
    client.setQueryData<BigScreenData>(DASHBOARD_KEYS.bigScreen, (old) =>
      old?.stats.latestAlarms
        ? { ...old, stats: { ...old.stats, latestAlarms: mergeAlarmNotice(old.stats.latestAlarms, message) } }
        : old,
    );
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void client.invalidateQueries({ queryKey: DASHBOARD_KEYS.analysis });
      void client.invalidateQueries({ queryKey: DASHBOARD_KEYS.bigScreen });
    }, REFRESH_DELAY_MS);
  });
}
