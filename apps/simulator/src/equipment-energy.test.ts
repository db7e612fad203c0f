import { describe, expect, it } from 'vitest';
import { DEMO_METER_CT, PARAM, REGISTER_RATED_POWER_W } from '@ztj/contracts';
import { loadFleetData } from './data-files';
import { buildFleet, type SimDevice } from './fleet';
import { messagesBetween } from './replay';

/**
 * The demo meters' registers are plausible: they advance at the load's rate over wall time (a store
 * meter: tens to a few hundred kWh a wall day at the demo speed 60, not 60 series days' worth), CT
 * meters report the secondary side (× the demo CT gives the store's load), and a restart moves a
 * register forward by at most the highest rate over the time since the previous start — never a
 * register's worth.
 */

const data = loadFleetData();
const fleet = buildFleet(data);
const START = Date.UTC(2026, 10, 27, 8, 0, 0);
const MIN = 60_000;
const device = (id: string): SimDevice => fleet.devices.find((d) => d.deviceId === id)!;
const ctOf = (id: string): number => DEMO_METER_CT[id.replace(/^SIM-/, '')] ?? 1;

/** Counter and power readings of one device over `minutes` wall minutes from `startWallMs` (replay started then). */
function run(d: SimDevice, startWallMs: number, minutes: number, speed = 60): { ts: number; kwh: number; w: number }[] {
  return messagesBetween(
    { devices: [d], gateways: [] },
    { startWallMs, speed },
    startWallMs,
    startWallMs + minutes * MIN,
  ).flatMap((m) =>
    m.channel === 'telemetry'
      ? [
          {
            ts: m.payload.ts,
            kwh: Number(m.payload.values[PARAM.energy]),
            w: Number(m.payload.values[PARAM.activePower]),
          },
        ]
      : [],
  );
}

describe('demo meter registers', () => {
  // 136 wall minutes at speed 60 ≈ one loop of the 136-hour office series: the wall-day rate is the series' mean
  const LOOP_MIN = 136;
  it.each([
    ['SIM-AM3-001', 50, 300],
    ['SIM-AM3-002', 50, 300],
    ['SIM-PLUG-002', 0.5, 30],
  ])('%s: primary kWh per wall day between %d and %d, matching its power', (id, lo, hi) => {
    const rs = run(device(id), START, LOOP_MIN);
    const ct = ctOf(id);
    const hours = (rs.at(-1)!.ts - rs[0]!.ts) / 3_600_000;
    const perDay = ((rs.at(-1)!.kwh - rs[0]!.kwh) * ct * 24) / hours;
    expect(perDay).toBeGreaterThan(lo);
    expect(perDay).toBeLessThan(hi);
    // the register advances as the reported power integrates over wall time (within 5 %)
    let integral = 0;
    for (let i = 1; i < rs.length; i++) integral += (rs[i - 1]!.w * (rs[i]!.ts - rs[i - 1]!.ts)) / 3_600_000 / 1000;
    expect(Math.abs(integral - (rs.at(-1)!.kwh - rs[0]!.kwh)) / integral).toBeLessThan(0.05);
  });

  it('SIM-AM1-001 (the store circuit) draws tens of kWh a wall day after its documented reset', () => {
    const rs = run(device('SIM-AM1-001'), START, LOOP_MIN).filter((r) => r.ts - START > 10 * MIN);
    const perDay = ((rs.at(-1)!.kwh - rs[0]!.kwh) * 24 * 3_600_000) / (rs.at(-1)!.ts - rs[0]!.ts);
    expect(perDay).toBeGreaterThan(10);
    expect(perDay).toBeLessThan(100);
  });

  it('CT meters report the secondary side: × CT is the store load, within the meter rating', () => {
    for (const id of ['SIM-AM3-001', 'SIM-AM3-002']) {
      const rs = run(device(id), START, 30);
      const ct = ctOf(id);
      expect(ct).toBeGreaterThan(1);
      const peak = Math.max(...rs.map((r) => r.w));
      expect(peak * ct).toBeGreaterThan(3_000); // a store, not a plug
      expect(peak * ct).toBeLessThan(60_000); // the demo's 60 kW limit
      expect(peak).toBeLessThan(REGISTER_RATED_POWER_W.ammeter3p!);
    }
  });

  it('a restart moves a register forward by at most the highest rate since the previous start', () => {
    for (const id of ['SIM-AM3-001', 'SIM-PLUG-001', 'SIM-PLUG-003']) {
      const d = device(id);
      const first = run(d, START, 30);
      const second = run(d, START + 30 * MIN, 1);
      const step = second[0]!.kwh - first.at(-1)!.kwh;
      const maxKw = Math.max(...first.map((r) => r.w)) / 1000;
      expect(step, id).toBeGreaterThanOrEqual(0);
      // series maximum (not only this run's) bounds it: half an hour at the rated power of the family at most
      expect(step, id).toBeLessThan(Math.max(maxKw, REGISTER_RATED_POWER_W.smartPlug! / 1000) * 0.5);
    }
  });
});
