import { describe, expect, it } from 'vitest';
import { RuleConditionSchema } from '@ztj/contracts';
import {
  CONDITION_TYPES,
  FLAG_PARAMS,
  POSITION_CONDITION_TYPES,
  conditionToContract,
  conditionToForm,
  newCondition,
  reminderToContract,
  reminderToForm,
} from './conditionModel';

describe('condition form ⇄ contract mapping', () => {
  it('every new condition of every type is a valid contract condition once values are filled', () => {
    for (const type of CONDITION_TYPES) {
      // position conditions need their place picked (a location or route id of the tenant)
      const place = POSITION_CONDITION_TYPES.includes(type) ? { locationId: 'loc-1', routeId: 'route-1' } : {};
      const c = { ...newCondition(type, { low: 2, high: 8 }), ...place };
      expect(RuleConditionSchema.safeParse(conditionToContract(c)).success, type).toBe(true);
    }
  });

  it('a position condition without its place is refused on that field; extra ids are dropped', () => {
    for (const [type, field] of [
      ['geofence', 'locationId'],
      ['dwell', 'locationId'],
      ['routeDeviation', 'routeId'],
    ] as const) {
      const r = RuleConditionSchema.safeParse(conditionToContract(newCondition(type)));
      expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]), type).toContainEqual([
        field,
        'validation.required',
      ]);
    }
    expect(conditionToContract({ ...newCondition('geofence'), locationId: 'a', routeId: 'b', effect: 6 })).toEqual({
      type: 'geofence',
      locationId: 'a',
      effect: 6,
      hysteresis: { margin: 0, clearDelayMinutes: 0 },
    });
    expect(conditionToContract({ ...newCondition('routeDeviation'), routeId: 'b' })).toEqual({
      type: 'routeDeviation',
      routeId: 'b',
      corridorM: 500,
      hysteresis: { margin: 0, clearDelayMinutes: 0 },
    });
  });

  it('uses the SPEC §9 defaults: tilt 70°, free fall 3 cm / 5 g', () => {
    expect(newCondition('tilt').degrees).toBe(70);
    expect(newCondition('freeFall')).toMatchObject({ minHeightCm: 3, minVibrationG: 5 });
  });

  it('keeps only the fields of the type and valueMax only for between', () => {
    const form = { ...newCondition('threshold', { low: 2, high: 8 }), min: 1, max: 9, effect: 2, valueMax: 12 };
    expect(conditionToContract(form)).toEqual({
      type: 'threshold',
      param: 'P003',
      comparison: 0,
      value: 8,
      hysteresis: { margin: 0, clearDelayMinutes: 0 },
    });
    expect(conditionToContract({ ...form, comparison: 4 })).toMatchObject({ comparison: 4, value: 8, valueMax: 12 });
  });

  it('maps a duration with its inner condition, and emptied boxes to missing (required) values', () => {
    const d = newCondition('duration', { low: null, high: 8 });
    const body = conditionToContract({
      ...d,
      condition: { ...(d.condition as object), type: 'threshold', value: null } as never,
    });
    expect(body).toEqual({
      type: 'duration',
      minutes: 10,
      condition: { type: 'threshold', param: 'P003', comparison: 0, hysteresis: { margin: 0, clearDelayMinutes: 0 } },
    });
    const parsed = RuleConditionSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['condition', 'value']);
  });

  it('round-trips a stored condition', () => {
    const stored = {
      type: 'range' as const,
      param: 'P004',
      effect: 1 as const,
      min: 30,
      max: 70,
      hysteresis: { margin: 2, clearDelayMinutes: 5 },
    };
    expect(conditionToContract(conditionToForm(stored))).toEqual(stored);
  });

  it('a door/flag condition picks its on/off parameter: door P026 by default (left out of the contract), others kept', () => {
    const h = { margin: 0, clearDelayMinutes: 0 };
    expect(newCondition('door')).toMatchObject({ param: 'P026', effect: 1 });
    expect(FLAG_PARAMS).toEqual(['P026', 'P064', 'P011', 'P055', 'P065', 'P066']);
    // a stored door condition (no param) shows P026 and saves unchanged
    const door = { type: 'door' as const, effect: 3 as const, hysteresis: h };
    expect(conditionToForm(door).param).toBe('P026');
    expect(conditionToContract(conditionToForm(door))).toEqual(door);
    // a plug-overload template loaded, saved, loaded again: unchanged
    const overload = {
      type: 'door' as const,
      param: 'P064',
      effect: 1 as const,
      hysteresis: { margin: 0, clearDelayMinutes: 2 },
    };
    const saved = conditionToContract(conditionToForm(overload));
    expect(saved).toEqual(overload);
    expect(conditionToContract(conditionToForm(saved))).toEqual(overload);
    for (const param of FLAG_PARAMS)
      expect(
        RuleConditionSchema.safeParse(conditionToContract({ ...newCondition('door'), param, effect: 2 })).success,
        param,
      ).toBe(true);
    // picked back to the door: stored without param again
    expect(conditionToContract({ ...conditionToForm(overload), param: 'P026' })).toEqual({
      ...overload,
      param: undefined,
    });
  });

  it('maps the repeat reminder: off → null, escalation optional', () => {
    expect(reminderToContract({ on: false, everyMinutes: 30, escalateAfterMinutes: 60 })).toBeNull();
    expect(reminderToContract({ on: true, everyMinutes: 30, escalateAfterMinutes: null })).toEqual({
      everyMinutes: 30,
    });
    expect(reminderToContract(reminderToForm({ everyMinutes: 15, escalateAfterMinutes: 45 }))).toEqual({
      everyMinutes: 15,
      escalateAfterMinutes: 45,
    });
  });
});
