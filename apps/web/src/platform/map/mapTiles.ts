import {
  gcj02ToWgs84,
  wgs84ToGcj02,
  type LatLng,
  type MapTileChoice,
  type MapTileSource,
  type MapTilesConfig,
} from '@ztj/contracts';

/**
 * Pure rules of the console's map tiles (ARCHITECTURE §7): which source a map
 * shows and how positions are converted for it. Positions are stored WGS-84 (decimal degrees);
 * tiles of Chinese providers (AutoNavi/Gaode) are GCJ-02.
 */

/** Converts a position between WGS-84 and the tiles' system (decimal degrees in, decimal degrees out). */
export type PositionConverter = (lat: number, lng: number) => LatLng;

const identity: PositionConverter = (lat, lng) => ({ lat, lng });

/** WGS-84 → tile coordinates, per tile coordinate system (stable functions, safe as hook dependencies). */
export const TO_TILE: Readonly<Record<MapTileSource['coords'], PositionConverter>> = {
  wgs84: identity,
  gcj02: wgs84ToGcj02,
};
/** Tile coordinates → WGS-84 (for clicks and drags on the map), per tile coordinate system. */
export const FROM_TILE: Readonly<Record<MapTileSource['coords'], PositionConverter>> = {
  wgs84: identity,
  gcj02: gcj02ToWgs84,
};

/**
 * What a map shows: the user's stored choice when the server still offers it, else the server's
 * default; `offline` (the Natural Earth basemap alone) while the server's answer is not in.
 */
export function resolveChoice(config: MapTilesConfig | null, stored: MapTileChoice | null): MapTileChoice {
  if (!config) return 'offline';
  if (stored === 'offline' || (stored && config.sources.some((s) => s.id === stored))) return stored;
  return config.defaultChoice === 'offline' || config.sources.some((s) => s.id === config.defaultChoice)
    ? config.defaultChoice
    : 'offline';
}

/** The online source of a choice, or null for `offline`. */
export function sourceOf(config: MapTilesConfig | null, choice: MapTileChoice): MapTileSource | null {
  return config?.sources.find((s) => s.id === choice) ?? null;
}

/** Choices the layer switch offers: offline first, then the server's sources in its order. */
export function choicesOf(config: MapTilesConfig | null): MapTileChoice[] {
  return ['offline', ...(config?.sources.map((s) => s.id) ?? [])];
}
