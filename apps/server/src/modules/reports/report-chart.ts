import * as echarts from 'echarts';
import { formatReportTime } from './report-labels';
import type { DeviceSection } from './report-model';

/** Font family the chart's SVG names; the PDF maps it to the embedded Noto Sans SC. */
export const CHART_FONT = 'NotoSansSC';
const COLOURS = ['#d4380d', '#1677ff'];

/**
 * The temperature/humidity curve of a device as an SVG string (ECharts server-side rendering,
 * issue 11 item 3): temperature on the left axis, humidity on the right, each limit a dashed line
 * in its series' colour. Times on the axis are written in `timeZone`. Null without chart data.
 */
export function curveSvg(chart: DeviceSection['chart'], width: number, height: number, labels: { high: string; low: string }, timeZone: string): string | null {
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
        axisLabel: { fontSize: 9, hideOverlap: true, formatter: (v: number) => formatReportTime(v, timeZone).slice(5, 16).replace(' ', '\n') },
      },
      yAxis: chart.map((c, i) => ({
        type: 'value', name: c.unit, position: i === 0 ? 'left' : 'right', scale: true,
        // keep the limit lines inside the plot (ECharts sizes the axis on the data only)
        min: (v: { min: number }) => Math.floor(Math.min(v.min, c.limits?.low ?? v.min) - 1),
        max: (v: { max: number }) => Math.ceil(Math.max(v.max, c.limits?.high ?? v.max) + 1),
        nameTextStyle: { fontSize: 9 }, axisLabel: { fontSize: 9 }, splitLine: { show: i === 0 },
      })),
      series: chart.map((c, i) => ({
        name: `${c.name} (${c.unit})`,
        type: 'line', yAxisIndex: i, showSymbol: false, sampling: undefined, lineStyle: { width: 1 },
        data: c.points,
        markLine: c.limits
          ? {
              symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: COLOURS[i], width: 1 },
              label: { fontSize: 8, position: 'insideStartTop', formatter: '{b}: {c}' },
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
