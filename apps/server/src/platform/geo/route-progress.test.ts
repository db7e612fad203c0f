import { describe, expect, it } from 'vitest';
import { prepareRoute, routeProgress } from './route-progress';

const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;
const O = { lat: 33.9, lng: -6.8 };
/** A point `n` metres north and `e` metres east of O (small offsets, flat enough at this scale). */
const at = (n: number, e = 0): { lat: number; lng: number } => ({
  lat: O.lat + n / M_PER_DEG,
  lng: O.lng + e / (M_PER_DEG * Math.cos((O.lat * Math.PI) / 180)),
});

describe('routeProgress on a 2-point route (2 km north)', () => {
  const route = [O, at(2000)];
  it.each([
    ['at the origin', at(0), 0, 0, 2000],
    ['halfway on the line', at(1000), 0, 1000, 1000],
    ['halfway, 150 m east (corridor)', at(1000, 150), 150, 1000, 1000],
    ['at the destination', at(2000), 0, 2000, 0],
    ['500 m before the origin', at(-500), 500, 0, 2000],
    ['300 m past the destination', at(2300), 300, 2000, 0],
  ])('%s', (_n, p, off, along, remaining) => {
    const r = routeProgress(route, p);
    expect(r.totalM).toBeCloseTo(2000, 0);
    expect(r.distanceFromRouteM).toBeCloseTo(off, -1);
    expect(r.alongM).toBeCloseTo(along, -1);
    expect(r.remainingM).toBeCloseTo(remaining, -1);
  });
});

describe('routeProgress with a waypoint (1 km north then 1 km east)', () => {
  const prepared = prepareRoute([O, at(1000), at(1000, 1000)]);
  it.each([
    ['on the first leg', at(500), 500, 1500],
    ['at the waypoint', at(1000), 1000, 1000],
    ['on the second leg', at(1000, 400), 1400, 600],
    ['south of the second leg by 100 m', at(900, 600), 1600, 400],
  ])('%s', (_n, p, along, remaining) => {
    const r = routeProgress(prepared, p);
    expect(r.totalM).toBeCloseTo(2000, -1);
    expect(r.alongM).toBeCloseTo(along, -1);
    expect(r.remainingM).toBeCloseTo(remaining, -1);
  });
});

describe('degenerate routes', () => {
  it('drops repeated points and handles a one-point route', () => {
    expect(prepareRoute([O, O, at(1000)]).points).toHaveLength(2);
    const r = routeProgress([O, O], at(100));
    expect(r).toMatchObject({ alongM: 0, remainingM: 0, totalM: 0 });
    expect(r.distanceFromRouteM).toBeCloseTo(100, 3);
  });
  it('rejects an empty route', () => {
    expect(() => prepareRoute([])).toThrow(RangeError);
  });
});
