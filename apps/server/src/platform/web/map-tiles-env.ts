import { MapTilesError, parseMapTiles, type MapTilesConfig } from '@ztj/contracts';

/**
 * The console's map tile sources from the environment (docs/maps.md), read at
 * start-up, so a deployment switches tiles by restarting the server, without rebuilding the console:
 * - `MAP_TILES`: `osm` (default), `gaode` (AutoNavi, GCJ-02: the one variable for China), `offline`
 *   (alias `none`: the built-in Natural Earth basemap only) or a custom Leaflet URL template; a
 *   comma list offers several in the maps' layer switch, the first being the default;
 * - `MAP_TILES_ATTRIBUTION`, `MAP_TILES_SUBDOMAINS`, `MAP_TILES_COORD` (`wgs84`|`gcj02`): for a
 *   custom template;
 * - `VITE_MAP_TILE_URL` (+ `VITE_MAP_TILE_ATTRIBUTION`, `_SUBDOMAINS`, `_COORD`): the former
 *   build-time variables, still honoured when `MAP_TILES` is unset.
 * @param env the environment with empty values already removed.
 * @throws Error `"<VARIABLE>: <why>"` naming the variable whose value is unusable.
 */
export function mapTilesFromEnv(env: Readonly<Record<string, string | undefined>>): MapTilesConfig {
  const legacy = env.MAP_TILES === undefined && env.VITE_MAP_TILE_URL !== undefined;
  const name = legacy ? 'VITE_MAP_TILE_URL' : 'MAP_TILES';
  try {
    return parseMapTiles(legacy ? env.VITE_MAP_TILE_URL : env.MAP_TILES, {
      attribution: env.MAP_TILES_ATTRIBUTION ?? (legacy ? env.VITE_MAP_TILE_ATTRIBUTION : undefined),
      subdomains: env.MAP_TILES_SUBDOMAINS ?? (legacy ? env.VITE_MAP_TILE_SUBDOMAINS : undefined),
      coords: env.MAP_TILES_COORD ?? (legacy ? env.VITE_MAP_TILE_COORD : undefined),
    });
  } catch (err) {
    if (err instanceof MapTilesError)
      throw new Error(`${/coordinate system/.test(err.message) ? 'MAP_TILES_COORD' : name}: ${err.message}`);
    throw err;
  }
}
