import { z } from 'zod';

/**
 * Map tile sources of the console (ARCHITECTURE §7, Leaflet). The server picks
 * them at run time from `MAP_TILES` (docs/maps.md), tells the console through the public
 * `loginConfig` call and allows exactly their hosts in the console's content security policy.
 * Under every map the console always draws its offline Natural Earth basemap, so no choice here
 * ever leaves a blank map.
 */

/** OpenStreetMap's standard tiles (WGS-84 / Web Mercator): the default online source. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** AutoNavi/Gaode road tiles (GCJ-02); `{s}` is one of the subdomains 1-4. */
export const GAODE_MAP_TILE_URL =
  'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}';

/** Which kind of online tiles a source is; `offline` (no tiles, basemap only) is not a source. */
export const MAP_TILE_SOURCE_IDS = ['osm', 'gaode', 'custom'] as const;
export type MapTileSourceId = (typeof MAP_TILE_SOURCE_IDS)[number];
/** What a map shows: the offline basemap alone, or one of the sources over it. */
export type MapTileChoice = 'offline' | MapTileSourceId;

/** One online tile source the server allows. */
export interface MapTileSource {
  id: MapTileSourceId;
  /** Leaflet URL template (`{z}`, `{x}`, `{y}`, optional `{s}`); absolute http(s) or same-origin `/…`. */
  url: string;
  /** Attribution HTML shown on the map. */
  attribution: string;
  /** Letters/digits substituted for `{s}`. */
  subdomains: string;
  /** Coordinate system of the tiles: stored WGS-84 positions are converted to it before drawing. */
  coords: 'wgs84' | 'gcj02';
}

/** The console's map settings: allowed sources (in `MAP_TILES` order) and the default choice. */
export interface MapTilesConfig {
  /** What a user who has not chosen sees; `offline` or the id of the first source. */
  defaultChoice: MapTileChoice;
  sources: MapTileSource[];
}

/** Wire schema of {@link MapTilesConfig} (part of the `loginConfig` answer). */
export const MapTilesConfigSchema = z.object({
  defaultChoice: z.enum(['offline', ...MAP_TILE_SOURCE_IDS]),
  sources: z.array(
    z.object({
      id: z.enum(MAP_TILE_SOURCE_IDS),
      url: z.string(),
      attribution: z.string(),
      subdomains: z.string(),
      coords: z.enum(['wgs84', 'gcj02']),
    }),
  ),
});

/** The built-in sources selected by name in `MAP_TILES`. */
export const MAP_TILE_PRESETS: Readonly<Record<'osm' | 'gaode', MapTileSource>> = {
  osm: {
    id: 'osm',
    url: DEFAULT_MAP_TILE_URL,
    attribution: '&copy; OpenStreetMap contributors',
    subdomains: 'abc',
    coords: 'wgs84',
  },
  gaode: {
    id: 'gaode',
    url: GAODE_MAP_TILE_URL,
    attribution: '&copy; AutoNavi 高德地图',
    subdomains: '1234',
    coords: 'gcj02',
  },
};

/** True when a tile URL belongs to a Chinese provider whose tiles are GCJ-02 (AutoNavi/Gaode). */
export function isGcj02TileUrl(url: string): boolean {
  return /autonavi|amap|gaode/i.test(url);
}

/** Thrown by {@link parseMapTiles} for a value it cannot use; the message names what is wrong. */
export class MapTilesError extends Error {}

/** Extra settings of a custom template (`MAP_TILES_ATTRIBUTION`, `MAP_TILES_SUBDOMAINS`, `MAP_TILES_COORD`). */
export interface CustomTileOptions {
  attribution?: string;
  subdomains?: string;
  coords?: string;
}

const TEMPLATE = /^(https?:\/\/[^/?#\s'"]+|\/(?!\/))[^\s'"]*$/i;

/**
 * Parses `MAP_TILES`: a comma-separated list of `osm`, `gaode`, `offline` (alias `none`) and at most
 * one custom Leaflet URL template (absolute http(s) or same-origin `/…`, holding `{x}`, `{y}`, `{z}`).
 * The first item is the default choice; the others are offered in the map's layer switch. Unset or
 * empty → `osm`. A custom template's coordinate system is GCJ-02 when `options.coords` says so or its
 * host is AutoNavi/Gaode, else WGS-84.
 * @example parseMapTiles('gaode') → { defaultChoice: 'gaode', sources: [gaode] }
 * @throws MapTilesError for an unknown word, a template without `{x}`/`{y}`/`{z}`, two templates,
 *   or a `coords` other than wgs84/gcj02.
 */
export function parseMapTiles(value: string | undefined, options: CustomTileOptions = {}): MapTilesConfig {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) items.push('osm');
  if (options.coords !== undefined && options.coords !== 'wgs84' && options.coords !== 'gcj02')
    throw new MapTilesError(`coordinate system must be wgs84 or gcj02, not "${options.coords}"`);
  const sources: MapTileSource[] = [];
  let defaultChoice: MapTileChoice | undefined;
  for (const item of items) {
    const word = item.toLowerCase();
    let choice: MapTileChoice;
    if (word === 'offline' || word === 'none') choice = 'offline';
    else if (word === 'osm' || word === 'gaode') {
      choice = word;
      if (!sources.some((s) => s.id === word)) sources.push(MAP_TILE_PRESETS[word]);
    } else if (TEMPLATE.test(item)) {
      if (!['{x}', '{y}', '{z}'].every((p) => item.includes(p)))
        throw new MapTilesError(`a tile template needs {x}, {y} and {z}: "${item}"`);
      if (sources.some((s) => s.id === 'custom')) throw new MapTilesError('only one custom tile template can be given');
      choice = 'custom';
      sources.push({
        id: 'custom',
        url: item,
        attribution: options.attribution ?? '',
        subdomains: options.subdomains || 'abc',
        coords: (options.coords as MapTileSource['coords'] | undefined) ?? (isGcj02TileUrl(item) ? 'gcj02' : 'wgs84'),
      });
    } else throw new MapTilesError(`"${item}" is not osm, gaode, offline or an http(s) or /… tile URL template`);
    defaultChoice ??= choice;
  }
  return { defaultChoice: defaultChoice ?? 'offline', sources };
}

/**
 * The content-security-policy source that matches every tile of a Leaflet URL template: its scheme
 * and host, with a host label holding a placeholder (`{s}.tile.example.com`,
 * `webrd0{s}.is.autonavi.com`) widened to `*.` (CSP allows a wildcard only as the leftmost label).
 * @returns e.g. `https://tile.openstreetmap.org` or `https://*.is.autonavi.com`; undefined for an
 *   empty, `none`, relative (same origin: `'self'` covers it) or malformed template.
 */
export function tileSourceOf(template: string | undefined): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec((template ?? '').trim());
  if (!m) return undefined;
  const labels = m[2]!.toLowerCase().split('.');
  let last = -1;
  labels.forEach((l, i) => {
    if (/[{}]/.test(l)) last = i;
  });
  const host = last < 0 ? labels.join('.') : ['*', ...labels.slice(last + 1)].join('.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host) || host === '*.' || (last >= 0 && labels.length - last - 1 < 2))
    return undefined;
  return `${m[1]!.toLowerCase()}://${host}`;
}

/** The distinct CSP sources of the sources' templates (see {@link tileSourceOf}), for `img-src`. */
export function tileSourcesOf(sources: readonly Pick<MapTileSource, 'url'>[]): string[] {
  return [...new Set(sources.map((s) => tileSourceOf(s.url)).filter((s): s is string => s !== undefined))];
}
