import type { DeviceRecord, LatLng } from '@ztj/contracts';
import type { LiveMap } from './deviceLive';
import { patchDeviceRows } from './deviceLive';
import type { PositionConverter } from '../../platform/map/mapTiles';

/** A device as drawn on the device map: its row (live values applied) and its position in tile coordinates. */
export interface MapDevice {
  device: DeviceRecord;
  /** Latest position converted for the tiles (GCJ-02 on Chinese providers, else WGS-84). */
  position: LatLng;
}

/**
 * The markers of the device map (SPEC §2 device map): the server rows with the newest live
 * readings applied (values, report time, online, position, see `patchDeviceRow`), each with its
 * WGS-84 position converted for the tiles with `toTile` (`useMapTiles().toTile`); rows without a
 * position are left out.
 */
export function toMapDevices(records: readonly DeviceRecord[], live: LiveMap, toTile: PositionConverter): MapDevice[] {
  const out: MapDevice[] = [];
  for (const device of patchDeviceRows(records, live)) {
    if (device.lat === null || device.lng === null) continue;
    out.push({ device, position: toTile(device.lat, device.lng) });
  }
  return out;
}

/** Online and offline counts of the devices on the map. */
export function mapStatusCounts(devices: readonly MapDevice[]): { online: number; offline: number } {
  let online = 0;
  for (const d of devices) if (d.device.status === 'online') online++;
  return { online, offline: devices.length - online };
}
