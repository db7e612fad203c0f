import { DEFAULT_MAP_TILE_URL, wgs84ToGcj02, type LatLng } from '@ztj/contracts';

/**
 * Track map tiles (ARCHITECTURE §7). The tile URL template comes from `VITE_MAP_TILE_URL`
 * (default `DEFAULT_MAP_TILE_URL` of the contracts, OpenStreetMap; the server's console CSP allows the
 * same host, read from the same variable); `none` (or an empty value) draws the
 * track on a blank background. Positions are WGS-84; tiles of Chinese providers (AutoNavi/Gaode)
 * are GCJ-02, detected from the URL or forced with `VITE_MAP_TILE_COORD=gcj02`.
 */
export interface MapTileConfig {
  /** Leaflet URL template, or null for no tiles. */
  url: string | null;
  attribution: string;
  /** Coordinate system of the tiles: positions are converted to it before drawing. */
  coords: 'wgs84' | 'gcj02';
  /** Subdomains for `{s}` in the template. */
  subdomains: string;
}

const DEFAULT_ATTRIBUTION = '&copy; OpenStreetMap contributors';

/** True when a tile URL belongs to a Chinese provider whose tiles are GCJ-02 (AutoNavi/Gaode). */
export function isGcj02TileUrl(url: string): boolean {
  return /autonavi|amap|gaode/i.test(url);
}

/** Builds the tile configuration from the `VITE_MAP_*` values (exported for tests). */
export function mapTileConfig(env: { url?: unknown; attribution?: unknown; coords?: unknown; subdomains?: unknown }): MapTileConfig {
  const raw = typeof env.url === 'string' ? env.url.trim() : undefined;
  const url = raw === undefined ? DEFAULT_MAP_TILE_URL : raw === '' || raw === 'none' ? null : raw;
  const coords = env.coords === 'gcj02' || env.coords === 'wgs84' ? env.coords : url && isGcj02TileUrl(url) ? 'gcj02' : 'wgs84';
  return {
    url,
    attribution: typeof env.attribution === 'string' ? env.attribution : raw === undefined ? DEFAULT_ATTRIBUTION : '',
    coords,
    subdomains: typeof env.subdomains === 'string' && env.subdomains ? env.subdomains : 'abc',
  };
}

/** The console's track-map tiles. */
export const MAP_TILES: MapTileConfig = mapTileConfig({
  url: import.meta.env.VITE_MAP_TILE_URL,
  attribution: import.meta.env.VITE_MAP_TILE_ATTRIBUTION,
  coords: import.meta.env.VITE_MAP_TILE_COORD,
  subdomains: import.meta.env.VITE_MAP_TILE_SUBDOMAINS,
});

/**
 * A stored WGS-84 position (decimal degrees) in the coordinate system of the tiles: unchanged for
 * WGS-84 tiles, converted to GCJ-02 for Chinese providers (ARCHITECTURE §7). Shared by every map
 * of the device area (track, device map).
 */
export function toTilePosition(lat: number, lng: number, coords: MapTileConfig['coords'] = MAP_TILES.coords): LatLng {
  return coords === 'gcj02' ? wgs84ToGcj02(lat, lng) : { lat, lng };
}
