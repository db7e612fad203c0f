/**
 * ETA of a waybill (SPEC §4 timing outcomes): remaining distance along the preset
 * route at the recent average speed.
 *
 * Rule (documented once, here):
 * - The window is the last {@link EtaOptions.windowMs} (default 20 minutes) of device time before
 *   `now`, inclusive at both ends; fixes outside it are ignored.
 * - Average speed: when ≥ 2 fixes in the window carry a position and their device times differ,
 *   the path length between consecutive fixes (great-circle, metres) divided by the elapsed time
 *   (so stops in traffic count). Otherwise the mean of the reported GPS speeds (km/h) in the window.
 *   No usable fix in the window → no speed → no ETA (`null`).
 * - Floor: the speed is never taken below {@link EtaOptions.minSpeedKmh} (default 5 km/h), so a
 *   stopped truck gets a late but finite ETA instead of an infinite one.
 * - ETA (ms epoch) = now + remainingM / speed; remainingM ≤ 0 → now.
 */
import { distanceM } from '../../../platform/geo/fence';

/** A recent device fix: device time ms epoch, WGS-84 degrees and/or GPS speed in km/h. */
export interface SpeedFix {
  t: number;
  lat?: number | null;
  lng?: number | null;
  speedKmh?: number | null;
}

/** Window and floor of the ETA rule. */
export interface EtaOptions {
  /** Look-back window in ms (default 20 minutes). */
  windowMs?: number;
  /** Lowest speed used, km/h (default 5). */
  minSpeedKmh?: number;
}

/** Default look-back window: 20 minutes. */
export const ETA_WINDOW_MS = 20 * 60_000;
/** Default speed floor: 5 km/h. */
export const ETA_MIN_SPEED_KMH = 5;

const hasPos = (f: SpeedFix): f is SpeedFix & { lat: number; lng: number } =>
  typeof f.lat === 'number' && typeof f.lng === 'number' && Number.isFinite(f.lat) && Number.isFinite(f.lng);

/**
 * Average speed (km/h) over the window ending at `now` per the module rule, without the floor;
 * `null` when no fix in the window gives a speed.
 */
export function recentAverageSpeedKmh(
  fixes: readonly SpeedFix[],
  now: number,
  options: EtaOptions = {},
): number | null {
  const windowMs = options.windowMs ?? ETA_WINDOW_MS;
  const inWindow = fixes.filter((f) => f.t <= now && f.t >= now - windowMs).sort((a, b) => a.t - b.t);
  const positioned = inWindow.filter(hasPos);
  if (positioned.length >= 2) {
    const elapsedMs = positioned[positioned.length - 1].t - positioned[0].t;
    if (elapsedMs > 0) {
      let pathM = 0;
      for (let i = 1; i < positioned.length; i++) pathM += distanceM(positioned[i - 1], positioned[i]);
      return pathM / 1000 / (elapsedMs / 3_600_000);
    }
  }
  const speeds = inWindow
    .map((f) => f.speedKmh)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s) && s >= 0);
  if (speeds.length === 0) return null;
  return speeds.reduce((a, b) => a + b, 0) / speeds.length;
}

/**
 * Estimated arrival (ms epoch) for `remainingM` metres left along the route, from the fixes of the
 * window ending at `now` (see the module rule). `null` when the window gives no speed.
 */
export function estimateArrivalMs(
  remainingM: number,
  fixes: readonly SpeedFix[],
  now: number,
  options: EtaOptions = {},
): number | null {
  const speed = recentAverageSpeedKmh(fixes, now, options);
  if (speed === null) return null;
  if (remainingM <= 0) return now;
  const kmh = Math.max(speed, options.minSpeedKmh ?? ETA_MIN_SPEED_KMH);
  return now + Math.round((remainingM / 1000 / kmh) * 3_600_000);
}
