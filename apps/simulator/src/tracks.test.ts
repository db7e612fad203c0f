import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, DATA_FILES } from './data-files';
import { parseTwizyTrack } from './tracks';

const HEADER =
  'ts_local,lat,lon,alt_m,gps_speed_kmh,can_speed_kmh,battery_soc_pct,ambient_temp_c,ambient_rh_pct,drive_mode,new_fix,date_flag';

describe('parseTwizyTrack', () => {
  it('keeps only new_fix=1 rows of the real T1 track (SOURCES A2: 495 fixes)', () => {
    const fixes = parseTwizyTrack(readFileSync(DATA_DIR + DATA_FILES.tracks[0], 'utf8'));
    expect(fixes).toHaveLength(495);
    expect(fixes[0]).toEqual({
      tOffsetMs: 0,
      lat: 33.986225,
      lng: -6.725523,
      speedKmh: 0,
      altM: 140,
      batteryPct: 87.54,
    });
    // First fix 11:13:45, last new fix 12:56:41 (the file runs on to 12:56:53 without moving).
    expect(fixes.at(-1)).toMatchObject({
      tOffsetMs: ((12 * 60 + 56) * 60 + 41 - ((11 * 60 + 13) * 60 + 45)) * 1000,
      lat: 33.985752,
      lng: -6.724493,
    });
    for (let i = 1; i < fixes.length; i++) expect(fixes[i]!.tOffsetMs).toBeGreaterThan(fixes[i - 1]!.tOffsetMs);
  });

  it('reads the other two tracks (573 and 181 fixes)', () => {
    expect(parseTwizyTrack(readFileSync(DATA_DIR + DATA_FILES.tracks[1], 'utf8'))).toHaveLength(573);
    expect(parseTwizyTrack(readFileSync(DATA_DIR + DATA_FILES.tracks[2], 'utf8'))).toHaveLength(181);
  });

  it('handles quoted fields and CRLF through the CSV parser', () => {
    const csv = `${HEADER}\r\n"2021-03-29T11:13:45",33.9,-6.7,140,0,0,87.5,20,60,N,1,"repaired_from:90/02/2032, x"\r\n2021-03-29T11:13:46,33.9,-6.7,140,0,0,87.5,20,60,N,0,ok\r\n2021-03-29T11:13:58,34.0,-6.8,141,12.5,12,87.4,20,60,D,1,ok\r\n`;
    const fixes = parseTwizyTrack(csv);
    expect(fixes.map((f) => f.tOffsetMs)).toEqual([0, 13_000]);
    expect(fixes[1]).toMatchObject({ lat: 34, lng: -6.8, speedKmh: 12.5 });
  });

  it('refuses a bad number or a track without fixes, naming the line', () => {
    expect(() => parseTwizyTrack(`${HEADER}\n2021-03-29T11:13:45,x,-6.7,140,0,0,87.5,20,60,N,1,ok\n`)).toThrow(
      /line 2: column lat/,
    );
    expect(() => parseTwizyTrack(`${HEADER}\n2021-03-29T11:13:45,33.9,-6.7,140,0,0,87.5,20,60,N,0,ok\n`)).toThrow(
      /no fixes/,
    );
  });
});
