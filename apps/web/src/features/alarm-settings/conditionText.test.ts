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
    const th = (comparison: 0 | 1 | 2 | 3 | 4, valueMax?: number): RuleCondition => ({ type: 'threshold', param: 'P003', comparison, value: -15, valueMax, hysteresis: h });
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
    expect(conditionSummary({ type: 'duration', minutes: 10, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: h } }, t, defaults, 'en-US')).toBe(
      'Temperature above -15 °C for 10 min',
    );
    expect([1, 2, 3, 4].map((effect) => conditionSummary({ type: 'door', effect: effect as 1, hysteresis: h }, t, defaults, 'en-US'))).toEqual(['Door open', 'Door closed', 'Door opens', 'Door closes']);
    expect(conditionSummary({ type: 'tilt', degrees: 70, hysteresis: h }, t, defaults, 'en-US')).toBe('Tilt ≥ 70°');
    expect(conditionSummary({ type: 'freeFall', minHeightCm: 3, minVibrationG: 5 }, t, defaults, 'en-US')).toBe('Free fall > 3 cm with vibration > 5 g');
    expect(conditionSummary({ type: 'lowBattery', percent: 20, hysteresis: h }, t, defaults, 'en-US')).toBe('Battery ≤ 20 %');
    expect(conditionSummary({ type: 'offline', minutes: 30 }, t, defaults, 'en-US')).toBe('No data for 30 min');
    expect(conditionSummary({ type: 'powerOff' }, t, defaults, 'en-US')).toBe('Power off');
  });

  it('uses Chinese names and joins several conditions (zh-CN)', async () => {
    const t = await testT('zh-CN');
    const list: RuleCondition[] = [
      { type: 'threshold', param: 'P003', comparison: 0, value: 8, hysteresis: h },
      { type: 'offline', minutes: 15 },
    ];
    expect(conditionsSummary(list, t, defaults, 'zh-CN')).toBe('温度大于 8 °C；15 分钟无数据');
  });
});
