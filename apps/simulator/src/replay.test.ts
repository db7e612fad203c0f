import { describe, expect, it } from 'vitest';
import {
  DeviceEventPayloadSchema,
  GatewayTelemetryPayloadSchema,
  TelemetryPayloadSchema,
  parseTopic,
} from '@ztj/contracts';
import { loadFleetData } from './data-files';
import { buildFleet, type Fleet } from './fleet';
import { createReplay, messagesBetween, type SimMessage } from './replay';

const data = loadFleetData();
const full = buildFleet(data);
const START = Date.UTC(2026, 0, 15, 8, 0, 0);
const vehicle = full.devices[0]!;
const oneTrack: Fleet = { devices: [vehicle], gateways: [] };

const telemetry = (ms: SimMessage[]): Extract<SimMessage, { channel: 'telemetry' }>[] =>
  ms.filter((m): m is Extract<SimMessage, { channel: 'telemetry' }> => m.channel === 'telemetry');

describe('messagesBetween', () => {
  it('replays one whole track as exactly N fixes ending at the track’s last position', () => {
    const speed = 60;
    const fixes = data.tracks[0]!;
    const ms = messagesBetween(oneTrack, { startWallMs: START, speed }, START, START + vehicle.timeline.loopMs / speed);
    const t = telemetry(ms);
    expect(t).toHaveLength(fixes.length);
    expect(t.at(-1)!.payload).toMatchObject({ lat: fixes.at(-1)!.lat, lng: fixes.at(-1)!.lng, seq: fixes.length - 1 });
    expect(t[0]!.payload).toMatchObject({ ts: START, lat: fixes[0]!.lat, lng: fixes[0]!.lng, seq: 0 });
    expect(t.every((m) => m.topic === 'ztj/devices/SIM-VH-001/telemetry')).toBe(true);
    // a trip: power on with the first fix, power off with the last
    expect(ms.filter((m) => m.channel === 'events').map((m) => m.payload)).toEqual([
      { ts: START, type: 'power_on' },
      { ts: t.at(-1)!.payload.ts, type: 'power_off' },
    ]);
  });

  it('puts device time at start + offset / speed, never after the window', () => {
    const speed = 60;
    const fixes = data.tracks[0]!;
    const to = START + vehicle.timeline.loopMs / speed;
    const t = telemetry(messagesBetween(oneTrack, { startWallMs: START, speed }, START, to));
    t.forEach((m, i) => expect(m.payload.ts).toBe(START + Math.floor(fixes[i]!.tOffsetMs / speed)));
    expect(Math.max(...t.map((m) => m.payload.ts))).toBeLessThanOrEqual(to);
    const same = telemetry(messagesBetween(oneTrack, { startWallMs: START, speed: 1 }, START, START + 60_000));
    expect(same.map((m) => m.payload.ts - START)).toEqual(
      fixes.filter((f) => f.tOffsetMs < 60_000).map((f) => f.tOffsetMs),
    );
  });

  it('loops when the track ends, counting seq on', () => {
    const speed = 100;
    const n = data.tracks[0]!.length;
    const t = telemetry(
      messagesBetween(oneTrack, { startWallMs: START, speed }, START, START + (2 * vehicle.timeline.loopMs) / speed),
    );
    expect(t).toHaveLength(2 * n);
    expect(t[n]!.payload).toMatchObject({ seq: n, lat: data.tracks[0]![0]!.lat });
    expect(t[n]!.payload.ts - t[n - 1]!.payload.ts).toBeGreaterThanOrEqual(Math.floor((10 * 60_000) / speed)); // parked 10 min
  });

  it('gives the same messages in many small ticks as in one window', () => {
    const clock = { startWallMs: START, speed: 100 };
    const end = START + 60_000;
    const whole = messagesBetween(full, clock, START, end);
    const replay = createReplay(full, clock);
    const ticked: SimMessage[] = [];
    for (let w = START + 1_000; w <= end; w += 1_000) ticked.push(...replay.tick(w));
    const flatten = (ms: SimMessage[]): unknown[] =>
      ms
        .flatMap((m) => (m.channel === 'gatewayTelemetry' ? m.payload.readings : [m.payload]))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(flatten(ticked)).toEqual(flatten(whole));
  });

  it('emits payloads that satisfy the contract, with distinct increasing device times per device', () => {
    const clock = { startWallMs: START, speed: 2_000 };
    const ms = messagesBetween(full, clock, START, START + 5_000);
    const lastTs = new Map<string, number>();
    const schemaOf = {
      telemetry: TelemetryPayloadSchema,
      events: DeviceEventPayloadSchema,
      gatewayTelemetry: GatewayTelemetryPayloadSchema,
    };
    for (const m of ms) {
      const parsed = parseTopic(m.topic);
      expect(parsed?.channel).toBe(m.channel);
      expect(parsed?.id).toBe(m.publisherId);
      expect(schemaOf[m.channel].safeParse(m.payload).success).toBe(true);
      const rows =
        m.channel === 'gatewayTelemetry'
          ? m.payload.readings
          : m.channel === 'telemetry'
            ? [{ deviceId: m.publisherId, ...m.payload }]
            : [];
      for (const r of rows) {
        expect(r.ts).toBeGreaterThan(lastTs.get(r.deviceId) ?? 0);
        lastTs.set(r.deviceId, r.ts);
      }
    }
    expect(lastTs.size).toBe(22); // 3 vehicles, 3 sensors, 4 tags, 12 pieces of store equipment
    const batches = ms.filter((m) => m.channel === 'gatewayTelemetry');
    expect(batches.length).toBeGreaterThan(1); // 5 s × 2000 / 5 s × 4 motes = 8,000 readings
    for (const b of batches) expect(b.payload.readings.length).toBeLessThanOrEqual(500);
  });

  it('merges the weather reading that stood at each fix (no interpolation)', () => {
    const speed = 1_000;
    // Two hours of series time: fixes in the second hour carry Shenyang's 01h reading.
    const t = telemetry(
      messagesBetween(oneTrack, { startWallMs: START, speed }, START, START + (2 * 3_600_000) / speed),
    );
    const [h0, h1] = data.shenyangJanuary;
    for (const m of t) {
      const offset = (m.payload.ts - START) * speed;
      const expected = offset < 3_600_000 - speed ? h0! : h1!;
      expect(m.payload.values).toMatchObject({ P003: expected.temperatureC, P004: expected.humidityPct });
    }
  });

  it('refuses a non-positive speed and returns nothing for an empty window', () => {
    expect(() => messagesBetween(full, { startWallMs: START, speed: 0 }, START, START + 1)).toThrow();
    expect(messagesBetween(full, { startWallMs: START, speed: 60 }, START + 5, START + 5)).toEqual([]);
  });
});

describe('createReplay', () => {
  it('drops the backlog after a stall longer than maxCatchUpMs', () => {
    const clock = { startWallMs: START, speed: 60 };
    const replay = createReplay(oneTrack, clock, { maxCatchUpMs: 5_000 });
    const stalled = replay.tick(START + 60_000);
    expect(stalled).toEqual(messagesBetween(oneTrack, clock, START + 55_000, START + 60_000));
    expect(replay.tick(START + 60_000)).toEqual([]);
  });
});
