import { useSyncExternalStore } from 'react';

/** Breakpoints of SPEC §1: mobile layout below 1088 px, narrow mobile flag below 768 px. */
export const MOBILE_LAYOUT_QUERY = '(max-width: 1087.99px)';
export const MOBILE_FLAG_QUERY = '(max-width: 767.99px)';

function subscribeTo(query: string) {
  return (onChange: () => void): (() => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

function snapshotOf(query: string) {
  return (): boolean => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
}

const subscribeLayout = subscribeTo(MOBILE_LAYOUT_QUERY);
const layoutSnapshot = snapshotOf(MOBILE_LAYOUT_QUERY);
const subscribeFlag = subscribeTo(MOBILE_FLAG_QUERY);
const flagSnapshot = snapshotOf(MOBILE_FLAG_QUERY);

/**
 * `isMobileLayout` below 1088 px (the sidebar becomes a drawer), `isMobile` below 768 px.
 */
export function useResponsive(): { isMobileLayout: boolean; isMobile: boolean } {
  const isMobileLayout = useSyncExternalStore(subscribeLayout, layoutSnapshot, () => false);
  const isMobile = useSyncExternalStore(subscribeFlag, flagSnapshot, () => false);
  return { isMobileLayout, isMobile };
}
