import { afterEach, describe, expect, it } from 'vitest';
import { MAP_TILE_PRESETS, wgs84ToGcj02 } from '@ztj/contracts';
import { TO_TILE } from '../../platform/map/mapTiles';
import { useMapTilesStore } from '../../platform/map/useMapTiles';
import { MAP_TILES, toTilePosition } from './mapConfig';
import { nextPlaybackIndex, toTilePoints } from './trackPlayback';

afterEach(() => useMapTilesStore.setState({ config: null, stored: null }));

describe('track map tiles (deprecated wrappers over the run-time choice)', () => {
  it('follows the active source: nothing before the server answers, Gaode in GCJ-02 once chosen', () => {
    expect(MAP_TILES.url).toBeNull();
    expect(toTilePosition(39.9, 116.4)).toEqual({ lat: 39.9, lng: 116.4 });
    useMapTilesStore.setState({
      config: { defaultChoice: 'gaode', sources: [MAP_TILE_PRESETS.gaode, MAP_TILE_PRESETS.osm] },
      stored: null,
    });
    expect(MAP_TILES).toMatchObject({ url: MAP_TILE_PRESETS.gaode.url, coords: 'gcj02', subdomains: '1234' });
    expect(toTilePosition(39.9, 116.4)).toEqual(wgs84ToGcj02(39.9, 116.4));
    useMapTilesStore.setState({ stored: 'osm' });
    expect(MAP_TILES.coords).toBe('wgs84');
    expect(toTilePosition(39.9, 116.4, 'gcj02')).toEqual(wgs84ToGcj02(39.9, 116.4));
  });

  it('converts track points only for GCJ-02 tiles', () => {
    const points = [{ lat: 41.8, lng: 123.43, ts: 1 }];
    expect(toTilePoints(points, TO_TILE.wgs84)).toEqual(points);
    const [p] = toTilePoints(points, TO_TILE.gcj02);
    expect(p).toEqual({ ...wgs84ToGcj02(41.8, 123.43), ts: 1 });
    expect(p!.lat).not.toBe(41.8);
  });

  it('advances playback by the speed and stops at the end', () => {
    expect(nextPlaybackIndex(0, 5, 100)).toBe(5);
    expect(nextPlaybackIndex(97, 5, 100)).toBe(99);
    expect(nextPlaybackIndex(3, 0, 100)).toBe(4);
  });
});
