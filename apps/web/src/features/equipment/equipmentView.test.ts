import { describe, expect, it } from 'vitest';
import {
  ammeterView,
  cookerView,
  plugView,
  rssiLevel,
  setPointAllowed,
  tagView,
  toValueMap,
  withLive,
} from './equipmentView';
import { energyBars, equipmentRangeDays, equipmentRangeSpan } from './equipmentRange';

describe('equipment view models', () => {
  it('folds reading arrays into a code map and lets live values win', () => {
    const map = toValueMap([
      { code: 'P053', value: 1200 },
      { code: 'P055', value: true },
    ]);
    expect(map).toEqual({ P053: 1200, P055: true });
    expect(withLive(map, { P053: 0, P055: false })).toEqual({ P053: 0, P055: false });
    expect(toValueMap(null)).toEqual({});
  });

  it('shows ammeter power in kW and recognises a three-phase meter by its B/C phases', () => {
    const one = ammeterView({ P051: 229.8, P052: 5.1, P053: 1150, P054: 12034.5, P063: 0.97 });
    expect(one).toMatchObject({
      voltageV: 229.8,
      currentA: 5.1,
      powerKw: 1.15,
      energyKwh: 12034.5,
      powerFactor: 0.97,
      phasesBC: null,
    });
    const three = ammeterView({ P051: 230, P071: 231, P072: 229, P052: 10, P073: 11, P074: 9, P053: 6900 });
    expect(three.phasesBC).toEqual({ voltageV: [231, 229], currentA: [11, 9] });
    expect(ammeterView({ P053: 'x' as unknown as number }).powerKw).toBeNull();
  });

  it('reads plug state, overload and load against the 16 A rating', () => {
    expect(plugView({ P055: true, P053: 2200, P052: 8, P064: false })).toMatchObject({
      on: true,
      powerW: 2200,
      overload: false,
      loadRatio: 0.5,
    });
    expect(plugView({ P055: false, P064: true })).toMatchObject({ on: false, overload: true, loadRatio: null });
    expect(plugView({}).on).toBeNull();
  });

  it('reads tags and buckets RSSI', () => {
    expect(tagView({ P003: 4.2, P004: 61, P005: 87, P067: -72 })).toEqual({
      temperatureC: 4.2,
      humidity: 61,
      batteryPct: 87,
      rssiDbm: -72,
    });
    expect([rssiLevel(-60), rssiLevel(-80), rssiLevel(-95), rssiLevel(null)]).toEqual(['good', 'fair', 'poor', null]);
  });

  it('marks cooker wells below the 60 °C food-safety line', () => {
    const v = cookerView('odenCooker', {
      P003: 72.5,
      P031: 58.9,
      P032: 60,
      P065: true,
      P066: true,
      P057: 120,
      P070: 75,
    });
    expect(v.wells.map((w) => [w.well, w.temperatureC, w.belowLimit])).toEqual([
      [1, 72.5, false],
      [2, 58.9, true],
      [3, 60, false],
      [4, null, false],
    ]);
    expect(v).toMatchObject({ heaterOn: true, running: true, levelMm: 120, setPointC: 75, unsafeWells: 1 });
    expect(cookerView('boilPot', {}).wells).toHaveLength(2);
  });

  it('checks set-points against the family range', () => {
    expect(setPointAllowed('odenCooker', 75)).toBe(true);
    expect(setPointAllowed('odenCooker', 120)).toBe(false);
    expect(setPointAllowed('boilPot', 150)).toBe(true);
    expect(setPointAllowed('smartPlug', 50)).toBe(false);
    expect(setPointAllowed('odenCooker', Number.NaN)).toBe(false);
  });
});

describe('equipment chart ranges', () => {
  const now = new Date(2026, 10, 27, 15, 30).getTime();

  it('spans today, 7 and 30 calendar days in local time', () => {
    expect(equipmentRangeSpan('today', now)).toEqual({ beginTime: new Date(2026, 10, 27).getTime(), endTime: now });
    expect(equipmentRangeSpan('7d', now).beginTime).toBe(new Date(2026, 10, 21).getTime());
    expect(equipmentRangeDays('30d', now)).toHaveLength(30);
    expect(equipmentRangeDays('7d', now)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
  });

  it('aligns daily energy on the days, keeps gaps, stacks tariffs when split', () => {
    const days = ['2026-11-25', '2026-11-26', '2026-11-27'];
    const plain = energyBars(days, [
      { day: '2026-11-25', kwh: 10 },
      { day: '2026-11-27', kwh: 4.5 },
    ]);
    expect(plain.series).toEqual([{ name: 'total', data: [10, null, 4.5] }]);
    expect(plain.totalKwh).toBe(14.5);
    const split = energyBars(days, [
      { day: '2026-11-26', kwh: 9, byTariff: { peak: 5, valley: 4 } },
      { day: '2026-11-27', kwh: 1, byTariff: { peak: 1 } },
    ]);
    expect(split.series).toEqual([
      { name: 'peak', data: [null, 5, 1] },
      { name: 'valley', data: [null, 4, 0] },
    ]);
  });
});

describe('store view helpers', () => {
  it("groups a store's devices by family in the family-table order", async () => {
    const { groupByFamily, headlineOf, patchLiveRow } = await import('./equipmentView');
    const groups = groupByFamily([
      { id: 'c', family: 'odenCooker' as const },
      { id: 'p1', family: 'smartPlug' as const },
      { id: 'a', family: 'ammeter3p' as const },
      { id: 'p2', family: 'smartPlug' as const },
    ]);
    expect(groups.map((g) => [g.family, g.devices.map((d) => d.id)])).toEqual([
      ['ammeter3p', ['a']],
      ['smartPlug', ['p1', 'p2']],
      ['odenCooker', ['c']],
    ]);
    expect(headlineOf('odenCooker', { P003: 70, P031: 55.5, P032: 66 })).toEqual({ code: 'P003', value: 55.5 });
    expect(headlineOf('smartPlug', { P053: 12 })).toEqual({ code: 'P053', value: 12 });
    const row = { values: { P055: true, P053: 900 }, lastReportTime: 1000, status: 'offline' as const };
    expect(patchLiveRow(row, { ts: 900, values: { P055: false } })).toBe(row);
    expect(patchLiveRow(row, { ts: 2000, values: { P055: false, P053: 0 } })).toEqual({
      values: { P055: false, P053: 0 },
      lastReportTime: 2000,
      status: 'online',
    });
  });
});

describe('pending plug switches', () => {
  it('settle when the plug reports the commanded state, and stay otherwise', async () => {
    const { settlePending } = await import('./equipmentView');
    const pending = { 'SIM-PLUG-001': false, 'SIM-PLUG-002': true };
    const still = settlePending(pending, [{ id: 'SIM-PLUG-001', values: { P055: true } }]);
    expect(still).toBe(pending);
    expect(
      settlePending(pending, [
        { id: 'SIM-PLUG-001', values: { P055: false } },
        { id: 'SIM-PLUG-002', values: {} },
      ]),
    ).toEqual({ 'SIM-PLUG-002': true });
  });
});
