import { describe, expect, it } from 'vitest';
import type { DeviceRecord } from '@ztj/contracts';
import { toTelemetryMessage, type LiveReading } from '../../platform/websocket/telemetrySocket';
import { mergeLiveReadings, patchDeviceRows, type LiveMap } from './deviceLive';

function row(id: string, over: Partial<DeviceRecord> = {}): DeviceRecord {
  return {
    id,
    name: id,
    alias: null,
    model: 'P3A-1IY1',
    type: 'terminal',
    groupId: null,
    groupName: null,
    gatewayId: null,
    firmware: null,
    workStatus: 'working',
    workWindows: [],
    power: 50,
    signal: -80,
    charging: false,
    poweredOn: true,
    status: 'offline',
    lastReportTime: 1_000,
    lat: null,
    lng: null,
    bindStatus: 'bound',
    values: [
      { code: 'P003', value: 4, unit: '°C' },
      { code: 'P004', value: 60, unit: '%RH' },
    ],
    createTime: 0,
    ...over,
  };
}
const reading = (
  deviceId: string,
  ts: number,
  values: LiveReading['values'],
  pos: [number, number] | null = null,
): LiveReading => ({
  deviceId,
  ts,
  values,
  lat: pos?.[0] ?? null,
  lng: pos?.[1] ?? null,
});

describe('live patching of device rows', () => {
  it('keeps the newest reading per device', () => {
    let live: LiveMap = new Map();
    live = mergeLiveReadings(live, [reading('A', 2_000, { P003: 5 }), reading('B', 1_500, { P003: 1 })], 10);
    live = mergeLiveReadings(live, [reading('A', 1_800, { P003: 9 })], 20);
    expect(live.get('A')?.reading.values.P003).toBe(5);
    const same = mergeLiveReadings(live, [reading('B', 1_500, { P003: 2 })], 30);
    expect(same).toBe(live);
  });

  it('patches values, report time, battery, signal, status and position', () => {
    const live = mergeLiveReadings(
      new Map(),
      [reading('A', 2_000, { P003: -18.2, P005: 77, P012: -65, P039: true, P006: 300 }, [41.8, 123.4])],
      99,
    );
    const [a, b] = patchDeviceRows([row('A'), row('B')], live);
    expect(a.values).toEqual([
      { code: 'P003', value: -18.2, unit: '°C' },
      { code: 'P004', value: 60, unit: '%RH' },
      { code: 'P005', value: 77, unit: '%' },
      { code: 'P012', value: -65, unit: 'dBm' },
      { code: 'P039', value: true, unit: '' },
      { code: 'P006', value: 300, unit: 'lux' },
    ]);
    expect(a).toMatchObject({
      lastReportTime: 2_000,
      power: 77,
      signal: -65,
      charging: true,
      status: 'online',
      lat: 41.8,
      lng: 123.4,
    });
    expect(b).toBe(patchDeviceRows([b], live)[0]);
  });

  it('ignores readings older than what the server already sent', () => {
    const rows = [row('A', { lastReportTime: 5_000 })];
    const live = mergeLiveReadings(new Map(), [reading('A', 4_000, { P003: 99 })], 1);
    expect(patchDeviceRows(rows, live)[0]).toBe(rows[0]);
  });

  it('reads telemetry frames and drops malformed readings', () => {
    expect(toTelemetryMessage({ cmd: 'topic', msgId: '1', msgTxt: 'x' })).toBeNull();
    const message = toTelemetryMessage({
      cmd: 'telemetry',
      devices: [{ deviceId: 'A', ts: 1, values: { P003: 1 } }, { deviceId: 2 }],
    });
    expect(message).toEqual({
      cmd: 'telemetry',
      devices: [{ deviceId: 'A', ts: 1, values: { P003: 1 }, lat: null, lng: null }],
    });
  });
});
