import { describe, expect, it } from 'vitest';
import { LIMIT_LABEL_COLOURS, LIMIT_LABEL_SIZE, curveSvg, withGapBreaks } from './report-chart';

/** The report curve breaks at reading gaps instead of bridging them with a straight line. */
describe('report curve', () => {
  const gap = { start: 35, end: 155, durationMs: 120 };
  it('puts a break in the middle of each gap between two points', () => {
    expect(
      withGapBreaks(
        [
          [0, 4],
          [35, 9],
          [155, 1],
          [165, 4],
        ],
        [gap],
      ),
    ).toEqual([
      [0, 4],
      [35, 9],
      [95, null],
      [155, 1],
      [165, 4],
    ]);
    expect(
      withGapBreaks(
        [
          [0, 4],
          [10, 5],
        ],
        [],
      ),
    ).toEqual([
      [0, 4],
      [10, 5],
    ]);
    // a down-sampled series whose first point is after the gap gets no leading break
    expect(
      withGapBreaks(
        [
          [155, 1],
          [165, 4],
        ],
        [gap],
      ),
    ).toEqual([
      [155, 1],
      [165, 4],
    ]);
  });

  it('draws two line pieces around a gap', () => {
    const chart = [
      {
        code: 'P003',
        name: 'Temperature',
        unit: '°C',
        points: [
          [0, 4],
          [600_000, 9],
          [9_000_000, 1],
          [9_600_000, 4],
        ] as [number, number][],
        limits: null,
      },
    ];
    // the series line is the unfilled path in the temperature colour; each "M" starts a piece
    const pieces = (svg: string | null): number => {
      const line = /<path d="([^"]*)" fill="none"[^>]*stroke="#d4380d"/.exec(svg!)![1]!;
      return line.split('M').length - 1;
    };
    const bridged = curveSvg(chart as never, 400, 200, { high: 'High', low: 'Low' }, 'Asia/Shanghai');
    const broken = curveSvg(chart as never, 400, 200, { high: 'High', low: 'Low' }, 'Asia/Shanghai', [
      { start: 600_000, end: 9_000_000, durationMs: 8_400_000 },
    ]);
    expect(pieces(bridged)).toBe(1);
    expect(pieces(broken)).toBe(2);
  });

  it('writes the limit labels bold, 10 px, in a dark shade of their series, without the white outline, temperature left and humidity right', () => {
    const limits = (high: number, low: number): { high: number; low: number; sources: string[] } => ({
      high,
      low,
      sources: [],
    });
    const chart = [
      {
        code: 'P003',
        name: 'Temperature',
        unit: '°C',
        points: [
          [0, 4],
          [600_000, 9],
        ] as [number, number][],
        limits: limits(8, 2),
      },
      {
        code: 'P004',
        name: 'Humidity',
        unit: '%RH',
        points: [
          [0, 50],
          [600_000, 60],
        ] as [number, number][],
        limits: limits(70, 40),
      },
    ];
    const svg = curveSvg(chart as never, 515, 250, { high: 'High', low: 'Low' }, 'Asia/Shanghai')!;
    const label = (text: string): { style: string; fill: string; stroke: string | undefined; x: number } => {
      const m = new RegExp(`<text ([^>]*)>${text}</text>`).exec(svg);
      expect(m, text).not.toBeNull();
      const attr = (name: string): string | undefined => new RegExp(`${name}="([^"]*)"`).exec(m![1]!)?.[1];
      return {
        style: attr('style')!,
        fill: attr('fill')!,
        stroke: attr('stroke'),
        x: Number(/translate\(([\d.]+)/.exec(attr('transform')!)![1]),
      };
    };
    for (const [text, colour] of [
      ['High: 8', LIMIT_LABEL_COLOURS[0]],
      ['Low: 2', LIMIT_LABEL_COLOURS[0]],
      ['High: 70', LIMIT_LABEL_COLOURS[1]],
      ['Low: 40', LIMIT_LABEL_COLOURS[1]],
    ] as const) {
      const l = label(text);
      expect(l.style).toContain(`font-size:${LIMIT_LABEL_SIZE}px`);
      expect(l.style).toContain('font-weight:bold');
      expect(l.fill).toBe(colour);
      expect(l.stroke).toBeUndefined();
    }
    expect(LIMIT_LABEL_SIZE).toBeGreaterThanOrEqual(9);
    // temperature's labels start inside the left end, humidity's end inside the right end
    expect(label('High: 8').x).toBeGreaterThan(48);
    expect(label('High: 70').x).toBeGreaterThan(250);
    expect(label('High: 70').x).toBeLessThan(515 - 48);
  });

  it('draws a limit the readings never come near: a freezer at -13 °C above its -15 °C high limit, humidity under its low limit', () => {
    const chart = [
      {
        code: 'P003',
        name: 'Temperature',
        unit: '°C',
        points: [
          [0, -13],
          [600_000, -13],
        ] as [number, number][],
        limits: { high: -15, sources: [] },
      },
      {
        code: 'P004',
        name: 'Humidity',
        unit: '%RH',
        points: [
          [0, 46],
          [600_000, 47],
        ] as [number, number][],
        limits: { low: 60, sources: [] },
      },
    ];
    const svg = curveSvg(chart as never, 515, 250, { high: 'High', low: 'Low' }, 'Asia/Shanghai')!;
    // the labels are drawn, and the axes reach past the limits (-16 below, 61 above)
    expect(svg).toContain('>High: -15</text>');
    expect(svg).toContain('>Low: 60</text>');
    expect(svg).toContain('>-16</text>');
    expect(svg).toContain('>61</text>');
  });
});
