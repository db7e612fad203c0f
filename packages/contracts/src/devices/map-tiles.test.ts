import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL, tileSourceOf } from './map-tiles';

describe('tileSourceOf (console CSP img-src for map tiles)', () => {
  it('takes scheme and host of a template, widening a placeholder label to *.', () => {
    expect(tileSourceOf(DEFAULT_MAP_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileSourceOf('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(tileSourceOf('https://webrd0{s}.is.autonavi.com/appmaptile?x={x}')).toBe('https://*.is.autonavi.com');
    expect(tileSourceOf('http://127.0.0.1:8081/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8081');
  });

  it('gives nothing for no tiles, relative or malformed templates, or a wildcard over a whole domain', () => {
    for (const t of [undefined, '', 'none', '/tiles/{z}.png', 'https://{s}.com/x', "https://a.b'c/x"]) expect(tileSourceOf(t)).toBeUndefined();
  });
});
