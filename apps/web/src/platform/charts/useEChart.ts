import { useEffect, useRef, type RefObject } from 'react';
import { init, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { useReducedMotion } from '../responsive/useReducedMotion';

/**
 * A canvas ECharts instance in the returned box, bound to `option` (replaced on change: notMerge)
 * and resized with the box; disposed on unmount. The caller registers the chart parts it uses
 * (`echarts/core` `use`), so each chart's chunk carries only those. Drawn without animation when
 * the system asks for reduced motion.
 */
export function useEChart(option: EChartsCoreOption): RefObject<HTMLDivElement | null> {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const still = useReducedMotion();

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
    chart.current?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [option, still]);

  return box;
}
