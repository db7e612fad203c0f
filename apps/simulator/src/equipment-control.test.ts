import { describe, expect, it } from 'vitest';
import { PARAM, TelemetryPayloadSchema, type DeviceCommand, type TelemetryValues } from '@ztj/contracts';
import { loadFleetData } from './data-files';
import { SET_POINT_RAMP_C, createEquipmentControl } from './equipment-control';
import { buildFleet, type SimDevice } from './fleet';
import { messagesBetween } from './replay';

const fleet = buildFleet(loadFleetData());
const byId = (id: string): SimDevice => fleet.devices.find((d) => d.deviceId === id)!;
const START = Date.UTC(2026, 10, 27, 8, 0, 0);
const cmd = (c: Record<string, unknown>): DeviceCommand => ({ cmdId: 'c1', ts: START, ...c }) as DeviceCommand;

/** The replayed readings of one device (values only), first `minutes` wall minutes at speed 60. */
function replayed(id: string, minutes: number): TelemetryValues[] {
  return messagesBetween(
    { devices: [byId(id)], gateways: [] },
    { startWallMs: START, speed: 60 },
    START,
    START + minutes * 60_000,
  ).flatMap((m) => (m.channel === 'telemetry' ? [m.payload.values] : []));
}

describe('equipment commands', () => {
  it('setSwitch: the plug relay opens (power 0, counter held) and closes again; acks ok', () => {
    const control = createEquipmentControl(fleet.devices);
    const rs = replayed('SIM-PLUG-002', 3); // coffee machine, 1.1 kW while occupied
    const first = control.apply('SIM-PLUG-002', rs[0]!);
    expect(first).toMatchObject({ [PARAM.socketOn]: true, [PARAM.overload]: false });
    expect(control.command('SIM-PLUG-002', cmd({ type: 'setSwitch', on: false }))).toEqual({
      ok: true,
      reportNow: true,
    });
    expect(control.readingNow('SIM-PLUG-002')).toMatchObject({
      [PARAM.socketOn]: false,
      [PARAM.activePower]: 0,
      [PARAM.current]: 0,
    });
    const off = rs.slice(1, 60).map((v) => control.apply('SIM-PLUG-002', v));
    expect(off[0]).toMatchObject({ [PARAM.socketOn]: false, [PARAM.activePower]: 0, [PARAM.current]: 0 });
    expect(new Set(off.map((v) => v[PARAM.energy]))).toEqual(new Set([first[PARAM.energy]])); // nothing drawn while off
    expect(control.command('SIM-PLUG-002', cmd({ type: 'setSwitch', on: true }))?.ok).toBe(true);
    const on = rs.slice(60, 120).map((v) => control.apply('SIM-PLUG-002', v));
    expect(on[0]![PARAM.socketOn]).toBe(true);
    expect(Number(on.at(-1)![PARAM.energy])).toBeGreaterThan(Number(first[PARAM.energy]));
    for (const v of [...off, ...on])
      expect(TelemetryPayloadSchema.safeParse({ ts: START, values: v }).success).toBe(true);
    // monotonic through the switching
    const counter = [first, ...off, ...on].map((v) => Number(v[PARAM.energy]));
    expect(counter).toEqual([...counter].sort((a, b) => a - b));
  });

  it('overload: a reading above the rated 16 A opens the relay with P064 until switched on again', () => {
    const control = createEquipmentControl(fleet.devices);
    const rs = replayed('SIM-PLUG-004', 6);
    const out = rs.map((v) => control.apply('SIM-PLUG-004', v));
    const trip = rs.findIndex((v) => Number(v[PARAM.current]) > 16);
    expect(trip).toBeGreaterThan(0);
    expect(out[trip - 1]).toMatchObject({ [PARAM.socketOn]: true, [PARAM.overload]: false });
    expect(out[trip]).toMatchObject({ [PARAM.socketOn]: false, [PARAM.overload]: true, [PARAM.activePower]: 0 });
    expect(out.at(-1)).toMatchObject({ [PARAM.socketOn]: false, [PARAM.overload]: true });
    control.command('SIM-PLUG-004', cmd({ type: 'setSwitch', on: true }));
    expect(control.apply('SIM-PLUG-004', { ...rs[0]!, [PARAM.current]: 5 })).toMatchObject({
      [PARAM.socketOn]: true,
      [PARAM.overload]: false,
    });
  });

  it('setSetPoint: P070 changes at once, the wells ramp towards it and the heater follows', () => {
    const control = createEquipmentControl(fleet.devices);
    const rs = replayed('SIM-ODEN-002', 5);
    const before = control.apply('SIM-ODEN-002', rs[0]!);
    expect(before[PARAM.setPoint]).toBe(80);
    expect(control.command('SIM-ODEN-002', cmd({ type: 'setSetPoint', setPointC: 90 }))).toEqual({
      ok: true,
      reportNow: true,
    });
    expect(control.readingNow('SIM-ODEN-002')).toMatchObject({
      [PARAM.setPoint]: 90,
      [PARAM.heaterOn]: true,
      [PARAM.temperature]: before[PARAM.temperature],
    });
    const next = control.apply('SIM-ODEN-002', rs[1]!);
    expect(Number(next[PARAM.temperature])).toBeCloseTo(Number(rs[1]![PARAM.temperature]) + SET_POINT_RAMP_C, 5);
    expect(next[PARAM.heaterOn]).toBe(true); // 10 °C below the new set-point
    const later = rs.slice(2, 40).map((v, i) => ({ raw: v, out: control.apply('SIM-ODEN-002', v), i }));
    expect(Number(later.at(-1)!.out[PARAM.temperature])).toBeCloseTo(
      Number(later.at(-1)!.raw[PARAM.temperature]) + 10,
      5,
    );
    // one well only; lowering it switches the heater off once every well is above its set-point
    expect(control.command('SIM-ODEN-002', cmd({ type: 'setSetPoint', well: 2, setPointC: 40 }))?.ok).toBe(true);
  });

  it('readMeter: ammeters, plugs and the water meter report at once; others refuse', () => {
    const control = createEquipmentControl(fleet.devices);
    expect(control.command('SIM-AM1-001', cmd({ type: 'readMeter' }))).toEqual({ ok: true, reportNow: false }); // nothing replayed yet
    const v = replayed('SIM-AM1-001', 1)[0]!;
    control.apply('SIM-AM1-001', v);
    expect(control.command('SIM-AM1-001', cmd({ type: 'readMeter' }))).toEqual({ ok: true, reportNow: true });
    expect(control.readingNow('SIM-AM1-001')).toEqual(v);
    expect(control.command('SIM-FS-001', cmd({ type: 'readMeter' }))).toEqual({
      ok: false,
      error: 'validation.commandUnsupported',
      reportNow: false,
    });
  });

  it('refuses commands outside the family, set-points out of range and wells the device lacks', () => {
    const control = createEquipmentControl(fleet.devices);
    const refused = { ok: false, error: 'validation.commandUnsupported', reportNow: false };
    expect(control.command('SIM-ODEN-001', cmd({ type: 'setSwitch', on: false }))).toEqual(refused);
    expect(control.command('SIM-PLUG-001', cmd({ type: 'setSetPoint', setPointC: 80 }))).toEqual(refused);
    expect(control.command('SIM-VH-001', cmd({ type: 'readMeter' }))).toEqual(refused); // not equipment
    expect(control.command('SIM-POT-001', cmd({ type: 'setSetPoint', well: 3, setPointC: 90 }))).toEqual(refused); // two wells
    expect(control.command('SIM-ODEN-001', cmd({ type: 'setSetPoint', setPointC: 120 }))).toEqual({
      ok: false,
      error: 'validation.setPointRange',
      reportNow: false,
    });
    expect(control.command('SIM-ODEN-001', cmd({ type: 'shutdown' }))).toBeUndefined(); // handled by the publisher
  });
});
