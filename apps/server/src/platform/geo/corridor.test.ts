import { describe, expect, it } from 'vitest';
import { withinCorridor } from './corridor';
import { prepareRoute, routeProgress } from './route-progress';

const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;
const O = { lat: 41.8, lng: 123.4 };
const at = (n: number, e = 0): { lat: number; lng: number } => ({
  lat: O.lat + n / M_PER_DEG,
  lng: O.lng + e / (M_PER_DEG * Math.cos((O.lat * Math.PI) / 180)),
});

/** A 3-leg route: 5 km north, 3 km east, 2 km north. */
const route = prepareRoute([O, at(5000), at(5000, 3000), at(7000, 3000)]);

describe('withinCorridor agrees with the exact distance', () => {
  it.each([
    ['on the first leg', at(2500), 500, true],
    ['480 m east of the first leg (inside the 5 % band)', at(2500, 480), 500, true],
    ['499 m east of the first leg', at(2500, 499), 500, true],
    ['501 m east of the first leg', at(2500, 501), 500, false],
    ['2 km off', at(2500, 2000), 500, false],
    ['inside the corner of the second leg', at(4700, 1500), 500, true],
    ['400 m before the origin', at(-400), 500, true],
    ['600 m before the origin', at(-600), 500, false],
    ['radius 0: only on the line', at(2500, 10), 0, false],
  ])('%s', (_n, p, r, within) => {
    const got = withinCorridor(route, p, r);
    expect(got.within).toBe(within);
    expect(routeProgress(route, p).distanceFromRouteM <= r).toBe(within);
    if (got.distanceM !== null) expect(got.distanceM).toBeCloseTo(routeProgress(route, p).distanceFromRouteM, 6);
  });

  it('a grid of 400 points around the route gives the exact answer everywhere', () => {
    let mismatches = 0;
    for (let n = -1000; n < 9000; n += 500) {
      for (let e = -1500; e < 4500; e += 300) {
        const p = at(n, e);
        if (withinCorridor(route, p, 700).within !== routeProgress(route, p).distanceFromRouteM <= 700) mismatches += 1;
      }
    }
    expect(mismatches).toBe(0);
  });

  it('decides points well inside without the exact distance (the fast path)', () => {
    expect(withinCorridor(route, at(2500, 100), 500).distanceM).toBeNull();
  });
});
