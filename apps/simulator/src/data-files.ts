import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EquipmentData } from './equipment-fleet';
import { parseMachineSeries } from './equipment-series';
import { parseTwizyTrack, type TrackFix } from './tracks';
import { parseOccupancySeries, parseShenyangJanuary, parseWsnMotes, type ClimatePoint, type WsnMote } from './series';

/** The folder of the replayed real data (see data/ATTRIBUTION.md for origin and licences). */
export const DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** Data files replayed by the default fleet, relative to {@link DATA_DIR}. */
export const DATA_FILES = {
  tracks: [
    'gps/twizy_rabat_T1_03_29_2021.csv',
    'gps/twizy_rabat_T2_03_30_2021.csv',
    'gps/twizy_rabat_T3_05_25_2021_04.csv',
  ],
  shenyang: 'climate/cn_shenyang_hourly_weather_pm25_2015.csv',
  occupancy: 'climate/occupancy_office_mons_be_2015-02-04_to_2015-02-10_1min.csv',
  wsn: 'climate/wsn_telosb_singlehop_2010-05-09_5s_labelled.csv',
  nabMachine: 'climate/nab_machine_temperature_system_failure.csv',
  nabWindows: 'climate/nab_anomaly_windows.json',
} as const;

/** Everything the default fleet replays, parsed. */
export interface FleetData extends EquipmentData {
  tracks: TrackFix[][];
  shenyangJanuary: ClimatePoint[];
  occupancy: ClimatePoint[];
  wsnMotes: WsnMote[];
}

const read = (file: string): string => readFileSync(DATA_DIR + file, 'utf8');

/** Reads and parses the data files (about 3.3 MB; done once at start-up). */
export function loadFleetData(): FleetData {
  // one parse of the office series: its climate columns for the warehouse sensors, its activity columns for the equipment
  const occupancy = parseOccupancySeries(read(DATA_FILES.occupancy));
  return {
    tracks: DATA_FILES.tracks.map((f) => parseTwizyTrack(read(f))),
    shenyangJanuary: parseShenyangJanuary(read(DATA_FILES.shenyang)),
    occupancy,
    wsnMotes: parseWsnMotes(read(DATA_FILES.wsn)),
    activity: occupancy,
    machine: parseMachineSeries(read(DATA_FILES.nabMachine), read(DATA_FILES.nabWindows)),
  };
}
