import { describe, expect, it } from 'vitest';
import {
  EQUIPMENT_FAMILY_TABLE,
  PARAM,
  TelemetryPayloadSchema,
  checkParameterValue,
  equipmentFamilyOf,
} from '@ztj/contracts';
import { loadFleetData } from './data-files';
import { AM1_RESET_AT_S, ODEN_EXCURSION_LEAD_MS, buildEquipment, buildTags, odenExcursion } from './equipment-fleet';
import { allReportingDevices, buildFleet, type Fleet, type SimDevice } from './fleet';
import { messagesBetween } from './replay';

const data = loadFleetData();
const fleet = buildFleet(data);
const START = Date.UTC(2026, 10, 27, 8, 0, 0);
const device = (id: string): SimDevice => allReportingDevices(fleet).find((d) => d.deviceId === id)!;

/** Replayed readings of some devices between two wall offsets (ms after START) at `speed`. */
function readings(
  devices: SimDevice[],
  speed: number,
  toMs: number,
  fromMs = 0,
): Array<{ id: string; ts: number; values: Record<string, unknown> }> {
  const f: Fleet = { devices, gateways: [] };
  return messagesBetween(f, { startWallMs: START, speed }, START + fromMs, START + toMs).flatMap((m) =>
    m.channel === 'telemetry' ? [{ id: m.publisherId, ts: m.payload.ts, values: m.payload.values }] : [],
  );
}

describe('store equipment of the default fleet', () => {
  const equipment = fleet.devices.filter((d) => d.equipment);

  it('has the fixed demo ids, each on its family model', () => {
    expect(equipment.map((d) => `${d.deviceId} ${d.model}`)).toEqual([
      'SIM-AM1-001 AM-1P',
      'SIM-AM3-001 AM-3P',
      'SIM-AM3-002 AM-3P',
      'SIM-PLUG-001 SP-16A',
      'SIM-PLUG-002 SP-16A',
      'SIM-PLUG-003 SP-16A',
      'SIM-PLUG-004 SP-16A',
      'SIM-POT-001 BP-2W',
      'SIM-ODEN-001 OC-4W',
      'SIM-ODEN-002 OC-4W',
      'SIM-WM-001 WM-DN20',
      'SIM-FS-001 FS-500',
    ]);
    for (const d of [...equipment, ...fleet.gateways[0]!.subDevices])
      expect(equipmentFamilyOf(d.model)?.family).toBe(d.equipment!.family);
  });

  it('reports every channel of its family, each reading valid under the telemetry contract', () => {
    const all = readings([...equipment, ...fleet.gateways[0]!.subDevices], 60, 10 * 60_000);
    for (const d of [...equipment, ...fleet.gateways[0]!.subDevices]) {
      const mine = all.filter((r) => r.id === d.deviceId);
      expect(mine.length, d.deviceId).toBeGreaterThan(100);
      const seen = new Set<string>();
      for (const r of mine) {
        expect(
          TelemetryPayloadSchema.safeParse({ ts: r.ts, values: r.values }).success,
          `${d.deviceId} ${JSON.stringify(r.values)}`,
        ).toBe(true);
        for (const [code, v] of Object.entries(r.values)) {
          expect(checkParameterValue(code, v), code).toBeNull();
          seen.add(code);
        }
      }
      const channels = EQUIPMENT_FAMILY_TABLE[d.equipment!.family].channels.map((c) => c.code);
      expect([...seen].sort(), d.deviceId).toEqual([...new Set(channels)].sort());
    }
  });

  it('keeps voltage around 230 V and power factor within 0.8…1', () => {
    for (const r of readings(
      equipment.filter((d) => d.model.startsWith('AM') || d.model === 'SP-16A'),
      60,
      10 * 60_000,
    )) {
      for (const code of [PARAM.voltage, PARAM.voltageB, PARAM.voltageC]) {
        if (r.values[code] !== undefined) expect(r.values[code]).toBeGreaterThan(215);
        if (r.values[code] !== undefined) expect(r.values[code]).toBeLessThanOrEqual(230);
      }
      if (r.values[PARAM.powerFactor] !== undefined) expect(r.values[PARAM.powerFactor]).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('keeps the energy and water counters monotonic across loops, except the one documented reset', () => {
    // speed 1000 for 10 wall minutes = 167 series hours, more than one loop of the 136-hour office series
    const counters = equipment.filter((d) =>
      ['ammeter1p', 'ammeter3p', 'smartPlug', 'waterMeter'].includes(d.equipment!.family),
    );
    expect(counters).toHaveLength(8);
    const speed = 1_000;
    for (const d of counters) {
      const code = d.equipment!.family === 'waterMeter' ? PARAM.waterVolume : PARAM.energy;
      const rs = readings([d], speed, 10 * 60_000);
      const drops: number[] = [];
      for (let i = 1; i < rs.length; i++)
        if (Number(rs[i]!.values[code]) < Number(rs[i - 1]!.values[code])) drops.push(i);
      if (d.deviceId === 'SIM-AM1-001') {
        expect(drops).toHaveLength(1);
        const at = rs[drops[0]!]!;
        expect((at.ts - START) * speed).toBeGreaterThanOrEqual(AM1_RESET_AT_S);
        expect((rs[drops[0]! - 1]!.ts - START) * speed).toBeLessThan(AM1_RESET_AT_S);
        expect(Number(at.values[code])).toBeLessThan(0.1); // restarts from 0
      } else expect(drops, d.deviceId).toEqual([]);
      expect(Number(rs.at(-1)!.values[code])).toBeGreaterThan(Number(rs[drops[0] ?? 0]!.values[code]));
    }
  });

  it('does not take a counter back when the simulator restarts (same speed), except around the reset meter', () => {
    for (const d of equipment.filter((x) => ['ammeter3p', 'smartPlug', 'waterMeter'].includes(x.equipment!.family))) {
      const code = d.equipment!.family === 'waterMeter' ? PARAM.waterVolume : PARAM.energy;
      const run = (startWallMs: number, minutes: number): number[] =>
        messagesBetween(
          { devices: [d], gateways: [] },
          { startWallMs, speed: 60 },
          startWallMs,
          startWallMs + minutes * 60_000,
        ).flatMap((m) => (m.channel === 'telemetry' ? [Number(m.payload.values[code])] : []));
      const first = run(START, 30);
      const second = run(START + 30 * 60_000, 1); // restarted at once
      expect(second[0]!, d.deviceId).toBeGreaterThanOrEqual(first.at(-1)!);
    }
  });

  it('has SIM-ODEN-001 well 1 below 60 °C for more than 10 minutes from about one minute in, at DEMO_SPEED 60', () => {
    const ex = odenExcursion(data.machine);
    // the run starts inside a labelled NAB failure window (window 2, 2013-12-15 17:50 → 12-17 17:00)
    expect(ex.window).toEqual([Date.UTC(2013, 11, 15, 17, 50), Date.UTC(2013, 11, 17, 17, 0)]);
    const rs = readings([device('SIM-ODEN-001')], 60, 20 * 60_000);
    let runStart: number | undefined;
    let longest = { start: 0, ms: 0 };
    for (const r of rs) {
      if (Number(r.values[PARAM.temperature]) < 60) {
        runStart ??= r.ts;
        if (r.ts - runStart > longest.ms) longest = { start: runStart - START, ms: r.ts - runStart };
      } else runStart = undefined;
    }
    expect(longest.start).toBe(ODEN_EXCURSION_LEAD_MS / 60); // 60 s
    expect(longest.ms).toBeGreaterThan(10 * 60_000);
    expect(longest.ms).toBeLessThan(13 * 60_000);
    // the other cooker and the pot stay hot meanwhile
    for (const id of ['SIM-ODEN-002', 'SIM-POT-001']) {
      for (const r of readings([device(id)], 60, 20 * 60_000))
        expect(Number(r.values[PARAM.temperature])).toBeGreaterThan(60);
    }
  });

  it('trips SIM-PLUG-004 from its real load: above the rated 16 A five minutes in at speed 60', () => {
    const rs = readings([device('SIM-PLUG-004')], 60, 6 * 60_000);
    const over = rs.find((r) => Number(r.values[PARAM.current]) > 16)!;
    expect(Math.round((over.ts - START) / 1000)).toBe(300);
  });

  it('emits feed events with a batch weight and a falling hopper weight', () => {
    const rs = readings([device('SIM-FS-001')], 60, 60 * 60_000);
    const events = rs.filter((r) => r.values[PARAM.feedAmount] !== undefined);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(Number(e.values[PARAM.feedAmount])).toBeGreaterThanOrEqual(2);
  });

  it('builds with another id prefix', () => {
    expect(buildEquipment(data, 'T7').map((d) => d.deviceId)[0]).toBe('T7-AM1-001');
    expect(buildTags(data.wsnMotes, 'T7').map((d) => d.deviceId)).toEqual([
      'T7-TAG-001',
      'T7-TAG-002',
      'T7-TAG-003',
      'T7-TAG-004',
    ]);
  });
});
