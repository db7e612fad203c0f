import { describe, expect, it } from 'vitest';
import { distanceM, distanceToFenceEdgeM, fenceContains, fenceOfLocation, type Fence } from './fence';

/** 1° of latitude on @turf's mean Earth radius (6,371,008.8 m). */
const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;
const C = { lat: 33.986225, lng: -6.725523 };
const north = (m: number): { lat: number; lng: number } => ({ lat: C.lat + m / M_PER_DEG, lng: C.lng });

describe('distanceM (haversine)', () => {
  it.each([
    ['same point', C, C, 0],
    ['1 km north', C, north(1000), 1000],
    ['Rabat → Casablanca centres ≈ 85.2 km', { lat: 34.0209, lng: -6.8416 }, { lat: 33.5731, lng: -7.5898 }, 85_200],
  ])('%s', (_n, a, b, m) => {
    expect(distanceM(a, b)).toBeCloseTo(m, m > 10_000 ? -3 : 3);
  });
});

describe('circle fence', () => {
  const fence: Fence = { kind: 'circle', center: C, radiusM: 300 };
  it.each([
    ['centre', C, true, -300],
    ['200 m in', north(200), true, -100],
    ['on the edge (300 m)', north(300), true, 0],
    ['301 m out', north(301), false, 1],
    ['1 km out', north(1000), false, 700],
  ])('%s', (_n, p, inside, edge) => {
    expect(fenceContains(fence, p)).toBe(inside);
    expect(distanceToFenceEdgeM(fence, p)).toBeCloseTo(edge, 3);
  });
});

describe('polygon fence', () => {
  // ~1.1 km square around C, open ring (closed by the library).
  const d = 0.005;
  const ring = [
    { lat: C.lat - d, lng: C.lng - d },
    { lat: C.lat - d, lng: C.lng + d },
    { lat: C.lat + d, lng: C.lng + d },
    { lat: C.lat + d, lng: C.lng - d },
  ];
  const fence: Fence = { kind: 'polygon', ring };
  it('contains the centre, negative edge distance inside', () => {
    expect(fenceContains(fence, C)).toBe(true);
    // nearest edge is east/west: 0.005° of longitude at 34° N ≈ 461 m
    expect(distanceToFenceEdgeM(fence, C)).toBeCloseTo(-461, -1);
  });
  it('outside to the north by ~1 km', () => {
    const p = { lat: C.lat + d + 1000 / M_PER_DEG, lng: C.lng };
    expect(fenceContains(fence, p)).toBe(false);
    expect(distanceToFenceEdgeM(fence, p)).toBeCloseTo(1000, -1);
  });
  it('rejects fewer than 3 vertices', () => {
    expect(() => fenceContains({ kind: 'polygon', ring: ring.slice(0, 2) }, C)).toThrow(RangeError);
  });
});

describe('fenceOfLocation', () => {
  it.each([
    ['no polygon → circle', null, 'circle'],
    [
      '2-vertex polygon → circle',
      [
        [1, 2],
        [3, 4],
      ],
      'circle',
    ],
    [
      '[lng,lat] pairs → polygon',
      [
        [-6.7, 33.9],
        [-6.6, 33.9],
        [-6.6, 34],
      ],
      'polygon',
    ],
    [
      '{lat,lng} objects → polygon',
      [
        { lat: 33.9, lng: -6.7 },
        { lat: 33.9, lng: -6.6 },
        { lat: 34, lng: -6.6 },
      ],
      'polygon',
    ],
    ['garbage → circle', [['a', 'b'], 1, 2], 'circle'],
  ])('%s', (_n, polygon, kind) => {
    const f = fenceOfLocation({ lat: C.lat, lng: C.lng, fenceRadiusM: 250, polygon });
    expect(f.kind).toBe(kind);
    if (f.kind === 'circle') expect(f.radiusM).toBe(250);
  });
  it('reads [lng,lat] in GeoJSON order', () => {
    const f = fenceOfLocation({
      lat: 0,
      lng: 0,
      fenceRadiusM: 1,
      polygon: [
        [-6.7, 33.9],
        [-6.6, 33.9],
        [-6.6, 34],
      ],
    });
    expect(f.kind === 'polygon' && f.ring[0]).toEqual({ lat: 33.9, lng: -6.7 });
  });
});
