import type { RouteHandle } from '../router/routeHandle';

/** One open page of the multi-tab bar (SPEC §2 "Tabs"), keyed by its full path. */
export interface PageTab {
  /** Full path with query, e.g. `/device/detail/7?from=list`. */
  key: string;
  /** Path without query, to look up the route. */
  pathname: string;
  /** Route handle of the page when opened (its title). */
  handle?: RouteHandle;
}

/** Why a tab could not be closed; the UI shows the matching translated message. */
export type CloseRefusal = 'homepage' | 'lastPage';

export type CloseResult =
  | { ok: true; tabs: PageTab[]; /** Key to show next when the active tab was closed. */ activeKey: string }
  | { ok: false; reason: CloseRefusal };

/**
 * Adds a tab for `tab.key` at the end if it is not open yet. The homepage tab, when given, is kept
 * first (it is opened before any other page).
 */
export function openTab(tabs: readonly PageTab[], tab: PageTab, homeKey?: string): PageTab[] {
  let next = tabs.some((t) => t.key === tab.key) ? [...tabs] : [...tabs, tab];
  if (homeKey !== undefined && tab.key !== homeKey && !next.some((t) => t.key === homeKey)) {
    next = [{ key: homeKey, pathname: homeKey }, ...next];
  }
  return next;
}

/**
 * Closes one tab: the homepage cannot be closed ('homepage'), nor the last remaining tab
 * ('lastPage'). Closing the active tab activates its right neighbour, else the left one.
 */
export function closeTab(tabs: readonly PageTab[], key: string, activeKey: string, homeKey: string): CloseResult {
  if (key === homeKey) return { ok: false, reason: 'homepage' };
  if (tabs.length <= 1) return { ok: false, reason: 'lastPage' };
  const index = tabs.findIndex((t) => t.key === key);
  if (index < 0) return { ok: true, tabs: [...tabs], activeKey };
  const next = tabs.filter((t) => t.key !== key);
  if (key !== activeKey) return { ok: true, tabs: next, activeKey };
  const neighbour = next[Math.min(index, next.length - 1)];
  return { ok: true, tabs: next, activeKey: neighbour.key };
}

function keepOnly(
  tabs: readonly PageTab[],
  keep: (tab: PageTab, index: number) => boolean,
  homeKey: string,
): PageTab[] {
  return tabs.filter((t, i) => t.key === homeKey || keep(t, i));
}

/** Closes the tabs left of `key` (the homepage stays). */
export function closeLeft(tabs: readonly PageTab[], key: string, homeKey: string): PageTab[] {
  const index = tabs.findIndex((t) => t.key === key);
  return index < 0 ? [...tabs] : keepOnly(tabs, (_, i) => i >= index, homeKey);
}

/** Closes the tabs right of `key` (the homepage stays). */
export function closeRight(tabs: readonly PageTab[], key: string, homeKey: string): PageTab[] {
  const index = tabs.findIndex((t) => t.key === key);
  return index < 0 ? [...tabs] : keepOnly(tabs, (_, i) => i <= index, homeKey);
}

/** Closes every tab but `key` (the homepage stays). */
export function closeOthers(tabs: readonly PageTab[], key: string, homeKey: string): PageTab[] {
  return keepOnly(tabs, (t) => t.key === key, homeKey);
}

/**
 * The tab to show after a bulk close: the active one if it survived, else the clicked tab
 * (which always survives).
 */
export function activeAfterBulkClose(tabs: readonly PageTab[], clickedKey: string, activeKey: string): string {
  return tabs.some((t) => t.key === activeKey) ? activeKey : clickedKey;
}
