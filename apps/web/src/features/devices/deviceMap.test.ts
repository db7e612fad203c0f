import { describe, expect, it } from 'vitest';
import { wgs84ToGcj02, type DeviceRecord } from '@ztj/contracts';
import { mergeLiveReadings } from './deviceLive';
import { TO_TILE } from '../../platform/map/mapTiles';
import { mapStatusCounts, toMapDevices } from './deviceMap';

function row(id: string, over: Partial<DeviceRecord> = {}): DeviceRecord {
  return {
    id,
    name: id,
    alias: null,
    model: 'G24-L4Y2',
    type: 'vehicleGateway',
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
    lat: 41.8,
    lng: 123.4,
    bindStatus: 'bound',
    values: [{ code: 'P003', value: 4, unit: '°C' }],
    createTime: 0,
    ...over,
  };
}

describe('device map markers', () => {
  it('draws devices with a position and leaves out those without', () => {
    const drawn = toMapDevices([row('A'), row('B', { lat: null, lng: null })], new Map(), TO_TILE.wgs84);
    expect(drawn.map((d) => d.device.id)).toEqual(['A']);
    expect(drawn[0]!.position).toEqual({ lat: 41.8, lng: 123.4 });
  });

  it('converts WGS-84 positions to GCJ-02 for Chinese tiles', () => {
    const [drawn] = toMapDevices([row('A')], new Map(), TO_TILE.gcj02);
    expect(drawn!.position).toEqual(wgs84ToGcj02(41.8, 123.4));
    expect(drawn!.position.lat).not.toBe(41.8);
  });

  it('moves a marker and marks it online when a newer live reading arrives', () => {
    const live = mergeLiveReadings(
      new Map(),
      [{ deviceId: 'A', ts: 2_000, values: { P003: -3 }, lat: 41.9, lng: 123.5 }],
      5,
    );
    const [drawn] = toMapDevices([row('A')], live, TO_TILE.wgs84);
    expect(drawn!.position).toEqual({ lat: 41.9, lng: 123.5 });
    expect(drawn!.device).toMatchObject({
      status: 'online',
      lastReportTime: 2_000,
      values: [{ code: 'P003', value: -3, unit: '°C' }],
    });
    // A live reading without a position keeps the marker where it was.
    const still = mergeLiveReadings(
      new Map(),
      [{ deviceId: 'A', ts: 3_000, values: { P003: 1 }, lat: null, lng: null }],
      6,
    );
    expect(toMapDevices([row('A')], still, TO_TILE.wgs84)[0]!.position).toEqual({ lat: 41.8, lng: 123.4 });
  });

  it('counts online and offline markers', () => {
    const drawn = toMapDevices([row('A', { status: 'online' }), row('B'), row('C')], new Map(), TO_TILE.wgs84);
    expect(mapStatusCounts(drawn)).toEqual({ online: 1, offline: 2 });
  });
});
