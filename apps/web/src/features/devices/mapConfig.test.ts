import { describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from '@ztj/contracts';
import { mapTileConfig } from './mapConfig';
import { nextPlaybackIndex, toTilePoints } from './trackPlayback';

describe('track map configuration', () => {
  it('defaults to a {z}/{x}/{y} template drawn in WGS-84', () => {
    const config = mapTileConfig({});
    expect(config.url).toContain('{z}/{x}/{y}');
    expect(config.coords).toBe('wgs84');
  });

  it('draws on a blank background when tiles are switched off', () => {
    expect(mapTileConfig({ url: 'none' }).url).toBeNull();
    expect(mapTileConfig({ url: '' }).url).toBeNull();
  });

  it('uses GCJ-02 for AutoNavi/Gaode templates or when told to', () => {
    expect(mapTileConfig({ url: 'https://webrd0{s}.is.autonavi.example/appmaptile?x={x}&y={y}&z={z}' }).coords).toBe('gcj02');
    expect(mapTileConfig({ url: 'https://tiles.example/{z}/{x}/{y}.png', coords: 'gcj02' }).coords).toBe('gcj02');
  });

  it('converts positions only for GCJ-02 tiles', () => {
    const points = [{ lat: 41.8, lng: 123.43, ts: 1 }];
    expect(toTilePoints(points, 'wgs84')).toEqual(points);
    const [p] = toTilePoints(points, 'gcj02');
    expect(p).toEqual({ ...wgs84ToGcj02(41.8, 123.43), ts: 1 });
    expect(p.lat).not.toBe(41.8);
  });

  it('advances playback by the speed and stops at the end', () => {
    expect(nextPlaybackIndex(0, 5, 100)).toBe(5);
    expect(nextPlaybackIndex(97, 5, 100)).toBe(99);
    expect(nextPlaybackIndex(3, 0, 100)).toBe(4);
  });
});
