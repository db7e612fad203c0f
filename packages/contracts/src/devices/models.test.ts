import { describe, expect, it } from 'vitest';
import { ACQUISITION_FAMILIES, DEVICE_MODELS, DEVICE_MODEL_CODES, FAMILY_LIMITS } from './models';
import { deviceSettingsFor, getDeviceModel } from './model-lookup';

describe('device models (SPEC §3)', () => {
  it('lists every model code of SPEC §3 once, with its kind', () => {
    expect(DEVICE_MODEL_CODES).toHaveLength(29);
    expect(new Set(DEVICE_MODEL_CODES).size).toBe(29);
    const byKind = (k: string): string[] => DEVICE_MODELS.filter((m) => m.kind === k).map((m) => m.code);
    expect(byKind('vehicleGateway')).toEqual(['CC-L-4000D', 'CC22-L-4000D', 'G2-L4N2', 'G24-L4Y2']);
    expect(byKind('warehouseGateway')).toEqual([
      'CK2-L-4001D',
      'CK-L-4000D',
      'CK21-L-4000D',
      'CK22-L-4000D',
      'G2-L4N1',
      'G24-L4Y1',
    ]);
    expect(byKind('wifiVirtualGateway')).toEqual(['G2-W1A1']);
    expect(DEVICE_MODEL_CODES[11]).toBe('CC3-G-4000D');
    expect(DEVICE_MODEL_CODES.at(-1)).toBe('P3A-3CY3');
  });

  it('maps every terminal to a SPEC §5 family, and every family has a model', () => {
    for (const m of DEVICE_MODELS) expect(m.family === null).toBe(m.kind !== 'terminal');
    for (const f of ACQUISITION_FAMILIES) expect(DEVICE_MODELS.some((m) => m.family === f)).toBe(true);
    expect(getDeviceModel('MED-G-3000D')?.family).toBe('medical');
    expect(getDeviceModel('P3A-1OY2')?.family).toBe('p3a');
    expect(getDeviceModel('NOPE')).toBeUndefined();
  });

  it('holds the SPEC §5 limits in minutes', () => {
    expect(FAMILY_LIMITS.coldChain22.periods).toEqual({
      workCollectionCycle: { editable: true, min: 1, max: 60 },
      workReportCycle: { editable: true, min: 5, max: 1440 },
      emergencyCollectionCycle: { editable: true, min: 1, max: 1440 },
      emergencyReportTime: { editable: true, min: 5, max: 1440 },
    });
    expect(FAMILY_LIMITS.p3a.periods.workCollectionCycle).toEqual({ editable: true, min: 1, max: 720 });
    expect(FAMILY_LIMITS.precision23.periods.workReportCycle).toEqual({ editable: true, min: 1, max: 1440 });
    expect(FAMILY_LIMITS.precision22.periods.emergencyReportTime).toEqual({ editable: true, min: 5, max: 60 });
    expect(FAMILY_LIMITS.medical.periods.workCollectionCycle).toEqual({ editable: false });
    expect(FAMILY_LIMITS.precision21.periods).toEqual({
      restReportCycle: { editable: true, min: 5, max: 1440 },
      workReportCycle: { editable: true, min: 5, max: 1440 },
    });
  });

  it('gives gateways no periods and only remote shutdown', () => {
    expect(deviceSettingsFor('G24-L4Y1')).toMatchObject({ periods: {}, shutdown: ['remoteShutdown'] });
    expect(deviceSettingsFor('unknown')).toBeUndefined();
  });
});
