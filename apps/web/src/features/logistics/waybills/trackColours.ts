/**
 * Temperature colouring of a trip's track (SPEC §2 waybill map history): each position takes the
 * newest temperature reading at or before its time (°C; the first reading for positions before
 * it), mapped onto {@link TRACK_BUCKETS} colour buckets from blue (coldest of the trip) to red
 * (warmest). Consecutive positions of one bucket form one run, so a long track draws as few lines.
 */

/** Number of colour buckets. */
export const TRACK_BUCKETS = 8;

/** Colour of bucket `i` (0 coldest … TRACK_BUCKETS-1 warmest): hue 240 (blue) to 0 (red). */
export function bucketColour(i: number): string {
  const hue = Math.round(240 - (240 * i) / (TRACK_BUCKETS - 1));
  return `hsl(${hue}, 85%, 45%)`;
}

/** A run of positions of one colour; neighbouring runs share their joining position. */
export interface ColouredRun {
  bucket: number;
  points: { lat: number; lng: number }[];
}

/**
 * Splits `track` (time order, ms epoch `ts`) into coloured runs by the temperature series
 * `temps` (`[ts, °C]` in time order). Without temperatures everything is one run of bucket 0.
 * Also returns the trip's temperature range (null without readings).
 */
export function colourTrack(
  track: readonly { ts: number; lat: number; lng: number }[],
  temps: readonly (readonly [number, number])[],
): { runs: ColouredRun[]; range: [number, number] | null } {
  if (track.length === 0) return { runs: [], range: null };
  if (temps.length === 0)
    return { runs: [{ bucket: 0, points: track.map(({ lat, lng }) => ({ lat, lng })) }], range: null };
  const values = temps.map(([, v]) => v);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const bucketOf = (v: number): number =>
    max === min ? 0 : Math.min(TRACK_BUCKETS - 1, Math.floor(((v - min) / (max - min)) * TRACK_BUCKETS));
  const runs: ColouredRun[] = [];
  let j = 0;
  for (const p of track) {
    while (j + 1 < temps.length && temps[j + 1]![0] <= p.ts) j++;
    const bucket = bucketOf(temps[j]![1]);
    const last = runs.at(-1);
    const point = { lat: p.lat, lng: p.lng };
    if (last && last.bucket === bucket) last.points.push(point);
    else runs.push({ bucket, points: last ? [last.points.at(-1)!, point] : [point] });
  }
  return { runs, range: [min, max] };
}
