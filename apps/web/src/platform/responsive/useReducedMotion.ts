import { useSyncExternalStore } from 'react';

/** The media query of a user (or a test browser) that asks for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(REDUCED_MOTION_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(REDUCED_MOTION_QUERY).matches : false;
}

/**
 * True while the system asks for reduced motion (`prefers-reduced-motion: reduce`): antd's theme
 * then turns its motion off (dialogs, menus, dropdowns and messages appear at once). The browser
 * tests run with it (playwright.config.ts), so no click lands on something still animating.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
