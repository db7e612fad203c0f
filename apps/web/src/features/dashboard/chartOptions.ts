import type { DashChartOption } from './DashChart';
import type { PercentFigure, TrendSeries } from './dashboardModel';

/** Colours of the trend series (alarms red, pushes orange, readings the primary blue). */
const COLOURS: Record<TrendSeries['key'], string> = { alarms: '#f5222d', pushes: '#fa8c16', readings: '#1890ff' };

/**
 * ECharts option of the trend: alarms and pushes as bars on the left axis, readings as a line on
 * the right axis (their own scale). `names` are the translated series names; `dark` styles it for
 * the big screen.
 */
export function trendOption(
  labels: string[],
  series: TrendSeries[],
  names: Record<TrendSeries['key'], string>,
  dark = false,
): DashChartOption {
  const text = dark ? '#c7d7f5' : 'rgba(0,0,0,0.65)';
  const line = dark ? 'rgba(120,160,255,0.18)' : '#f0f0f0';
  const hasReadings = series.some((s) => s.key === 'readings');
  const axis = { axisLabel: { color: text }, splitLine: { lineStyle: { color: line } }, minInterval: 1 };
  return {
    color: series.map((s) => COLOURS[s.key]),
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: text } },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: labels, axisLabel: { color: text }, axisLine: { lineStyle: { color: line } } },
    yAxis: [
      { type: 'value', ...axis },
      ...(hasReadings ? [{ type: 'value' as const, ...axis, splitLine: { show: false } }] : []),
    ],
    series: series.map((s) =>
      s.key === 'readings'
        ? { type: 'line' as const, name: names.readings, data: s.values, yAxisIndex: 1, smooth: true, symbolSize: 6 }
        : { type: 'bar' as const, name: names[s.key], data: s.values, yAxisIndex: 0, barMaxWidth: 18 },
    ),
  };
}

/**
 * ECharts gauge of a percentage (the big screen's temperature compliance rate) drawn from the
 * screen's {@link PercentFigure}: the arc is `figure.percent` (0..100) and the centre text is
 * `figure.text` itself (the same text the screen prints elsewhere, also while the arc animates);
 * `label` names the value (tooltip, the panel shows the title).
 */
export function gaugeOption(figure: PercentFigure, label: string): DashChartOption {
  const value = figure.percent ?? 0;
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        progress: { show: true, width: 14 },
        axisLine: { lineStyle: { width: 14, color: [[1, 'rgba(120,160,255,0.2)']] } },
        itemStyle: { color: value >= 95 ? '#52c41a' : value >= 80 ? '#faad14' : '#f5222d' },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        title: { show: false },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, 0],
          color: '#fff',
          fontSize: 24,
          formatter: () => figure.text,
        },
        data: [{ value, name: label }],
      },
    ],
  };
}
