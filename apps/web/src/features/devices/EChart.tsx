import type { ReactNode } from 'react';
import { use as registerEchartsParts, type ComposeOption } from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../platform/charts/useEChart';

registerEchartsParts([LineChart, GridComponent, TooltipComponent, DataZoomComponent, LegendComponent, CanvasRenderer]);

/** The ECharts options this console uses (line charts with zoom), tree-shaken to those parts. */
export type LineChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption | LegendComponentOption
>;

interface EChartProps {
  option: LineChartOption;
  className?: string;
  /** Test id of the wrapper. */
  testId?: string;
}

/** A canvas ECharts instance bound to `option` (replaced on change), resized with its box. */
export function EChart({ option, className, testId }: EChartProps): ReactNode {
  const box = useEChart(option);

  return <div ref={box} className={className} data-testid={testId} />;
}
