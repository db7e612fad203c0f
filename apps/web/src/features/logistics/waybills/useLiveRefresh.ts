import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` every `intervalMs` (ms) while `active` and the tab is visible (SPEC §9 polling
 * interval, the waybill list's live mode): a hidden tab skips its ticks and refreshes once when it
 * is shown again. The latest `refresh` is used without restarting the timer.
 */
export function useLiveRefresh(active: boolean, refresh: () => void, intervalMs: number): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!active) return undefined;
    const visible = (): boolean => document.visibilityState === 'visible';
    const timer = window.setInterval(() => {
      if (visible()) latest.current();
    }, intervalMs);
    const onShow = (): void => {
      if (visible()) latest.current();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [active, intervalMs]);
}
