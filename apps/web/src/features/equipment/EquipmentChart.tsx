import type { ReactNode } from 'react';
import { use as registerEchartsParts, type ComposeOption } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../platform/charts/useEChart';
import styles from './equipment.module.css';

registerEchartsParts([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  LegendComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

/** The ECharts options of the equipment charts: power lines and daily-energy bars. */
export type EquipmentChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
>;

/** A canvas chart of the equipment screens (its own chunk: line + bar parts only). */
export function EquipmentChart({ option, testId }: { option: EquipmentChartOption; testId?: string }): ReactNode {
  const box = useEChart(option);
  return <div ref={box} className={styles.chart} data-testid={testId} />;
}
