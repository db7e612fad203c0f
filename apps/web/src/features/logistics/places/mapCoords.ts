import { gcj02ToWgs84, type LatLng } from '@ztj/contracts';

/**
 * Positions read from a place map (a click, a dragged marker) back to WGS-84 for storing
 * (ARCHITECTURE §7: stored WGS-84, drawn GCJ-02 over AutoNavi/Gaode tiles). Drawing converts the
 * other way with `useMapTiles().toTile`.
 */

/**
 * A map position in the tiles' system `coords` as WGS-84 decimal degrees, rounded to 6 decimals
 * (about 0.1 m), the longitude wrapped into [-180, 180] (Leaflet reports clicks past the
 * antimeridian beyond 180).
 */
export function fromMap(lat: number, lng: number, coords: 'wgs84' | 'gcj02'): LatLng {
  const w = coords === 'gcj02' ? gcj02ToWgs84(lat, lng) : { lat, lng };
  return { lat: round6(w.lat), lng: round6(wrapLng(w.lng)) };
}

const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;
const wrapLng = (lng: number): number => ((((lng + 180) % 360) + 360) % 360) - 180;
