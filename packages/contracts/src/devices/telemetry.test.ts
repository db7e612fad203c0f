import { describe, expect, it } from 'vitest';
import {
  CommandAckPayloadSchema,
  DeviceCommandSchema,
  DeviceEventPayloadSchema,
  GatewayTelemetryPayloadSchema,
  TelemetryPayloadSchema,
  checkDeviceTime,
} from './telemetry';

const TS = Date.UTC(2025, 0, 15, 8, 0, 0);
const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown): boolean =>
  schema.safeParse(v).success;

describe('TelemetryPayloadSchema', () => {
  it('accepts a reading with values and a position', () => {
    const p = { ts: TS, values: { P003: -18.2, P004: 65, P026: false }, lat: 41.8, lng: 123.43, seq: 7 };
    expect(TelemetryPayloadSchema.parse(p)).toEqual(p);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: {}, lat: 0, lng: 0 })).toBe(true);
  });

  it('rejects bad times, positions and values', () => {
    expect(ok(TelemetryPayloadSchema, { ts: 0, values: { P003: 1 } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS / 1000, values: { P003: 1 } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: Date.UTC(2100, 0, 1), values: { P003: 1 } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P003: 1 }, lat: 91, lng: 0 })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P003: 1 }, lat: 0, lng: 180.5 })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P003: 1 }, lat: 10 })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: {} })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P999: 1 } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P003: '1' } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P004: 120 } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P001: 1 } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P003: 1 }, seq: -1 })).toBe(false);
  });

  it('rejects non-finite numbers (JSON cannot carry them, but HTTP bodies are parsed first)', () => {
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P003: Number.NaN } })).toBe(false);
    expect(ok(TelemetryPayloadSchema, { ts: TS, values: { P003: Number.POSITIVE_INFINITY } })).toBe(false);
  });

  it('names the failing value in the issue path', () => {
    const r = TelemetryPayloadSchema.safeParse({ ts: TS, values: { P004: 120 } });
    expect(r.error?.issues[0]).toMatchObject({ path: ['values', 'P004'], message: 'telemetry.outOfRange' });
  });
});

describe('GatewayTelemetryPayloadSchema', () => {
  const reading = { deviceId: 'TAG-1', ts: TS, values: { P003: 27.9, P004: 45.9 } };
  it('accepts 1-500 readings', () => {
    expect(ok(GatewayTelemetryPayloadSchema, { ts: TS, readings: [reading] })).toBe(true);
    expect(ok(GatewayTelemetryPayloadSchema, { ts: TS, readings: Array(500).fill(reading) })).toBe(true);
    expect(ok(GatewayTelemetryPayloadSchema, { ts: TS, readings: Array(501).fill(reading) })).toBe(false);
    expect(ok(GatewayTelemetryPayloadSchema, { ts: TS, readings: [] })).toBe(false);
  });
  it('validates every reading', () => {
    expect(ok(GatewayTelemetryPayloadSchema, { ts: TS, readings: [{ ...reading, deviceId: 'a/b' }] })).toBe(false);
    expect(ok(GatewayTelemetryPayloadSchema, { ts: TS, readings: [{ ...reading, values: { P004: -1 } }] })).toBe(false);
  });
});

describe('events, commands and acks', () => {
  it('accepts the SPEC §4 event types only', () => {
    expect(ok(DeviceEventPayloadSchema, { ts: TS, type: 'low_power_on' })).toBe(true);
    expect(ok(DeviceEventPayloadSchema, { ts: TS, type: 'reboot' })).toBe(false);
  });
  it('parses commands and acks', () => {
    expect(ok(DeviceCommandSchema, { cmdId: 'c1', ts: TS, type: 'setPeriods', periods: { workReportCycle: 30 } })).toBe(
      true,
    );
    expect(ok(DeviceCommandSchema, { cmdId: 'c1', ts: TS, type: 'shutdown' })).toBe(true);
    expect(ok(DeviceCommandSchema, { cmdId: 'c1', ts: TS, type: 'reboot' })).toBe(false);
    expect(ok(CommandAckPayloadSchema, { cmdId: 'c1', ts: TS, ok: false, error: 'busy' })).toBe(true);
  });
});

describe('checkDeviceTime', () => {
  it('allows 5 minutes of clock skew and 90 days of back-fill', () => {
    expect(checkDeviceTime(TS + 5 * 60_000, TS)).toBe('ok');
    expect(checkDeviceTime(TS + 5 * 60_000 + 1, TS)).toBe('future');
    expect(checkDeviceTime(TS - 90 * 86_400_000, TS)).toBe('ok');
    expect(checkDeviceTime(TS - 90 * 86_400_000 - 1, TS)).toBe('tooOld');
  });
});
