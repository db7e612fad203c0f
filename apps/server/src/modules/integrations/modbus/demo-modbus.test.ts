import { PARAM, REGISTER_MAPS, type ExternalDevice, type PageResult } from '@ztj/contracts';
import {
  ammeter3pTimeline,
  arrivalPhase,
  buildFleet,
  heatTimeline,
  loadFleetData,
  odenExcursion,
  ODEN_EXCURSION_LEAD_MS,
  type FleetData,
  type Timeline,
} from '@ztj/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import {
  DEMO_MODBUS_COOKER,
  DEMO_MODBUS_COOKER_AFTER_ODEN_MS,
  DEMO_MODBUS_METER,
  DEMO_MODBUS_METER_DAY,
  DEMO_MODBUS_METER_START_KWH,
  DEMO_MODBUS_SET_POINT_C,
  startDemoModbusEmulation,
  type DemoModbusEmulation,
} from './demo-modbus';
import { eventually } from './modbus-server';

/** Demo mode: the emulated Modbus meter and cooker controller replay the real series and are polled into the external device list. */

const DAY = 86_400_000;
const SPEED = 60;
/** Before the simulator's counter epoch (2026-11-20): counters start at their series start value. */
const T0 = Date.UTC(2026, 10, 1);

/** The sample a replay started `phaseMs` into a looping timeline shows at series time `s` (the latest at or before it). */
function sampleAt(t: Timeline, phaseMs: number, s: number): Record<string, unknown> {
  const r = (phaseMs + s) % t.loopMs;
  return [...t.samples].reverse().find((x) => x.tOffsetMs <= r)!.values;
}

const float32 = (m: Map<number, number>, address: number): number => {
  const b = Buffer.alloc(4);
  b.writeUInt16BE(m.get(address) ?? 0, 0);
  b.writeUInt16BE(m.get(address + 1) ?? 0, 2);
  return b.readFloatBE(0);
};
const int16 = (w: number | undefined): number => ((w ?? 0) << 16) >> 16;

describe('demo Modbus registers replay the real series', () => {
  let data: FleetData;
  let emu: DemoModbusEmulation;
  beforeAll(async () => {
    data = loadFleetData();
    emu = await startDemoModbusEmulation({ speed: SPEED, startWallMs: T0, data });
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('meter and controller registers equal the derived timelines at each series time; counter monotonic; set-point kept', () => {
    const want = arrivalPhase(data.activity, DEMO_MODBUS_METER_DAY * DAY);
    const meterPhase = data.activity.find((p) => p.tOffsetMs >= want)!.tOffsetMs;
    expect(meterPhase - want).toBeLessThan(5 * 60_000);
    const derived = ammeter3pTimeline(data.activity, DAY, {
      phaseMs: meterPhase,
      startKWh: DEMO_MODBUS_METER_START_KWH,
    });
    const meter = derived.timeline;
    // not a copy of the simulator's three-phase meters: another phase of the series
    const am3 = buildFleet(data).devices.filter((d) => d.model === 'AM-3P' && !d.deviceId.includes('-MB-'));
    expect(am3).toHaveLength(2);
    expect(am3.map((d) => d.phaseMs)).not.toContain(meterPhase);
    const well = heatTimeline(data.machine, { setPoints: [DEMO_MODBUS_SET_POINT_C] });
    const wanted =
      (odenExcursion(data.machine).startOffsetMs - ODEN_EXCURSION_LEAD_MS + DEMO_MODBUS_COOKER_AFTER_ODEN_MS) %
      well.loopMs;
    const wellPhase = well.samples.find((x) => x.tOffsetMs >= wanted)!.tOffsetMs;

    const m = emu.server.bank(1).input;
    const pid = emu.server.bank(2).holding;
    const regs = REGISTER_MAPS.find((x) => x.code === 'sdm630-3p')!.registers;
    const powers = new Set<number>();
    const pvs = new Set<number>();
    let lastKWh = 0;
    // two series hours, one wall second (one series minute) apart, half a minute off the sample grid
    for (let k = 1; k <= 120; k++) {
      const wall = T0 + k * 1000 + 500;
      emu.step(wall);
      const s = (wall - T0) * SPEED;
      const v = sampleAt(meter, meterPhase, s);
      for (const reg of regs.filter((x) => x.param !== PARAM.energy))
        expect(float32(m, reg.address)).toBe(Math.fround(Number(v[reg.param])));
      const kwh = float32(m, 0x48);
      // the register advances at the load's rate over wall time (the simulator's counter adjust)
      const loop = Math.floor((meterPhase + s) / meter.loopMs);
      const counted = derived.adjust(v as never, { s, loop, index: 0, startWallMs: T0, speed: SPEED });
      expect(kwh).toBeCloseTo(Number(counted[PARAM.energy]), 2);
      expect(kwh).toBeGreaterThanOrEqual(lastKWh);
      lastKWh = kwh;
      powers.add(float32(m, 0x34));
      const pv = int16(pid.get(0)) / 10;
      expect(pv).toBeCloseTo(Number(sampleAt(well, wellPhase, s)[PARAM.temperature]), 1);
      expect(pid.get(2)).toBe(pv < DEMO_MODBUS_SET_POINT_C ? 1 : 0);
      expect(int16(pid.get(1))).toBe(DEMO_MODBUS_SET_POINT_C * 10);
      pvs.add(pv);
    }
    expect(powers.size).toBeGreaterThan(5);
    expect(pvs.size).toBeGreaterThan(3);
    expect(lastKWh).toBeGreaterThan(DEMO_MODBUS_METER_START_KWH);

    // a set-point written by the poller (setSetPoint) is kept; the well ramps to it (+5 °C) and the heater follows it
    pid.set(1, 900);
    for (let k = 121; k <= 150; k++) emu.step(T0 + k * 1000 + 500);
    const s = (T0 + 150_500 - T0) * SPEED;
    const pv = int16(pid.get(0)) / 10;
    expect(int16(pid.get(1))).toBe(900);
    expect(pv).toBeCloseTo(Number(sampleAt(well, wellPhase, s)[PARAM.temperature]) + 5, 1);
    expect(pid.get(2)).toBe(pv < 90 ? 1 : 0);
    // stopped (setSwitch off): heater off
    pid.set(3, 0);
    emu.step(T0 + 151_500);
    expect(pid.get(2)).toBe(0);
  });
});

describe('demo Modbus devices', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DEMO: 'on' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('polls the emulated meter and PID controller of the demo tenant', async () => {
    const { token } = await userOf(app, DEMO_TENANT_ID, 'mbdemo1', 'operator');
    const rows = await eventually(
      'both demo devices online with values',
      async () => {
        const res = await app.call<PageResult<ExternalDevice>>('GET', '/wlx/external/list?pageSize=50', { token });
        const mine = res.body.result.records.filter(
          (r) => r.deviceId === DEMO_MODBUS_METER || r.deviceId === DEMO_MODBUS_COOKER,
        );
        return mine.length === 2 && mine.every((r) => r.state === 'online' && r.values.length > 0) ? mine : undefined;
      },
      20_000,
    );
    const meter = rows.find((r) => r.deviceId === DEMO_MODBUS_METER)!;
    const v = Object.fromEntries(meter.values.map((x) => [x.code, x.value]));
    expect(v.P051).toBeGreaterThan(220);
    expect(v.P053).toBeGreaterThan(1000);
    expect(v.P054).toBeGreaterThan(DEMO_MODBUS_METER_START_KWH);
    const cooker = Object.fromEntries(
      rows.find((r) => r.deviceId === DEMO_MODBUS_COOKER)!.values.map((x) => [x.code, x.value]),
    );
    expect(cooker).toMatchObject({ P070: DEMO_MODBUS_SET_POINT_C, P066: true });
    expect(typeof cooker.P003).toBe('number');
  });
});
