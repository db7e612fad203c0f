import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../validation';
import { RuleTemplateSchema, type RuleTemplateInput } from './rule-template';

/** The frozen-truck template of the file comment. */
const frozenTruck: RuleTemplateInput = {
  name: 'Frozen -18',
  category: 'environment',
  severity: 'H',
  conditions: [
    {
      type: 'duration',
      minutes: 10,
      condition: {
        type: 'threshold',
        param: 'P003',
        comparison: 0,
        value: -15,
        hysteresis: { margin: 1, clearDelayMinutes: 5 },
      },
    },
  ],
  reminder: { everyMinutes: 30, escalateAfterMinutes: 60 },
};

/** The issues of parsing `input` as `[path, message]`. */
function issues(input: unknown): [string, string][] {
  const r = RuleTemplateSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}

const withCondition = (condition: unknown): unknown => ({ ...frozenTruck, conditions: [condition] });

describe('rule template contract', () => {
  it('parses the frozen-truck example and fills defaults', () => {
    const t = RuleTemplateSchema.parse(frozenTruck);
    expect(t.delayMinutes).toBe(0);
    expect(t.conditions[0]).toMatchObject({
      type: 'duration',
      minutes: 10,
      condition: { param: 'P003', hysteresis: { margin: 1, clearDelayMinutes: 5 } },
    });
    const minimal = RuleTemplateSchema.parse({
      name: 'Door',
      category: 'motion',
      conditions: [{ type: 'door', effect: 1 }, { type: 'tilt' }, { type: 'freeFall' }],
    });
    expect(minimal.severity).toBe('M');
    expect(minimal.reminder).toBeNull();
    expect(minimal.conditions[0]).toEqual({ type: 'door', effect: 1, hysteresis: { margin: 0, clearDelayMinutes: 0 } });
    expect(minimal.conditions[1]).toMatchObject({ type: 'tilt', degrees: 70 });
    expect(minimal.conditions[2]).toMatchObject({ type: 'freeFall', minHeightCm: 3, minVibrationG: 5 });
  });

  it('accepts every condition type', () => {
    const all = [
      { type: 'threshold', param: 'P004', comparison: 4, value: 35, valueMax: 75 },
      { type: 'range', param: 'P003', effect: 2, min: 2, max: 8 },
      { type: 'range', param: 'P003', effect: 1, min: -5, max: 0 },
      { type: 'lowBattery', percent: 20, hysteresis: { margin: 5, clearDelayMinutes: 0 } },
      { type: 'offline', minutes: 30 },
      { type: 'powerOff' },
      { type: 'door', effect: 3 },
      { type: 'geofence', locationId: 'loc-1', effect: 1 },
      { type: 'geofence', locationId: 'loc-1', effect: 6, hysteresis: { margin: 50, clearDelayMinutes: 2 } },
      { type: 'routeDeviation', routeId: 'route-1', corridorM: 500 },
      { type: 'dwell', locationId: 'loc-1', minutes: 30 },
      { type: 'threshold', param: 'P013', comparison: 0, value: 90 },
    ];
    expect(issues({ ...frozenTruck, conditions: all })).toEqual([]);
  });

  it.each<[string, unknown, string, string]>([
    [
      'unknown parameter code',
      { type: 'threshold', param: 'P999', comparison: 0, value: 1 },
      'conditions.0.param',
      'validation.ruleUnknownParameter',
    ],
    [
      'non-numeric parameter',
      { type: 'threshold', param: 'P026', comparison: 0, value: 1 },
      'conditions.0.param',
      'validation.ruleNotNumeric',
    ],
    [
      'value outside −80…150 °C',
      { type: 'threshold', param: 'P003', comparison: 0, value: 1e300 },
      'conditions.0.value',
      'validation.ruleValueOutOfRange',
    ],
    [
      'humidity above 100 %RH',
      { type: 'range', param: 'P004', effect: 1, min: 20, max: 120 },
      'conditions.0.max',
      'validation.ruleValueOutOfRange',
    ],
    [
      'between end ≤ start',
      { type: 'threshold', param: 'P003', comparison: 4, value: 8, valueMax: 2 },
      'conditions.0.valueMax',
      'validation.ruleEndNotAfterStart',
    ],
    [
      'between without end',
      { type: 'threshold', param: 'P003', comparison: 4, value: 2 },
      'conditions.0.valueMax',
      'validation.required',
    ],
    [
      'range end = start',
      { type: 'range', param: 'P003', effect: 2, min: 5, max: 5 },
      'conditions.0.max',
      'validation.ruleEndNotAfterStart',
    ],
    [
      'duration 0',
      { type: 'duration', minutes: 0, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 } },
      'conditions.0.minutes',
      'validation.ruleDurationNotPositive',
    ],
    [
      'duration −5',
      { type: 'duration', minutes: -5, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 } },
      'conditions.0.minutes',
      'validation.ruleDurationNotPositive',
    ],
    [
      'duration over a day',
      { type: 'duration', minutes: 1441, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 } },
      'conditions.0.minutes',
      'validation.ruleMinutesTooLong',
    ],
    [
      'duration inner unknown code',
      { type: 'duration', minutes: 5, condition: { type: 'threshold', param: 'X1', comparison: 0, value: 0 } },
      'conditions.0.condition.param',
      'validation.ruleUnknownParameter',
    ],
    [
      'offline 0 minutes',
      { type: 'offline', minutes: 0 },
      'conditions.0.minutes',
      'validation.ruleDurationNotPositive',
    ],
    [
      'negative clear delay',
      { type: 'door', effect: 1, hysteresis: { margin: 0, clearDelayMinutes: -2 } },
      'conditions.0.hysteresis.clearDelayMinutes',
      'validation.ruleMinutesNegative',
    ],
    [
      'negative margin',
      { type: 'lowBattery', percent: 20, hysteresis: { margin: -1, clearDelayMinutes: 0 } },
      'conditions.0.hysteresis.margin',
      'validation.ruleMarginNegative',
    ],
    [
      'battery over 100 %',
      { type: 'lowBattery', percent: 120 },
      'conditions.0.percent',
      'validation.ruleValueOutOfRange',
    ],
    ['tilt over 180°', { type: 'tilt', degrees: 200 }, 'conditions.0.degrees', 'validation.ruleValueOutOfRange'],
    [
      'geofence without a location',
      { type: 'geofence', locationId: ' ', effect: 1 },
      'conditions.0.locationId',
      'validation.required',
    ],
    [
      'geofence effect 3 (not a position effect)',
      { type: 'geofence', locationId: 'a', effect: 3 },
      'conditions.0.effect',
      'validation.required',
    ],
    [
      'geofence negative margin (m)',
      { type: 'geofence', locationId: 'a', effect: 2, hysteresis: { margin: -5, clearDelayMinutes: 0 } },
      'conditions.0.hysteresis.margin',
      'validation.ruleMarginNegative',
    ],
    [
      'route corridor 0 m',
      { type: 'routeDeviation', routeId: 'r', corridorM: 0 },
      'conditions.0.corridorM',
      'validation.fenceRadius',
    ],
    [
      'route corridor over 1000 km',
      { type: 'routeDeviation', routeId: 'r', corridorM: 1_000_001 },
      'conditions.0.corridorM',
      'validation.fenceRadius',
    ],
    [
      'route corridor missing',
      { type: 'routeDeviation', routeId: 'r' },
      'conditions.0.corridorM',
      'validation.required',
    ],
    [
      'route without a route',
      { type: 'routeDeviation', corridorM: 100 },
      'conditions.0.routeId',
      'validation.required',
    ],
    [
      'dwell 0 minutes',
      { type: 'dwell', locationId: 'a', minutes: 0 },
      'conditions.0.minutes',
      'validation.ruleDurationNotPositive',
    ],
  ])('refuses %s with a field-level key', (_name, condition, path, message) => {
    expect(issues(withCondition(condition))).toContainEqual([path, message]);
  });

  it('refuses template-level mistakes field by field', () => {
    expect(issues({ ...frozenTruck, name: '  ' })).toContainEqual(['name', 'validation.required']);
    expect(issues({ ...frozenTruck, name: 'a/b' })).toContainEqual(['name', 'validation.noSlash']);
    expect(issues({ ...frozenTruck, name: 'x'.repeat(31) })).toContainEqual(['name', 'validation.tooLong']);
    expect(issues({ ...frozenTruck, conditions: [] })).toContainEqual(['conditions', 'validation.ruleNoConditions']);
    expect(issues({ ...frozenTruck, delayMinutes: 2.5 })).toContainEqual([
      'delayMinutes',
      'validation.ruleMinutesInteger',
    ]);
    expect(issues({ ...frozenTruck, delayMinutes: -1 })).toContainEqual([
      'delayMinutes',
      'validation.ruleMinutesNegative',
    ]);
    expect(issues({ ...frozenTruck, delayMinutes: 0 })).toEqual([]);
    expect(issues({ ...frozenTruck, reminder: { everyMinutes: 0 } })).toContainEqual([
      'reminder.everyMinutes',
      'validation.ruleDurationNotPositive',
    ]);
    expect(issues({ ...frozenTruck, severity: 'X' }).map(([p]) => p)).toContain('severity');
    expect(issues({ ...frozenTruck, category: 'weather' }).map(([p]) => p)).toContain('category');
  });

  it('has both languages for every validation key it uses', () => {
    const keys = Object.keys(VALIDATION_MESSAGES).filter((k) => k.startsWith('validation.rule'));
    expect(keys.length).toBeGreaterThanOrEqual(10);
    for (const k of keys) {
      const t = VALIDATION_MESSAGES[k as keyof typeof VALIDATION_MESSAGES];
      expect(t['zh-CN'] && t['en-US'], k).toBeTruthy();
    }
  });
});
