import { describe, expect, it } from 'vitest';
import { bucketColour, colourTrack, TRACK_BUCKETS } from './trackColours';

const p = (ts: number) => ({ ts, lat: ts, lng: 0 });

describe('colourTrack', () => {
  it('colours each position by the newest reading at or before it, runs joined', () => {
    const { runs, range } = colourTrack(
      [p(1), p(2), p(3), p(4)],
      [
        [0, -10],
        [2.5, 10],
      ],
    );
    expect(range).toEqual([-10, 10]);
    expect(runs.map((r) => r.bucket)).toEqual([0, TRACK_BUCKETS - 1]);
    expect(runs[0]!.points.map((x) => x.lat)).toEqual([1, 2]);
    // the warm run starts where the cold one ended, so the line has no gap
    expect(runs[1]!.points.map((x) => x.lat)).toEqual([2, 3, 4]);
  });
  it('one run without readings; nothing without positions', () => {
    expect(colourTrack([p(1), p(2)], [])).toEqual({
      runs: [
        {
          bucket: 0,
          points: [
            { lat: 1, lng: 0 },
            { lat: 2, lng: 0 },
          ],
        },
      ],
      range: null,
    });
    expect(colourTrack([], [[0, 1]])).toEqual({ runs: [], range: null });
  });
  it('goes from blue to red', () => {
    expect(bucketColour(0)).toBe('hsl(240, 85%, 45%)');
    expect(bucketColour(TRACK_BUCKETS - 1)).toBe('hsl(0, 85%, 45%)');
  });
});
