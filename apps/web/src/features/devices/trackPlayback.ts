import type { LatLng } from '@ztj/contracts';
import type { PositionConverter } from '../../platform/map/mapTiles';

/** A track point as drawn: position in the tile system and its device time. */
export interface DrawnPoint extends LatLng {
  ts: number;
}

/**
 * Track points converted for the tiles with `toTile` (`useMapTiles().toTile`): WGS-84 kept, or
 * GCJ-02 over Chinese providers (ARCHITECTURE §7).
 */
export function toTilePoints(points: readonly DrawnPoint[], toTile: PositionConverter): DrawnPoint[] {
  return points.map((p) => ({ ...toTile(p.lat, p.lng), ts: p.ts }));
}

/** Playback speeds of the track slider, points advanced per 100 ms tick. */
export const PLAYBACK_SPEEDS = { min: 1, max: 50, default: 5 } as const;

/** The next playback index: advances by `speed`, stopping at the last point. */
export function nextPlaybackIndex(index: number, speed: number, length: number): number {
  return Math.min(length - 1, index + Math.max(1, Math.round(speed)));
}
