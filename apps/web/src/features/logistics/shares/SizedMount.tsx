import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children(width)` only once its box has a width, and again (new key) when that width
 * changes: a Leaflet map created in a box without size (a drawer or tab still laying out) projects
 * everything to its corner and does not notice a later resize.
 */
export function SizedMount({ children }: { children: (width: number) => ReactNode }): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = (): void => setWidth(Math.round(el.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} style={{ width: '100%' }}>
      {width > 0 && <div key={width}>{children(width)}</div>}
    </div>
  );
}
