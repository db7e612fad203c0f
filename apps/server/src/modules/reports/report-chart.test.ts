import { describe, expect, it } from 'vitest';
import { curveSvg, withGapBreaks } from './report-chart';

/** The report curve breaks at reading gaps instead of bridging them with a straight line. */
describe('report curve', () => {
  const gap = { start: 35, end: 155, durationMs: 120 };
  it('puts a break in the middle of each gap between two points', () => {
    expect(withGapBreaks([[0, 4], [35, 9], [155, 1], [165, 4]], [gap])).toEqual([[0, 4], [35, 9], [95, null], [155, 1], [165, 4]]);
    expect(withGapBreaks([[0, 4], [10, 5]], [])).toEqual([[0, 4], [10, 5]]);
    // a down-sampled series whose first point is after the gap gets no leading break
    expect(withGapBreaks([[155, 1], [165, 4]], [gap])).toEqual([[155, 1], [165, 4]]);
  });

  it('draws two line pieces around a gap', () => {
    const chart = [{ code: 'P003', name: 'Temperature', unit: '°C', points: [[0, 4], [600_000, 9], [9_000_000, 1], [9_600_000, 4]] as [number, number][], limits: null }];
    // the series line is the unfilled path in the temperature colour; each "M" starts a piece
    const pieces = (svg: string | null): number => {
      const line = /<path d="([^"]*)" fill="none"[^>]*stroke="#d4380d"/.exec(svg!)![1]!;
      return line.split('M').length - 1;
    };
    const bridged = curveSvg(chart as never, 400, 200, { high: 'High', low: 'Low' }, 'Asia/Shanghai');
    const broken = curveSvg(chart as never, 400, 200, { high: 'High', low: 'Low' }, 'Asia/Shanghai', [{ start: 600_000, end: 9_000_000, durationMs: 8_400_000 }]);
    expect(pieces(bridged)).toBe(1);
    expect(pieces(broken)).toBe(2);
  });
});
