import { describe, expect, it } from 'vitest';
import {
  DIVISION_WAYBILL_CALLS,
  DivisionWaybillRoutes,
  WaybillAddSchema,
  WaybillRoutes,
  WaybillTimeSchema,
} from './waybills-api';

/** SPEC §5 rules of the waybill body as the console and the server both apply them. */
const body = { name: 'Trip', plannedStart: 1_000, plannedEnd: 2_000, deviceIds: ['VH-1'], routeId: 'r1' };
const issues = (input: unknown): Record<string, string> =>
  Object.fromEntries((WaybillAddSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('WaybillAddSchema', () => {
  it('accepts the required fields and fills defaults', () => {
    expect(WaybillAddSchema.parse(body)).toMatchObject({
      number: '',
      driverPhone: '',
      mileageKm: null,
      aiStartStop: false,
      monitorUserIds: [],
    });
  });
  it('requires name, route, start and end, and a device', () => {
    expect(issues({ ...body, name: ' ', routeId: '', deviceIds: [] })).toEqual({
      name: 'validation.required',
      routeId: 'validation.required',
      deviceIds: 'validation.sceneNoDevice',
    });
    expect(issues({ name: 'x', deviceIds: ['a'], routeId: 'r' })).toMatchObject({
      plannedStart: 'validation.required',
      plannedEnd: 'validation.required',
    });
  });
  it('wants the end after the start, a mobile driver phone and no slash in the name', () => {
    expect(issues({ ...body, plannedEnd: 1_000 })).toEqual({ plannedEnd: 'validation.ruleEndNotAfterStart' });
    expect(issues({ ...body, driverPhone: '1234' })).toEqual({ driverPhone: 'validation.mobile' });
    expect(issues({ ...body, name: 'a/b' })).toEqual({ name: 'validation.noSlash' });
    expect(WaybillTimeSchema.safeParse({ id: 'w', plannedStart: 5, plannedEnd: 4 }).success).toBe(false);
  });
});

describe('DivisionWaybillRoutes', () => {
  it('are the SPEC §7 task calls under /wlx/divisionTask with the same method, permission and schemas', () => {
    expect(Object.keys(DivisionWaybillRoutes).sort()).toEqual([...DIVISION_WAYBILL_CALLS].sort());
    for (const k of DIVISION_WAYBILL_CALLS) {
      const [d, t] = [DivisionWaybillRoutes[k], WaybillRoutes[k]];
      expect(d.path, k).toBe(`/wlx/divisionTask/${k}`);
      expect({ m: d.method, a: d.access, q: d.query, b: d.body, r: d.result }, k).toEqual({
        m: t.method,
        a: t.access,
        q: t.query,
        b: t.body,
        r: t.result,
      });
    }
  });
});
