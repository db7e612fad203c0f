import { describe, expect, it } from 'vitest';
import { loadFleetData } from './data-files';
import { parseShenyangJanuary, parseWsnMotes } from './series';

const data = loadFleetData();

describe('parseShenyangJanuary', () => {
  it('returns the 744 January hours of 2015 with raw TEMP and HUMI', () => {
    const s = data.shenyangJanuary;
    expect(s).toHaveLength(31 * 24);
    expect(s[0]).toEqual({ tOffsetMs: 0, temperatureC: -13, humidityPct: 46.66 });
    expect(s[1]!.tOffsetMs).toBe(3_600_000);
    expect(s.at(-1)!.tOffsetMs).toBe((31 * 24 - 1) * 3_600_000);
    expect(Math.min(...s.map((p) => p.temperatureC))).toBe(-22);
  });

  it('skips NA rows and other months', () => {
    const csv = [
      'No,year,month,day,hour,season,PM_US Post,DEWP,HUMI,PRES,TEMP,cbwd,Iws,precipitation,Iprec',
      '1,2015,1,1,0,4,37,-22,46.66,1027,-13,NW,72,0,0',
      '2,2015,1,1,1,4,26,-22,NA,1028,-13,NW,75,0,0',
      '3,2015,1,1,2,4,30,-22,50.63,1028,NA,NW,78,0,0',
      '4,2015,1,1,3,4,30,-22,50.63,1028,-14,NW,78,0,0',
      '5,2015,2,1,0,4,30,-22,50.63,1028,-9,NW,78,0,0',
    ].join('\n');
    expect(parseShenyangJanuary(csv)).toEqual([
      { tOffsetMs: 0, temperatureC: -13, humidityPct: 46.66 },
      { tOffsetMs: 3 * 3_600_000, temperatureC: -14, humidityPct: 50.63 },
    ]);
  });
});

describe('parseOccupancySeries', () => {
  it('reads the 1-minute office series (8,143 rows, 59-61 s apart)', () => {
    const s = data.occupancy;
    expect(s).toHaveLength(8143);
    expect(s[0]).toEqual({
      tOffsetMs: 0,
      temperatureC: 23.18,
      humidityPct: 27.272,
      occupied: true,
      lightLux: 426,
      co2Ppm: 721.25,
    });
    for (let i = 1; i < s.length; i++) {
      const step = s[i]!.tOffsetMs - s[i - 1]!.tOffsetMs;
      expect(step).toBeGreaterThanOrEqual(59_000);
      expect(step).toBeLessThanOrEqual(61_000);
    }
  });
});

describe('parseWsnMotes', () => {
  it('splits the TelosB file into four 5-second motes with their labelled excursions', () => {
    const motes = data.wsnMotes;
    expect(motes.map((m) => [m.moteId, m.indoor, m.points.length, m.points.filter((p) => p.excursion).length])).toEqual(
      [
        [1, true, 4417, 117],
        [2, true, 4417, 0],
        [3, false, 5039, 0],
        [4, false, 5041, 32],
      ],
    );
    expect(motes[0]!.points[1]!.tOffsetMs).toBe(5_000);
    expect(Math.max(...motes[0]!.points.map((p) => p.temperatureC))).toBe(56.56); // SOURCES B2 rounds it to 56.6
  });

  it('orders motes and readings even when the file does not', () => {
    const csv = 'reading,mote_id,indoor,humidity,temperature,label\n2,2,1,40,20,0\n1,2,1,41,21,0\n1,1,0,42,22,1\n';
    expect(parseWsnMotes(csv)).toEqual([
      { moteId: 1, indoor: false, points: [{ tOffsetMs: 0, temperatureC: 22, humidityPct: 42, excursion: true }] },
      {
        moteId: 2,
        indoor: true,
        points: [
          { tOffsetMs: 0, temperatureC: 21, humidityPct: 41, excursion: false },
          { tOffsetMs: 5_000, temperatureC: 20, humidityPct: 40, excursion: false },
        ],
      },
    ]);
  });
});
