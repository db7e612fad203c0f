/**
 * WGS-84 ↔ GCJ-02 conversion (ARCHITECTURE §7: positions are stored as WGS-84 and converted to
 * GCJ-02 only when drawn on Chinese tile providers).
 *
 * GCJ-02 is WGS-84 plus a deterministic offset of a few hundred metres applied inside mainland
 * China. The forward function is the published GB/T offset polynomial evaluated on the Krasovsky
 * 1940 ellipsoid (a = 6 378 245 m, e² = 0.006 693 421 622 965 943 23). Outside the rough China
 * bounding box the input is returned unchanged, as the tile providers do.
 * The inverse is solved by fixed-point iteration of the forward function to below 1e-10° (about
 * 0.01 mm), instead of the common one-step approximation whose error reaches a couple of metres.
 * Coordinates are decimal degrees; `lat` north positive, `lng` east positive.
 */

/** A WGS-84 or GCJ-02 position in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const KRASOVSKY_A = 6378245.0;
// e² = 0.00669342162296594323, written as the double it rounds to.
const KRASOVSKY_EE = 0.006693421622965943;
const DEG = Math.PI / 180;

/**
 * True outside the bounding box where GCJ-02 applies (lng 72.004-137.8347, lat 0.8293-55.8271).
 * The box is the customary one; it includes some neighbouring countries' land, as every
 * implementation does.
 */
export function isOutsideChina(lat: number, lng: number): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

/** Periodic terms shared by both offset polynomials (x = lng − 105, y = lat − 35, degrees). */
function waves(u: number, v: number, big: readonly [number, number]): number {
  return (
    ((20 * Math.sin(6 * u * Math.PI) + 20 * Math.sin(2 * u * Math.PI)) * 2) / 3 +
    ((20 * Math.sin(v * Math.PI) + 40 * Math.sin((v / 3) * Math.PI)) * 2) / 3 +
    ((big[0] * Math.sin((v / 12) * Math.PI) + big[1] * Math.sin((v / 30) * Math.PI)) * 2) / 3
  );
}

function offsetLatMetresLike(x: number, y: number): number {
  return -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x)) + waves(x, y, [160, 320]);
}

function offsetLngMetresLike(x: number, y: number): number {
  return 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x)) + waves(x, x, [150, 300]);
}

/** The GCJ-02 offset (degrees) at a WGS-84 position, without the bounding-box check. */
function offsetAt(lat: number, lng: number): LatLng {
  const x = lng - 105;
  const y = lat - 35;
  const s = Math.sin(lat * DEG);
  const w = 1 - KRASOVSKY_EE * s * s;
  const sw = Math.sqrt(w);
  // Metres-like polynomial values scaled to degrees by the meridian and parallel radii of curvature.
  const dLat = (offsetLatMetresLike(x, y) * 180) / (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (w * sw)) * Math.PI);
  const dLng = (offsetLngMetresLike(x, y) * 180) / ((KRASOVSKY_A / sw) * Math.cos(lat * DEG) * Math.PI);
  return { lat: dLat, lng: dLng };
}

/** WGS-84 → GCJ-02 (decimal degrees). Outside China the input is returned unchanged. */
export function wgs84ToGcj02(lat: number, lng: number): LatLng {
  if (isOutsideChina(lat, lng)) return { lat, lng };
  const d = offsetAt(lat, lng);
  return { lat: lat + d.lat, lng: lng + d.lng };
}

/**
 * GCJ-02 → WGS-84 (decimal degrees) by iterating the forward offset until the round trip is
 * within 1e-10° (converges in 3-5 steps). Outside China the input is returned unchanged.
 */
export function gcj02ToWgs84(lat: number, lng: number): LatLng {
  if (isOutsideChina(lat, lng)) return { lat, lng };
  let w: LatLng = { lat, lng };
  for (let i = 0; i < 30; i++) {
    const d = offsetAt(w.lat, w.lng);
    const errLat = w.lat + d.lat - lat;
    const errLng = w.lng + d.lng - lng;
    w = { lat: w.lat - errLat, lng: w.lng - errLng };
    if (Math.abs(errLat) < 1e-10 && Math.abs(errLng) < 1e-10) break;
  }
  return w;
}
