/**
 * Full-screen mode of the big screen (the browser's Fullscreen API). Asking needs a user gesture
 * (the analysis page's button); a refusal or a browser without the API leaves the page as it is,
 * the big screen then simply covers the console's layout.
 */
export function enterFullscreen(): void {
  const el = typeof document === 'undefined' ? null : document.documentElement;
  if (!el?.requestFullscreen || document.fullscreenElement) return;
  el.requestFullscreen().catch(() => undefined);
}

/** Leaves full-screen mode when the page is in it. */
export function exitFullscreen(): void {
  if (typeof document === 'undefined' || !document.fullscreenElement || !document.exitFullscreen) return;
  document.exitFullscreen().catch(() => undefined);
}
