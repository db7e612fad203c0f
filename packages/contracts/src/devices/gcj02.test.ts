import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, isOutsideChina, wgs84ToGcj02 } from './gcj02';

/**
 * Published sample pairs (wgsLat, wgsLng, gcjLat, gcjLng): the Shanghai, Shenzhen and Beijing test
 * points of googollee/eviltransform, and the wgs84togcj02(116.404, 39.915) example of
 * wandergis/coordtransform. Tolerance 1e-9° (about 0.1 mm); this implementation matches them to
 * the last digit or within 2e-14°.
 */
const PAIRS: ReadonlyArray<readonly [number, number, number, number]> = [
  [31.1774276, 121.5272106, 31.17530398364597, 121.531541859215],
  [22.543847, 113.912316, 22.540796131694766, 113.9171764808363],
  [39.911954, 116.377817, 39.91334545536069, 116.38404722455657],
  [39.915, 116.404, 39.91640428150164, 116.41024449916938],
];
const TOL = 1e-9;

describe('WGS-84 ↔ GCJ-02 (ARCHITECTURE §7)', () => {
  it.each(PAIRS)('WGS %f,%f → GCJ matches the published value', (wLat, wLng, gLat, gLng) => {
    const g = wgs84ToGcj02(wLat, wLng);
    expect(Math.abs(g.lat - gLat)).toBeLessThan(TOL);
    expect(Math.abs(g.lng - gLng)).toBeLessThan(TOL);
  });

  it.each(PAIRS)('GCJ → WGS inverts the published value (%f,%f)', (wLat, wLng, gLat, gLng) => {
    const w = gcj02ToWgs84(gLat, gLng);
    expect(Math.abs(w.lat - wLat)).toBeLessThan(TOL);
    expect(Math.abs(w.lng - wLng)).toBeLessThan(TOL);
  });

  it('round-trips across mainland China within 1e-9°', () => {
    for (let lat = 18.5; lat <= 53; lat += 2.5) {
      for (let lng = 74; lng <= 134; lng += 3) {
        const g = wgs84ToGcj02(lat, lng);
        const w = gcj02ToWgs84(g.lat, g.lng);
        expect(Math.abs(w.lat - lat)).toBeLessThan(TOL);
        expect(Math.abs(w.lng - lng)).toBeLessThan(TOL);
      }
    }
  });

  it('shifts by a few hundred metres inside China', () => {
    const g = wgs84ToGcj02(41.8057, 123.4315); // Shenyang
    const dy = (g.lat - 41.8057) * 111_320;
    const dx = (g.lng - 123.4315) * 111_320 * Math.cos((41.8057 * Math.PI) / 180);
    const metres = Math.hypot(dx, dy);
    expect(metres).toBeGreaterThan(100);
    expect(metres).toBeLessThan(1000);
  });

  it('returns points outside China unchanged', () => {
    expect(isOutsideChina(33.986225, -6.725523)).toBe(true); // Rabat, the Twizy tracks
    expect(wgs84ToGcj02(33.986225, -6.725523)).toEqual({ lat: 33.986225, lng: -6.725523 });
    expect(gcj02ToWgs84(51.5, -0.12)).toEqual({ lat: 51.5, lng: -0.12 });
    expect(wgs84ToGcj02(-33.86, 151.2)).toEqual({ lat: -33.86, lng: 151.2 });
    expect(isOutsideChina(39.9, 116.4)).toBe(false);
  });
});
