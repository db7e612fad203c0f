import { describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from '@ztj/contracts';
import { fromMap } from './mapCoords';
import { moveItem, radiusKmText } from './placeForm';

describe('place editor helpers', () => {
  it('converts a click on GCJ-02 tiles back to the WGS-84 position that was drawn', () => {
    const shanghai = { lat: 31.230416, lng: 121.473701 };
    const drawn = wgs84ToGcj02(shanghai.lat, shanghai.lng);
    expect(Math.abs(drawn.lat - shanghai.lat) + Math.abs(drawn.lng - shanghai.lng)).toBeGreaterThan(0.001);
    expect(fromMap(drawn.lat, drawn.lng, 'gcj02')).toEqual(shanghai);
    expect(fromMap(33.9862251, -6.7255234, 'wgs84')).toEqual({ lat: 33.986225, lng: -6.725523 });
    expect(fromMap(10, 190, 'wgs84')).toEqual({ lat: 10, lng: -170 });
  });

  it('moves waypoints up and down and shows the radius in km', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(radiusKmText(1500)).toBe('1.5 km');
    expect(radiusKmText(null)).toBe('');
  });
});
