import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../validation';
import { FENCE_RADIUS_MAX_M, LocationAddSchema, RouteAddSchema } from './places-api';

/** Field errors of a failed parse as `path → message key`. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const route = {
  name: 'Depot to store',
  origin: { lat: 33.986225, lng: -6.725523 },
  waypoints: [{ lat: 33.98, lng: -6.73, name: 'Bridge' }],
  destination: { lat: 33.953793, lng: -6.851494 },
  fenceRadiusM: 300,
};
const location = { name: 'Depot', lat: 33.986225, lng: -6.725523, fenceRadiusM: 300 };

describe('route and location schemas (SPEC §5)', () => {
  it('accepts a route and a location and fills the defaults', () => {
    expect(RouteAddSchema.parse(route)).toMatchObject({ description: '', waypoints: [{ name: 'Bridge' }] });
    expect(LocationAddSchema.parse(location)).toEqual({ ...location, address: '', fenceEnabled: true, polygon: null });
    expect(LocationAddSchema.parse({ ...location, fenceRadiusM: FENCE_RADIUS_MAX_M }).fenceRadiusM).toBe(1_000_000);
  });

  it('refuses a fence radius of 0, below 0 and above 1000 km with the spec message', () => {
    for (const fenceRadiusM of [0, -5, FENCE_RADIUS_MAX_M + 1, Number.NaN]) {
      expect(errorsOf(RouteAddSchema.safeParse({ ...route, fenceRadiusM }))).toEqual({
        fenceRadiusM: 'validation.fenceRadius',
      });
      expect(errorsOf(LocationAddSchema.safeParse({ ...location, fenceRadiusM }))).toEqual({
        fenceRadiusM: 'validation.fenceRadius',
      });
    }
    expect(errorsOf(LocationAddSchema.safeParse({ ...location, fenceRadiusM: undefined }))).toEqual({
      fenceRadiusM: 'validation.required',
    });
    expect(VALIDATION_MESSAGES['validation.fenceRadius']['en-US']).toBe(
      'The fence radius must be greater than 0 and at most 1000 km',
    );
    expect(VALIDATION_MESSAGES['validation.fenceRadius']['zh-CN']).toBe('围栏半径必须大于0且不超过1000公里');
  });

  it('requires the route name and the location name (blank after trimming)', () => {
    expect(errorsOf(RouteAddSchema.safeParse({ ...route, name: '   ' }))).toEqual({ name: 'validation.required' });
    expect(errorsOf(LocationAddSchema.safeParse({ ...location, name: undefined }))).toEqual({
      name: 'validation.required',
    });
  });

  it('refuses latitudes and longitudes outside WGS-84 ranges, on the field that is wrong', () => {
    expect(errorsOf(LocationAddSchema.safeParse({ ...location, lat: 91 }))).toEqual({ lat: 'validation.latitude' });
    expect(errorsOf(LocationAddSchema.safeParse({ ...location, lng: -180.5 }))).toEqual({
      lng: 'validation.longitude',
    });
    expect(errorsOf(RouteAddSchema.safeParse({ ...route, waypoints: [{ lat: 0, lng: 200 }] }))).toEqual({
      'waypoints.0.lng': 'validation.longitude',
    });
    expect(errorsOf(RouteAddSchema.safeParse({ ...route, origin: undefined }))).toHaveProperty('origin');
  });

  it('takes a polygon fence of at least 3 corners', () => {
    const corners = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 1 },
      { lat: 1, lng: 1 },
    ];
    expect(LocationAddSchema.parse({ ...location, polygon: corners }).polygon).toHaveLength(3);
    expect(errorsOf(LocationAddSchema.safeParse({ ...location, polygon: corners.slice(0, 2) }))).toEqual({
      polygon: 'validation.polygonTooFew',
    });
  });
});
