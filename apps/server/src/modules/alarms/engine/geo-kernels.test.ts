import { describe, expect, it } from 'vitest';
import { destination } from '@turf/turf';
import { RouteDeviationConditionSchema } from '@ztj/contracts';
import {
  distanceToFenceEdgeM,
  prepareRoute,
  routeProgress,
  withinCorridor,
  type Fence,
  type LatLng,
  type PreparedRoute,
} from '../../../platform/geo';
import { newJudgement } from './watcher';
import { corridorKernel, fenceEdgeKernel } from './geo-kernels';
import { routeDeviationWatcher } from './geo-watchers';

/**
 * The precomputed geometry of `geo-kernels.ts` against the straightforward @turf computation of
 * `platform/geo` on tables of points: inside, on the boundary, outside, near a segment's end.
 */

const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;
/** The point `m` metres from `from` on `bearing` (degrees), on @turf's sphere. */
const go = (from: LatLng, m: number, bearing: number): LatLng => {
  const [lng, lat] = destination([from.lng, from.lat], m, bearing, { units: 'meters' }).geometry.coordinates as [
    number,
    number,
  ];
  return { lat, lng };
};
/** A deterministic pseudo-random sequence in [0, 1). */
const random = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

/** The ingest bench's place (geo-bench.ts): its depot, its customer 5 km north and its 22-point route. */
const HOME = { lat: 41.8, lng: 123.4 };
const benchRoute = prepareRoute([
  HOME,
  ...Array.from({ length: 20 }, (_, i) => ({ lat: HOME.lat + 0.002 * (i + 1), lng: HOME.lng + 0.001 * Math.sin(i) })),
  { lat: HOME.lat + 0.045, lng: HOME.lng },
]);

describe('fenceEdgeKernel gives the bits of distanceToFenceEdgeM', () => {
  const circles: Fence[] = [
    { kind: 'circle', center: HOME, radiusM: 500 },
    { kind: 'circle', center: { lat: HOME.lat + 0.045, lng: HOME.lng }, radiusM: 300 },
    { kind: 'circle', center: { lat: -33.9, lng: -70.6 }, radiusM: 1200 },
    { kind: 'circle', center: { lat: 69.7, lng: 18.9 }, radiusM: 50 },
    { kind: 'circle', center: { lat: 0, lng: 0 }, radiusM: 300_000 },
  ];
  it.each(
    circles.map((f) => [f.kind === 'circle' ? `${f.center.lat}, ${f.center.lng} r ${f.radiusM} m` : '', f] as const),
  )('circle %s', (_n, fence) => {
    const edge = fenceEdgeKernel(fence);
    const c = fence.kind === 'circle' ? fence : null;
    const points: LatLng[] = [c!.center];
    for (const share of [0, 0.5, 0.95, 0.999999, 1, 1.000001, 1.05, 2, 40]) {
      for (const bearing of [0, 45, 90, 135, 180, 270, 333]) points.push(go(c!.center, share * c!.radiusM, bearing));
    }
    const next = random(7);
    for (let i = 0; i < 500; i++)
      points.push({ lat: c!.center.lat + (next() - 0.5) * 0.05, lng: c!.center.lng + (next() - 0.5) * 0.05 });
    for (const p of points) expect(edge(p.lat, p.lng)).toBe(distanceToFenceEdgeM(fence, p));
  });
  it('a point on the edge (as @turf measures it) is inside for both', () => {
    const fence: Fence = { kind: 'circle', center: HOME, radiusM: 500 };
    const p = go(HOME, 500, 90);
    expect(fenceEdgeKernel(fence)(p.lat, p.lng) <= 0).toBe(distanceToFenceEdgeM(fence, p) <= 0);
  });
  it('a polygon fence is measured by @turf itself', () => {
    const fence: Fence = {
      kind: 'polygon',
      ring: [HOME, { lat: HOME.lat + 0.01, lng: HOME.lng }, { lat: HOME.lat, lng: HOME.lng + 0.01 }],
    };
    for (const p of [HOME, { lat: HOME.lat + 0.002, lng: HOME.lng + 0.002 }, { lat: HOME.lat - 0.01, lng: HOME.lng }]) {
      expect(fenceEdgeKernel(fence)(p.lat, p.lng)).toBe(distanceToFenceEdgeM(fence, p));
    }
  });
});

/** Every point the kernel accepts is within `radiusM` by the exact distance; returns how many it accepted. */
function acceptedOnlyWithin(route: PreparedRoute, radiusM: number, points: LatLng[]): number {
  const kernel = corridorKernel(route, radiusM);
  let accepted = 0;
  for (const p of points) {
    if (!kernel(p.lat, p.lng)) continue;
    accepted += 1;
    expect(routeProgress(route, p).distanceFromRouteM, `${p.lat}, ${p.lng}`).toBeLessThanOrEqual(radiusM);
  }
  return accepted;
}

describe('corridorKernel only accepts points within the corridor', () => {
  const O = { lat: 41.8, lng: 123.4 };
  /** `n` m north and `e` m east of O (the 3-leg route of logistics corridor.test.ts). */
  const at = (n: number, e = 0): LatLng => ({
    lat: O.lat + n / M_PER_DEG,
    lng: O.lng + e / (M_PER_DEG * Math.cos((O.lat * Math.PI) / 180)),
  });
  const legs = prepareRoute([O, at(5000), at(5000, 3000), at(7000, 3000)]);

  it.each<[string, LatLng, boolean]>([
    ['on the first leg', at(2500), true],
    ['400 m east of the first leg', at(2500, 400), true],
    ['476 m east of the first leg (outside the 5 % band)', at(2500, 476), false],
    ['499 m east of the first leg', at(2500, 499), false],
    ['501 m east of the first leg', at(2500, 501), false],
    ['2 km off', at(2500, 2000), false],
    ['inside the corner of the second leg', at(4700, 1500), true],
    ['400 m before the origin (beyond the segment end)', at(-400), true],
    ['480 m before the origin', at(-480), false],
    ['600 m before the origin', at(-600), false],
    ['300 m past the destination', at(7300, 3000), true],
    ['450 m diagonal from the corner vertex', at(5000 + 318, -318), true],
  ])('%s', (_n, p, accepted) => {
    expect(corridorKernel(legs, 500)(p.lat, p.lng)).toBe(accepted);
    if (accepted) expect(withinCorridor(legs, p, 500).within).toBe(true);
  });

  it('a grid around the 3-leg route and the bench route: accepted ⇒ within', () => {
    const grid: LatLng[] = [];
    for (let n = -1000; n < 9000; n += 97) for (let e = -1500; e < 4500; e += 89) grid.push(at(n, e));
    expect(acceptedOnlyWithin(legs, 500, grid)).toBeGreaterThan(300);
    const near: LatLng[] = [];
    const next = random(11);
    for (let i = 0; i < 3000; i++)
      near.push({ lat: HOME.lat - 0.01 + next() * 0.065, lng: HOME.lng - 0.01 + next() * 0.02 });
    expect(acceptedOnlyWithin(benchRoute, 475, near)).toBeGreaterThan(500);
  });

  it('long east-west and diagonal legs far north stay exact (the great circle bulges off the straight line)', () => {
    let accepted = 0;
    for (const lat of [-50, 45, 60, 75]) {
      for (const legM of [10_000, 30_000, 60_000, 150_000]) {
        const a = { lat, lng: 10 };
        const b = go(a, legM, 90);
        const route = prepareRoute([a, b, go(b, legM, 40)]);
        const points: LatLng[] = [];
        for (const along of [0.1, 0.3, 0.5, 0.7, 0.9]) {
          for (const [from, bearing] of [
            [a, 90],
            [b, 40],
          ] as const) {
            const mid = go(from, legM * along, bearing);
            for (const off of [-900, -600, -480, -300, -100, 0, 100, 300, 480, 600, 900])
              points.push(go(mid, Math.abs(off), bearing + (off < 0 ? -90 : 90)));
          }
        }
        accepted += acceptedOnlyWithin(route, 500, points);
      }
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('decides nothing it should not: one-point routes, no corridor, the far north', () => {
    expect(corridorKernel(prepareRoute([O]), 500)(O.lat, O.lng)).toBe(false);
    expect(corridorKernel(legs, 0)(O.lat, O.lng)).toBe(false);
    const north = prepareRoute([
      { lat: 85, lng: 0 },
      { lat: 85.01, lng: 0 },
    ]);
    expect(corridorKernel(north, 500)(85.005, 0)).toBe(false);
  });
});

describe('the route deviation watcher judges as the exact distance does', () => {
  const condition = RouteDeviationConditionSchema.parse({
    type: 'routeDeviation',
    routeId: 'r',
    corridorM: 500,
    hysteresis: { margin: 25, clearDelayMinutes: 0 },
  });
  const watcher = routeDeviationWatcher(condition, { locations: new Map(), routes: new Map([['r', benchRoute]]) });

  it('hold above the corridor, clear within corridor − margin, the distance as value outside the clear corridor', () => {
    const next = random(3);
    for (let i = 0; i < 2000; i++) {
      const p = { lat: HOME.lat - 0.01 + next() * 0.065, lng: HOME.lng - 0.012 + next() * 0.024 };
      const d = routeProgress(benchRoute, p).distanceFromRouteM;
      const v = newJudgement();
      expect(watcher.judge({ ts: 0, values: {}, ...p }, null, v)).toBe(true);
      expect([v.hold, v.clear]).toEqual([d > 500, d <= 475]);
      if (!v.clear) expect(v.value).toBe(Math.round(d));
    }
  });
});
