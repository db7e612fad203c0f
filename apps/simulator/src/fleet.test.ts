import { describe, expect, it } from 'vitest';
import { getDeviceModel } from '@ztj/contracts';
import { loadFleetData } from './data-files';
import { allReportingDevices, buildFleet, maxSpeed } from './fleet';

const data = loadFleetData();

describe('buildFleet', () => {
  const fleet = buildFleet(data);

  it('has three vehicles on the three real tracks, three warehouse sensors, the store equipment and a gateway with four tags', () => {
    expect(fleet.devices.map((d) => d.deviceId)).toEqual([
      'SIM-VH-001',
      'SIM-VH-002',
      'SIM-VH-003',
      'SIM-WH-001',
      'SIM-WH-002',
      'SIM-WH-003',
      'SIM-AM1-001',
      'SIM-AM3-001',
      'SIM-AM3-002',
      'SIM-PLUG-001',
      'SIM-PLUG-002',
      'SIM-PLUG-003',
      'SIM-PLUG-004',
      'SIM-POT-001',
      'SIM-ODEN-001',
      'SIM-ODEN-002',
      'SIM-WM-001',
      'SIM-FS-001',
    ]);
    expect(fleet.devices.slice(0, 3).map((d) => d.timeline.samples.length)).toEqual([495, 573, 181]);
    expect(fleet.gateways).toHaveLength(1);
    expect(fleet.gateways[0]).toMatchObject({ gatewayId: 'SIM-GW-001', model: 'G24-L4Y1' });
    expect(fleet.gateways[0]!.subDevices.map((d) => d.deviceId)).toEqual([
      'SIM-TAG-001',
      'SIM-TAG-002',
      'SIM-TAG-003',
      'SIM-TAG-004',
    ]);
  });

  it('uses model codes of SPEC §3 (vehicle gateway, terminal, warehouse gateway) and the equipment models', () => {
    for (const d of allReportingDevices(fleet)) expect(getDeviceModel(d.model), d.model).toBeDefined();
    expect(fleet.gateways[0]!.subDevices.map((d) => d.model)).toEqual(['BT-TH', 'BT-TH', 'BT-TH', 'BT-TH']);
    expect(fleet.devices.slice(6).map((d) => d.model)).toEqual([
      'AM-1P',
      'AM-3P',
      'AM-3P',
      'SP-16A',
      'SP-16A',
      'SP-16A',
      'SP-16A',
      'BP-2W',
      'OC-4W',
      'OC-4W',
      'WM-DN20',
      'FS-500',
    ]);
    expect(getDeviceModel(fleet.devices[0]!.model)?.kind).toBe('vehicleGateway');
    expect(getDeviceModel(fleet.devices[3]!.model)?.kind).toBe('terminal');
    expect(getDeviceModel(fleet.gateways[0]!.model)?.kind).toBe('warehouseGateway');
  });

  it('keeps readings raw: track values, Shenyang values as they are in the file', () => {
    const v = fleet.devices[0]!;
    expect(v.timeline.samples[0]).toEqual({
      tOffsetMs: 0,
      values: { P005: 87.54, P013: 0, P015: 140 },
      lat: 33.986225,
      lng: -6.725523,
    });
    expect(v.overlay!.timeline.samples[0]!.values).toEqual({ P003: -13, P004: 46.66 });
    expect(fleet.devices[1]!.overlay!.phaseMs).toBe(10 * 24 * 3_600_000);
    expect(fleet.devices[4]!.phaseMs).toBe(2 * 24 * 3_600_000);
  });

  it('takes an id prefix and a sensor count', () => {
    const f = buildFleet(data, { idPrefix: 'T9', warehouseSensors: 1, equipment: false });
    expect(allReportingDevices(f).map((d) => d.deviceId)).toEqual([
      'T9-VH-001',
      'T9-VH-002',
      'T9-VH-003',
      'T9-WH-001',
      'T9-TAG-001',
      'T9-TAG-002',
      'T9-TAG-003',
      'T9-TAG-004',
    ]);
  });

  it('allows up to ×2000: the closest two fixes are 2 s apart (track 3)', () => {
    expect(maxSpeed(fleet)).toBe(2_000);
  });
});
