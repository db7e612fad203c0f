import * as echarts from 'echarts';
import { formatReportTime } from './report-labels';
import type { DeviceSection } from './report-model';
import type { Gap } from './stats/intervals';

/** Font family the chart's SVG names; the PDF maps it to the embedded Noto Sans SC. */
export const CHART_FONT = 'NotoSansSC';
const COLOURS = ['#d4380d', '#1677ff'];
/**
 * Limit labels: a darker shade of each series' colour, {@link LIMIT_LABEL_SIZE} px bold on a white
 * box, so they stay legible over the curve (the SVG is drawn at 1 px = 1 pt in the PDF).
 */
export const LIMIT_LABEL_COLOURS = ['#871400', '#003eb3'];
export const LIMIT_LABEL_SIZE = 10;

/**
 * `points` (time order) with a `[t, null]` in the middle of each gap that falls between two of
 * them, so the curve breaks there instead of drawing a straight line over missing data.
 */
export function withGapBreaks(points: readonly [number, number][], gaps: readonly Gap[]): [number, number | null][] {
  const out: [number, number | null][] = [];
  let g = 0;
  for (const p of points) {
    while (g < gaps.length && gaps[g]!.end <= p[0]) {
      const mid = (gaps[g]!.start + gaps[g]!.end) / 2;
      if (out.length && out[out.length - 1]![0] < mid) out.push([mid, null]);
      g++;
    }
    out.push(p);
  }
  return out;
}

/**
 * The temperature/humidity curve of a device as an SVG string (ECharts server-side rendering):
 * temperature on the left axis, humidity on the right, each limit a dashed line
 * in its series' colour; the line breaks at the reading gaps (`gaps`). Times on the axis are
 * written in `timeZone`. Null without chart data.
 */
export function curveSvg(
  chart: DeviceSection['chart'],
  width: number,
  height: number,
  labels: { high: string; low: string },
  timeZone: string,
  gaps: readonly Gap[] = [],
): string | null {
  if (!chart.length) return null;
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption({
      animation: false,
      textStyle: { fontFamily: CHART_FONT },
      color: COLOURS,
      legend: { top: 0, textStyle: { fontFamily: CHART_FONT, fontSize: 10 } },
      grid: { left: 48, right: chart.length > 1 ? 48 : 16, top: 28, bottom: 36 },
      xAxis: {
        type: 'time',
        axisLabel: {
          fontSize: 9,
          hideOverlap: true,
          formatter: (v: number) => formatReportTime(v, timeZone).slice(5, 16).replace(' ', '\n'),
        },
      },
      yAxis: chart.map((c, i) => {
        // keep both limit lines inside the plot (ECharts sizes the axis on the data only), also when
        // the readings stay on the far side of a limit (a freezer at -13 °C under a -15 °C high limit)
        const limits = [c.limits?.low, c.limits?.high].filter((x): x is number => x !== undefined);
        return {
          type: 'value',
          name: c.unit,
          position: i === 0 ? 'left' : 'right',
          scale: true,
          min: (v: { min: number }) => Math.floor(Math.min(v.min, ...limits) - 1),
          max: (v: { max: number }) => Math.ceil(Math.max(v.max, ...limits) + 1),
          nameTextStyle: { fontSize: 9 },
          axisLabel: { fontSize: 9 },
          splitLine: { show: i === 0 },
        };
      }),
      series: chart.map((c, i) => ({
        name: `${c.name} (${c.unit})`,
        type: 'line',
        yAxisIndex: i,
        showSymbol: false,
        sampling: undefined,
        lineStyle: { width: 1 },
        data: withGapBreaks(c.points, gaps),
        markLine: c.limits
          ? {
              symbol: 'none',
              silent: true,
              lineStyle: { type: 'dashed', color: COLOURS[i], width: 1 },
              // temperature's labels at the left end, humidity's at the right end, inside the plot and
              // clear of the line ends; no text outline (svg-to-pdfkit paints it over the glyphs)
              label: {
                fontSize: LIMIT_LABEL_SIZE,
                fontWeight: 'bold',
                color: LIMIT_LABEL_COLOURS[i],
                position: i === 0 ? 'insideStartTop' : 'insideEndTop',
                distance: [8, 3],
                backgroundColor: '#ffffff',
                padding: [1, 3],
                borderRadius: 2,
                textBorderWidth: 0,
                formatter: '{b}: {c}',
              },
              data: [
                ...(c.limits.high !== undefined ? [{ yAxis: c.limits.high, name: labels.high }] : []),
                ...(c.limits.low !== undefined ? [{ yAxis: c.limits.low, name: labels.low }] : []),
              ],
            }
          : undefined,
      })),
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
