import type { ReactNode } from 'react';
import { use as registerEchartsParts, type ComposeOption } from 'echarts/core';
import {
  BarChart,
  GaugeChart,
  LineChart,
  type BarSeriesOption,
  type GaugeSeriesOption,
  type LineSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../platform/charts/useEChart';

registerEchartsParts([
  BarChart,
  LineChart,
  GaugeChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The ECharts options of the dashboard (bars, lines, a gauge), tree-shaken to those parts. */
export type DashChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GaugeSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

interface DashChartProps {
  option: DashChartOption;
  className?: string;
  testId?: string;
  /** Accessible name of the chart (the canvas itself says nothing). */
  label: string;
}

/**
 * A canvas ECharts instance bound to `option`, resized with its box. This module is loaded lazily
 * (its own chunk with ECharts), so the dashboard's first load stays inside the web budget.
 */
export default function DashChart({ option, className, testId, label }: DashChartProps): ReactNode {
  const box = useEChart(option);

  return <div ref={box} className={className} data-testid={testId} role="img" aria-label={label} />;
}
