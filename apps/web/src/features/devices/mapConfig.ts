import type { LatLng, MapTileSource } from '@ztj/contracts';
import { resolveChoice, sourceOf, TO_TILE } from '../../platform/map/mapTiles';
import { currentTileCoords, useMapTilesStore } from '../../platform/map/useMapTiles';

/**
 * Former build-time map configuration of the device area. The tiles are now chosen at run time
 * (server `MAP_TILES`, the maps' layer switch; `platform/map/useMapTiles`); what is left here are
 * deprecated wrappers over the active choice for code not yet moved to the hook.
 */
export interface MapTileConfig {
  /** Leaflet URL template, or null for no tiles (offline basemap only). */
  url: string | null;
  attribution: string;
  /** Coordinate system of the tiles: positions are converted to it before drawing. */
  coords: MapTileSource['coords'];
  /** Subdomains for `{s}` in the template. */
  subdomains: string;
}

function activeSource(): MapTileSource | null {
  const { config, stored } = useMapTilesStore.getState();
  return sourceOf(config, resolveChoice(config, stored));
}

/**
 * The active tiles, read when a property is read (not reactive).
 * @deprecated use `useMapTiles()` from `platform/map/useMapTiles` (re-renders on a switch).
 */
export const MAP_TILES: Readonly<MapTileConfig> = {
  get url() {
    return activeSource()?.url ?? null;
  },
  get attribution() {
    return activeSource()?.attribution ?? '';
  },
  get coords() {
    return currentTileCoords();
  },
  get subdomains() {
    return activeSource()?.subdomains ?? 'abc';
  },
};

/**
 * A stored WGS-84 position (decimal degrees) in the coordinate system of the tiles: unchanged for
 * WGS-84 tiles, converted to GCJ-02 for Chinese providers (ARCHITECTURE §7).
 * @param coords the tiles' system; by default the active tiles' at the time of the call.
 * @deprecated use `useMapTiles().toTile`, which follows the layer switch.
 */
export function toTilePosition(
  lat: number,
  lng: number,
  coords: MapTileSource['coords'] = currentTileCoords(),
): LatLng {
  return TO_TILE[coords](lat, lng);
}
