import { describe, expect, it } from 'vitest';
import type { RuleCondition } from '@ztj/contracts';
import { conditionSummary, conditionsSummary } from './conditionText';
import { localParamDefaults } from './paramDefaults';
import { testT } from './testI18n';

const defaults = localParamDefaults();
const h = { margin: 0, clearDelayMinutes: 0 };

describe('condition summary in words (SPEC §9 codes)', () => {
  it('words every comparison 0-4 with the parameter name and unit (en-US)', async () => {
    const t = await testT('en-US');
    const th = (comparison: 0 | 1 | 2 | 3 | 4, valueMax?: number): RuleCondition => ({
      type: 'threshold',
      param: 'P003',
      comparison,
      value: -15,
      valueMax,
      hysteresis: h,
    });
    expect(conditionSummary(th(0), t, defaults, 'en-US')).toBe('Temperature above -15 °C');
    expect(conditionSummary(th(1), t, defaults, 'en-US')).toBe('Temperature below -15 °C');
    expect(conditionSummary(th(2), t, defaults, 'en-US')).toBe('Temperature at or above -15 °C');
    expect(conditionSummary(th(3), t, defaults, 'en-US')).toBe('Temperature at or below -15 °C');
    expect(conditionSummary(th(4, -10), t, defaults, 'en-US')).toBe('Temperature between -15 °C and -10 °C');
  });

  it('words range inside/outside, duration, door effects and the motion events', async () => {
    const t = await testT('en-US');
    const range: RuleCondition = { type: 'range', param: 'P004', effect: 2, min: 30, max: 70, hysteresis: h };
    expect(conditionSummary(range, t, defaults, 'en-US')).toBe('Humidity outside 30–70 %RH');
    expect(conditionSummary({ ...range, effect: 1 }, t, defaults, 'en-US')).toBe('Humidity inside 30–70 %RH');
    expect(
      conditionSummary(
        {
          type: 'duration',
          minutes: 10,
          condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: h },
        },
        t,
        defaults,
        'en-US',
      ),
    ).toBe('Temperature above -15 °C for 10 min');
    expect(
      [1, 2, 3, 4].map((effect) =>
        conditionSummary({ type: 'door', effect: effect as 1, hysteresis: h }, t, defaults, 'en-US'),
      ),
    ).toEqual(['Door open', 'Door closed', 'Door opens', 'Door closes']);
    expect(conditionSummary({ type: 'door', param: 'P026', effect: 3, hysteresis: h }, t, defaults, 'en-US')).toBe(
      'Door opens',
    );
    expect(conditionSummary({ type: 'tilt', degrees: 70, hysteresis: h }, t, defaults, 'en-US')).toBe('Tilt ≥ 70°');
    expect(conditionSummary({ type: 'freeFall', minHeightCm: 3, minVibrationG: 5 }, t, defaults, 'en-US')).toBe(
      'Free fall > 3 cm with vibration > 5 g',
    );
    expect(conditionSummary({ type: 'lowBattery', percent: 20, hysteresis: h }, t, defaults, 'en-US')).toBe(
      'Battery ≤ 20 %',
    );
    expect(conditionSummary({ type: 'offline', minutes: 30 }, t, defaults, 'en-US')).toBe('No data for 30 min');
    expect(conditionSummary({ type: 'powerOff' }, t, defaults, 'en-US')).toBe('Power off');
  });

  it('words the position conditions with place names, ids when a name is unknown (both languages)', async () => {
    const places = { locations: new Map([['loc-1', 'Rabat depot']]), routes: new Map([['r-1', 'Rabat → Salé']]) };
    const en = await testT('en-US');
    const geofence = (effect: 1 | 2 | 6): RuleCondition => ({
      type: 'geofence',
      locationId: 'loc-1',
      effect,
      hysteresis: h,
    });
    expect([1, 2, 6].map((e) => conditionSummary(geofence(e as 1), en, defaults, 'en-US', places))).toEqual([
      'Enters Rabat depot',
      'Leaves Rabat depot',
      'Enters or leaves Rabat depot',
    ]);
    expect(conditionSummary({ type: 'dwell', locationId: 'loc-1', minutes: 30 }, en, defaults, 'en-US', places)).toBe(
      'Stays in Rabat depot ≥ 30 min',
    );
    expect(
      conditionSummary(
        { type: 'routeDeviation', routeId: 'r-1', corridorM: 500, hysteresis: h },
        en,
        defaults,
        'en-US',
        places,
      ),
    ).toBe('More than 500 m off route Rabat → Salé');
    expect(conditionSummary(geofence(2), en, defaults, 'en-US')).toBe('Leaves loc-1');
    const zh = await testT('zh-CN');
    expect(conditionSummary(geofence(1), zh, defaults, 'zh-CN', places)).toBe('进入 Rabat depot');
    expect(
      conditionSummary(
        { type: 'routeDeviation', routeId: 'r-1', corridorM: 500, hysteresis: h },
        zh,
        defaults,
        'zh-CN',
        places,
      ),
    ).toBe('偏离路线 Rabat → Salé 超过 500 米');
  });

  it('uses Chinese names and joins several conditions (zh-CN)', async () => {
    const t = await testT('zh-CN');
    const list: RuleCondition[] = [
      { type: 'threshold', param: 'P003', comparison: 0, value: 8, hysteresis: h },
      { type: 'offline', minutes: 15 },
    ];
    expect(conditionsSummary(list, t, defaults, 'zh-CN')).toBe('温度大于 8 °C；15 分钟无数据');
  });

  it('names the on/off parameter of a flag condition, in both languages', async () => {
    const en = await testT('en-US');
    const zh = await testT('zh-CN');
    const flag = (param: string, effect: 1 | 2 | 3 | 4): RuleCondition => ({
      type: 'door',
      param,
      effect,
      hysteresis: h,
    });
    expect([1, 2, 3, 4].map((e) => conditionSummary(flag('P064', e as 1), en, defaults, 'en-US'))).toEqual([
      'Overload while true',
      'Overload while false',
      'Overload becomes true',
      'Overload becomes false',
    ]);
    expect([1, 2, 3, 4].map((e) => conditionSummary(flag('P064', e as 1), zh, defaults, 'zh-CN'))).toEqual([
      '过载 为真时',
      '过载 为假时',
      '过载 变为真时',
      '过载 变为假时',
    ]);
    expect(conditionSummary(flag('P011', 2), en, defaults, 'en-US')).toBe('Power supply while false');
    expect(conditionSummary(flag('P066', 1), zh, defaults, 'zh-CN')).toBe('运行 为真时');
  });
});
