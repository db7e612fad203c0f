import { localTimeMs, numberAt, parseCsv } from './csv';

/**
 * One GPS fix of a Twizy drive (data/gps/twizy_rabat_*.csv, CC BY 4.0, see data/ATTRIBUTION.md).
 * `tOffsetMs` from the track's first fix; WGS-84 degrees; speed from GPS (km/h); altitude m;
 * battery is the car's state of charge (%).
 */
export interface TrackFix {
  tOffsetMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  altM: number;
  batteryPct: number;
}

/**
 * Parses a normalised Twizy CSV into its GPS fixes: rows with `new_fix=1` only (the rows are 1 Hz
 * but the position changes about every 12 s; SOURCES A2). Offsets are strictly increasing.
 */
export function parseTwizyTrack(csvText: string): TrackFix[] {
  const fixes: TrackFix[] = [];
  let t0: number | undefined;
  parseCsv(csvText).forEach((row, i) => {
    if (row.new_fix !== '1') return;
    const t = localTimeMs(row.ts_local, i);
    t0 ??= t;
    const fix: TrackFix = {
      tOffsetMs: t - t0,
      lat: numberAt(row, 'lat', i),
      lng: numberAt(row, 'lon', i),
      speedKmh: numberAt(row, 'gps_speed_kmh', i),
      altM: numberAt(row, 'alt_m', i),
      batteryPct: numberAt(row, 'battery_soc_pct', i),
    };
    const prev = fixes.at(-1);
    if (prev && fix.tOffsetMs <= prev.tOffsetMs) throw new Error(`line ${i + 2}: time does not increase`);
    fixes.push(fix);
  });
  if (fixes.length === 0) throw new Error('track has no fixes (new_fix=1)');
  return fixes;
}
