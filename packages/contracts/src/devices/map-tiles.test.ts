import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_TILE_URL,
  GAODE_MAP_TILE_URL,
  MAP_TILE_PRESETS,
  MapTilesError,
  parseMapTiles,
  tileSourceOf,
  tileSourcesOf,
} from './map-tiles';

describe('tileSourceOf (console CSP img-src for map tiles)', () => {
  it('takes scheme and host of a template, widening a placeholder label to *.', () => {
    expect(tileSourceOf(DEFAULT_MAP_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileSourceOf('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(tileSourceOf('https://webrd0{s}.is.autonavi.com/appmaptile?x={x}')).toBe('https://*.is.autonavi.com');
    expect(tileSourceOf(GAODE_MAP_TILE_URL)).toBe('https://*.is.autonavi.com');
    expect(tileSourceOf('http://127.0.0.1:8081/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8081');
  });

  it('gives nothing for no tiles, relative or malformed templates, or a wildcard over a whole domain', () => {
    for (const t of [undefined, '', 'none', '/tiles/{z}.png', 'https://{s}.com/x', "https://a.b'c/x"])
      expect(tileSourceOf(t)).toBeUndefined();
  });

  it('lists each host once for img-src, nothing for same-origin templates', () => {
    expect(
      tileSourcesOf([
        MAP_TILE_PRESETS.gaode,
        MAP_TILE_PRESETS.osm,
        MAP_TILE_PRESETS.osm,
        { url: '/tiles/{z}/{x}/{y}.png' },
      ]),
    ).toEqual(['https://*.is.autonavi.com', 'https://tile.openstreetmap.org']);
    expect(tileSourcesOf([])).toEqual([]);
  });
});

describe('parseMapTiles (MAP_TILES)', () => {
  it('defaults to OpenStreetMap when unset or empty', () => {
    for (const v of [undefined, '', ' , '])
      expect(parseMapTiles(v)).toEqual({ defaultChoice: 'osm', sources: [MAP_TILE_PRESETS.osm] });
  });

  it('takes the presets by name: osm in WGS-84, gaode in GCJ-02 on subdomains 1-4', () => {
    expect(parseMapTiles('osm')).toEqual({ defaultChoice: 'osm', sources: [MAP_TILE_PRESETS.osm] });
    const gaode = parseMapTiles(' GAODE ');
    expect(gaode.defaultChoice).toBe('gaode');
    expect(gaode.sources).toEqual([
      {
        id: 'gaode',
        url: GAODE_MAP_TILE_URL,
        attribution: expect.stringContaining('AutoNavi') as string,
        subdomains: '1234',
        coords: 'gcj02',
      },
    ]);
  });

  it('offline and none: the basemap alone, no online source', () => {
    expect(parseMapTiles('offline')).toEqual({ defaultChoice: 'offline', sources: [] });
    expect(parseMapTiles('none')).toEqual({ defaultChoice: 'offline', sources: [] });
  });

  it('a list: the first item is the default, the others are offered, duplicates dropped', () => {
    const c = parseMapTiles('gaode, osm, gaode');
    expect(c.defaultChoice).toBe('gaode');
    expect(c.sources.map((s) => s.id)).toEqual(['gaode', 'osm']);
    const o = parseMapTiles('offline,osm');
    expect(o).toEqual({ defaultChoice: 'offline', sources: [MAP_TILE_PRESETS.osm] });
  });

  it('a custom template, WGS-84 unless told or hosted by AutoNavi, with its own attribution and subdomains', () => {
    const c = parseMapTiles('https://{s}.tiles.example.com/{z}/{x}/{y}.png', {
      attribution: '© Example',
      subdomains: 'xy',
    });
    expect(c).toEqual({
      defaultChoice: 'custom',
      sources: [
        {
          id: 'custom',
          url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
          attribution: '© Example',
          subdomains: 'xy',
          coords: 'wgs84',
        },
      ],
    });
    expect(parseMapTiles('/tiles/{z}/{x}/{y}.png').sources[0]).toMatchObject({
      id: 'custom',
      subdomains: 'abc',
      coords: 'wgs84',
      attribution: '',
    });
    expect(
      parseMapTiles('https://wprd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}&style=7').sources[0]!.coords,
    ).toBe('gcj02');
    expect(parseMapTiles('https://tiles.example.com/{z}/{x}/{y}.png', { coords: 'gcj02' }).sources[0]!.coords).toBe(
      'gcj02',
    );
  });

  it('refuses unknown words, templates without x/y/z, protocol-relative or quoted templates, two templates and a bad coordinate system', () => {
    for (const v of [
      'google',
      'ftp://t.example/{z}/{x}/{y}',
      'https://t.example/{z}/{x}.png',
      '//evil.example/{z}/{x}/{y}',
      "https://t.example/{z}/{x}/{y}'",
      'https://a.example/{z}/{x}/{y},https://b.example/{z}/{x}/{y}',
    ]) {
      expect(() => parseMapTiles(v), v).toThrow(MapTilesError);
    }
    expect(() => parseMapTiles('osm', { coords: 'bd09' })).toThrow(/wgs84 or gcj02/);
  });
});
