import { EQUIPMENT_FAMILIES, EQUIPMENT_FAMILY_TABLE, RuleTemplateSchema, getParameter } from '@ztj/contracts';
import { loadDefaultFleet, messagesBetween } from '@ztj/simulator';
import { describe, expect, it } from 'vitest';
import { reading, rule, run } from '../alarms/engine/engine.fixtures';
import { evaluate } from '../alarms/engine/evaluate';
import { emptyDeviceState, type EngineReading } from '../alarms/engine/engine.types';
import { EQUIPMENT_RULES } from './demo-equipment-rules';

/**
 * Alarms on equipment parameters (rule templates use the families' channels) through the
 * alarm engine: plug overload (P064 true), cooker/pot well below the 60 °C hot-holding limit for 10
 * minutes (duration T001), meter power cut (P011 false); every family channel is accepted by a
 * template condition (numeric ones by thresholds, on/off ones by the flag condition).
 */

describe('equipment rule templates', () => {
  it('accept every channel of every family: thresholds on numbers, the flag condition on on/off values', () => {
    for (const f of EQUIPMENT_FAMILIES) {
      for (const { code } of EQUIPMENT_FAMILY_TABLE[f].channels) {
        const def = getParameter(code)!;
        const condition =
          def.valueType === 'number'
            ? { type: 'threshold', param: code, comparison: 0, value: def.range![0] }
            : { type: 'door', param: code, effect: 1 };
        const parsed = RuleTemplateSchema.safeParse({
          name: `${f} ${code}`,
          category: 'environment',
          severity: 'M',
          conditions: [condition],
        });
        expect(parsed.success, `${f} ${code} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
    const wrong = RuleTemplateSchema.safeParse({
      name: 'not a flag',
      category: 'environment',
      severity: 'M',
      conditions: [{ type: 'door', param: 'P003', effect: 1 }],
    });
    expect(wrong.error?.issues.map((i) => i.message)).toEqual(['validation.ruleNotBoolean']);
  });

  it('plug overload (P064 true) raises and clears when the overload goes', () => {
    const r = rule('ovl', { conditions: EQUIPMENT_RULES.plugOverload.conditions });
    const { events } = run(
      [r],
      [
        [
          reading(0, { P064: false, P053: 1800 }),
          reading(1, { P064: true, P053: 3900 }),
          reading(2, { P064: true }),
          reading(5, { P064: false, P053: 0 }),
        ],
      ],
    );
    expect(events).toEqual(['raised ovl#0 start 1 at 1', 'cleared ovl#0 start 1 at 5']);
  });

  it('cooker well below 60 °C for 10 minutes raises (duration), a short dip does not', () => {
    const r = rule('hot', { conditions: EQUIPMENT_RULES.hotHolding.conditions });
    const well2 = (m: number, c: number) => reading(m, { P003: 78, P031: c });
    const { events } = run(
      [r],
      [
        [
          well2(0, 72),
          well2(2, 59.5),
          well2(4, 61),
          well2(6, 58.8),
          well2(10, 55.1),
          well2(14, 52.4),
          well2(16, 50.9),
          well2(20, 63.2),
        ],
      ],
    );
    expect(events).toEqual(['raised hot#1 start 6 at 16 v 50.9', 'cleared hot#1 start 6 at 20 peak 50.9']);
  });

  it('meter power cut (P011 false) raises while the supply is off', () => {
    const r = rule('cut', { conditions: EQUIPMENT_RULES.powerCut.conditions });
    const { events } = run(
      [r],
      [[reading(0, { P011: true, P072: 231 }), reading(3, { P011: false, P072: 0 }), reading(9, { P011: true })]],
    );
    expect(events).toEqual(['raised cut#0 start 3 at 3', 'cleared cut#0 start 3 at 9']);
  });

  it('fire on the demo replay at DEMO_SPEED 60: SIM-ODEN-001 hot-holding (NAB failure window) within the first 20 minutes, the other cooker and the pot never', () => {
    const fleet = loadDefaultFleet();
    const start = Date.UTC(2026, 10, 27, 8, 0, 0);
    const raisedOn = (deviceId: string, template: (typeof EQUIPMENT_RULES)[keyof typeof EQUIPMENT_RULES]): string[] => {
      const device = fleet.devices.find((d) => d.deviceId === deviceId)!;
      const readings: EngineReading[] = messagesBetween(
        { devices: [device], gateways: [] },
        { startWallMs: start, speed: 60 },
        start,
        start + 20 * 60_000,
      ).flatMap((m) =>
        m.channel === 'telemetry' ? [{ ts: m.payload.ts, values: m.payload.values as EngineReading['values'] }] : [],
      );
      const r = evaluate(emptyDeviceState(deviceId), [rule('demo', { conditions: template.conditions })], readings);
      return r.events.filter((e) => e.kind === 'raised').map((e) => e.alarmType);
    };
    expect(raisedOn('SIM-ODEN-001', EQUIPMENT_RULES.hotHolding)).toContain('T001');
    expect(raisedOn('SIM-ODEN-002', EQUIPMENT_RULES.hotHolding)).toEqual([]);
    expect(raisedOn('SIM-POT-001', EQUIPMENT_RULES.hotHolding)).toEqual([]);
    // the plug overload flag P064 is set by the simulator's relay model on SIM-PLUG-004 at 300 s (apps/simulator equipment tests)
  });
});
