import { PARAM, type DeviceModelCode } from '@ztj/contracts';
import { buildEquipment, buildTags } from './equipment-fleet';
import { loadFleetData, type FleetData } from './data-files';
import { climateTimeline, loopTimeline, type SimDevice, type Timeline } from './timeline';
import type { TrackFix } from './tracks';

/** A gateway relaying the readings of its sub-devices in batches (ARCHITECTURE §5). */
export interface SimGateway {
  gatewayId: string;
  model: DeviceModelCode;
  subDevices: SimDevice[];
  source: string;
}

/** Everything the simulator replays. */
export interface Fleet {
  devices: SimDevice[];
  gateways: SimGateway[];
}

export interface FleetOptions {
  /** First part of every id: `SIM` gives `SIM-VH-001`, `SIM-WH-001`, `SIM-GW-001`, `SIM-TAG-001`. */
  idPrefix?: string;
  /** Number of warehouse sensors replaying the occupancy series, each 2 days further into it. */
  warehouseSensors?: number;
  /** Include the store equipment; default true. */
  equipment?: boolean;
}

/** The replay's building blocks, for the callers that took them from here. */
export { climateTimeline, loopTimeline };
export type { Sample, SimDevice, Timeline } from './timeline';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A vehicle stays parked this long (series time) between two runs of its trip. */
export const TRIP_PAUSE_MS = 10 * MINUTE;
/** Offset between vehicles in the January weather series. */
const VEHICLE_WEATHER_STEP_MS = 10 * DAY;
/** Offset between warehouse sensors in the occupancy series. */
const SENSOR_STEP_MS = 2 * DAY;

const pad = (n: number): string => String(n).padStart(3, '0');

/** A Twizy track as vehicle reports: position, battery (SoC %), GPS speed (km/h), altitude (m). */
export function trackTimeline(fixes: readonly TrackFix[]): Timeline {
  const samples = fixes.map((f) => ({
    tOffsetMs: f.tOffsetMs,
    values: { [PARAM.battery]: f.batteryPct, [PARAM.speed]: f.speedKmh, [PARAM.altitude]: f.altM },
    lat: f.lat,
    lng: f.lng,
  }));
  return loopTimeline(samples, TRIP_PAUSE_MS);
}

/**
 * The demo fleet, built from real data only:
 * - vehicles `…-VH-001..003` (model G24-L4Y2), one per Twizy track; their temperature and humidity
 *   are the raw Shenyang January outdoor readings, reported as the cargo-space reading (an unheated
 *   box in a Shenyang winter; not a reefer set-point), each vehicle 10 days further into January;
 * - warehouse sensors `…-WH-001..` (model P23-2IN1) replaying the 1-minute office series, each
 *   2 days further into it;
 * - gateway `…-GW-001` (model G24-L4Y1) relaying the four TelosB motes as BLE tags
 *   `…-TAG-001..004` (BT-TH; 5-second series with the labelled excursions, derived battery/RSSI);
 * - the store equipment (`equipment-fleet.ts`): ammeters, plugs, boil pot, oden
 *   cookers, water meter, feed scale (leave out with `equipment: false`).
 */
export function buildFleet(data: FleetData, options: FleetOptions = {}): Fleet {
  const prefix = options.idPrefix ?? 'SIM';
  const weather = climateTimeline(data.shenyangJanuary, HOUR);
  const office = climateTimeline(data.occupancy, MINUTE);
  const vehicles: SimDevice[] = data.tracks.map((fixes, i) => ({
    deviceId: `${prefix}-VH-${pad(i + 1)}`,
    model: 'G24-L4Y2',
    timeline: trackTimeline(fixes),
    phaseMs: 0,
    overlay: { timeline: weather, phaseMs: (i * VEHICLE_WEATHER_STEP_MS) % weather.loopMs },
    tripEvents: true,
    source: `Twizy track ${i + 1}; T/RH Shenyang January from day ${1 + i * 10}`,
  }));
  const sensors: SimDevice[] = Array.from({ length: options.warehouseSensors ?? 3 }, (_, i) => ({
    deviceId: `${prefix}-WH-${pad(i + 1)}`,
    model: 'P23-2IN1',
    timeline: office,
    phaseMs: (i * SENSOR_STEP_MS) % office.loopMs,
    source: `Occupancy office series from day ${1 + i * 2}`,
  }));
  const tags = buildTags(data.wsnMotes, prefix);
  const equipment = options.equipment === false ? [] : buildEquipment(data, prefix);
  return {
    devices: [...vehicles, ...sensors, ...equipment],
    gateways: [
      { gatewayId: `${prefix}-GW-${pad(1)}`, model: 'G24-L4Y1', subDevices: tags, source: 'TelosB single-hop WSN' },
    ],
  };
}

/** The default fleet from the bundled data files. */
export function loadDefaultFleet(options: FleetOptions = {}): Fleet {
  return buildFleet(loadFleetData(), options);
}

/** Every device of the fleet, gateways' sub-devices included. */
export function allReportingDevices(fleet: Fleet): SimDevice[] {
  return [...fleet.devices, ...fleet.gateways.flatMap((g) => g.subDevices)];
}

/**
 * The highest time compression at which two reports of one device still get different device
 * times (whole ms): the smallest gap between consecutive samples, loop wrap included, in ms.
 */
export function maxSpeed(fleet: Fleet): number {
  let min = Number.POSITIVE_INFINITY;
  for (const d of allReportingDevices(fleet)) {
    const s = d.timeline.samples;
    for (let i = 1; i < s.length; i++) min = Math.min(min, s[i]!.tOffsetMs - s[i - 1]!.tOffsetMs);
    min = Math.min(min, d.timeline.loopMs - s.at(-1)!.tOffsetMs + s[0]!.tOffsetMs);
  }
  return min;
}
