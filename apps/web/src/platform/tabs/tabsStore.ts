import { create } from 'zustand';
import { queryClient } from '../http/queryClient';
import { closeLeft, closeOthers, closeRight, closeTab, openTab, type CloseRefusal, type PageTab } from './tabRules';

interface TabsState {
  tabs: PageTab[];
  /** Bumped by "refresh" to remount a tab's page. */
  refreshCounts: Record<string, number>;
}

/** Open tabs of the multi-tab bar; the rules live in `tabRules.ts`. */
export const useTabsStore = create<TabsState>(() => ({ tabs: [], refreshCounts: {} }));

/** Opens (or keeps) the tab of `key`; `homeKey` is put first when the homepage route exists. */
export function openPageTab(tab: PageTab, homeKey?: string): void {
  useTabsStore.setState((s) => ({ tabs: openTab(s.tabs, tab, homeKey) }));
}

/**
 * Closes one tab; returns the key to navigate to, or the refusal to tell the user.
 */
export function closePageTab(
  key: string,
  activeKey: string,
  homeKey: string,
): { next: string } | { refused: CloseRefusal } {
  const result = closeTab(useTabsStore.getState().tabs, key, activeKey, homeKey);
  if (!result.ok) return { refused: result.reason };
  useTabsStore.setState({ tabs: result.tabs });
  return { next: result.activeKey };
}

/** Bulk closes around `key`: left, right or others. */
export function closePageTabs(kind: 'left' | 'right' | 'others', key: string, homeKey: string): PageTab[] {
  const tabs = useTabsStore.getState().tabs;
  const next =
    kind === 'left'
      ? closeLeft(tabs, key, homeKey)
      : kind === 'right'
        ? closeRight(tabs, key, homeKey)
        : closeOthers(tabs, key, homeKey);
  useTabsStore.setState({ tabs: next });
  return next;
}

/**
 * "Refresh" of the tab menu: reloads the page of `key`. Every cached query is marked stale (none
 * is fetched now), then the page remounts, so the queries it mounts fetch their data again instead
 * of showing the cache, which stays fresh for 30 s otherwise (`queryClient.ts`).
 */
export function refreshPageTab(key: string): void {
  void queryClient.invalidateQueries({ refetchType: 'none' });
  useTabsStore.setState((s) => ({ refreshCounts: { ...s.refreshCounts, [key]: (s.refreshCounts[key] ?? 0) + 1 } }));
}
