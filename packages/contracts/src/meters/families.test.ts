import { describe, expect, it } from 'vitest';
import { DeviceCommandSchema, deviceSettingsFor, getDeviceModel, getParameter, isGatewayKind } from '../index';
import { EQUIPMENT_FAMILIES, EQUIPMENT_FAMILY_TABLE, acceptsCommand, equipmentFamilyOf } from './families';

describe('equipment families', () => {
  it('gives every family one model that resolves as a terminal without SPEC §5 periods', () => {
    const models = EQUIPMENT_FAMILIES.map((f) => EQUIPMENT_FAMILY_TABLE[f].model);
    expect(new Set(models).size).toBe(EQUIPMENT_FAMILIES.length);
    for (const f of EQUIPMENT_FAMILIES) {
      const { model } = EQUIPMENT_FAMILY_TABLE[f];
      const row = getDeviceModel(model);
      expect(row?.kind).toBe('terminal');
      expect(isGatewayKind(row!.kind)).toBe(false);
      expect(equipmentFamilyOf(model)?.family).toBe(f);
      expect(deviceSettingsFor(model)).toMatchObject({ periods: {}, shutdown: [] });
    }
    expect(equipmentFamilyOf('CC22-G-4000D')).toBeUndefined();
  });

  it('uses only known parameter codes, counters only on numeric cumulative channels', () => {
    for (const f of EQUIPMENT_FAMILIES) {
      for (const c of EQUIPMENT_FAMILY_TABLE[f].channels) {
        const def = getParameter(c.code);
        expect(def, `${f} ${c.code}`).toBeDefined();
        if (c.counter) expect(['P054', 'P056']).toContain(c.code);
      }
    }
    expect(EQUIPMENT_FAMILY_TABLE.odenCooker.channels.filter((c) => c.well).map((c) => c.code)).toEqual([
      'P003',
      'P031',
      'P032',
      'P033',
    ]);
  });

  it('declares the commands each family accepts, and the command schema carries them', () => {
    expect(acceptsCommand('smartPlug', 'setSwitch')).toBe(true);
    expect(acceptsCommand('ammeter3p', 'setSwitch')).toBe(false);
    expect(acceptsCommand('odenCooker', 'setSetPoint')).toBe(true);
    const ok = DeviceCommandSchema.safeParse({ cmdId: 'c1', ts: Date.UTC(2026, 0, 1), type: 'setSwitch', on: false });
    expect(ok.success).toBe(true);
    const bad = DeviceCommandSchema.safeParse({
      cmdId: 'c1',
      ts: Date.UTC(2026, 0, 1),
      type: 'setSetPoint',
      setPointC: 1000,
    });
    expect(bad.success).toBe(false);
  });
});
