import { useEffect, useRef, type ReactNode } from 'react';
import { init, use as registerEchartsParts, type ComposeOption, type ECharts } from 'echarts/core';
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

registerEchartsParts([LineChart, GridComponent, TooltipComponent, DataZoomComponent, LegendComponent, CanvasRenderer]);

/** The ECharts options this console uses (line charts with zoom), tree-shaken to those parts. */
export type LineChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption | LegendComponentOption>;

interface EChartProps {
  option: LineChartOption;
  className?: string;
  /** Test id of the wrapper. */
  testId?: string;
}

/** A canvas ECharts instance bound to `option` (replaced on change), resized with its box. */
export function EChart({ option, className, testId }: EChartProps): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(box.current);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} data-testid={testId} />;
}
