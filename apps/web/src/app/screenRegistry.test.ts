import { describe, expect, it } from 'vitest';
import { isRegistered } from './screenRegistry';

describe('equipment screens', () => {
  it('are registered under the component names the menu seed gives them (SPEC §2 warehouse and device areas)', () => {
    const names = [
      'warehouse/AmmeterList',
      'warehouse/AmmeterConfig',
      'warehouse/AmmeterChart',
      'warehouse/PlugList',
      'warehouse/PlugChart',
      'warehouse/PlugHistory',
      'warehouse/TagList',
      'warehouse/BoilPot',
      'warehouse/OdenCooker',
      'warehouse/ExternalDeviceList',
      'warehouse/ExternalDeviceChart',
      'device/LawsonDeviceList',
    ];
    expect(names.filter((n) => !isRegistered(n))).toEqual([]);
  });
});

describe('device map', () => {
  it('is registered as the device/DeviceMap menu screen', () => {
    expect(isRegistered('device/DeviceMap')).toBe(true);
  });
});
