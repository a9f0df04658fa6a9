// The bars of a usage chart, drawn by recharts: this module is the only one
// that imports recharts, and UsageBarChart loads it lazily, so recharts stays
// in a chunk of its own that no first view loads. One series draws plain bars;
// several stack in the order given, with a legend in that order. The canvas is
// hidden from assistive technology: ChartTable holds the same figures.
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartRow, ChartSeries } from './chartModel.js';

const FALLBACK_WIDTH = 640;
/** Below this width the axis labels shrink and crowd less. */
const NARROW = 480;

/** The container's width, followed as it resizes (jsdom and old browsers: a fixed width). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      if (node.clientWidth > 0) setWidth(node.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export interface BarsCanvasProps {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  height: number;
  className?: string;
  /** A bar (or a stacked segment) was clicked: its row and series. */
  onSelect?: (rowKey: string, seriesKey: string) => void;
}

export default function BarsCanvas({ rows, series, height, className, onSelect }: BarsCanvasProps) {
  const [ref, width] = useWidth();
  const narrow = width < NARROW;
  const stacked = series.length > 1;
  const data = rows.map((row) => ({ ...row.values, rowKey: row.key, label: row.label }));
  const order = series.map((each) => each.key);
  return (
    <div ref={ref} className={className} aria-hidden="true">
      <BarChart width={width} height={height} data={data} margin={{ top: 8, right: 8, bottom: stacked ? 0 : 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: narrow ? 10 : 12 }} interval="preserveStartEnd" minTickGap={narrow ? 4 : 8} />
        <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
        <Tooltip />
        {/* In the stack's order, not alphabetically by the translated names. */}
        {stacked ? <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => order.indexOf(String(item.dataKey))} /> : null}
        {series.map((each) => (
          <Bar
            key={each.key}
            dataKey={each.key}
            name={each.name}
            fill={each.colour}
            isAnimationActive={false}
            {...(stacked ? { stackId: 'stack' } : { radius: [4, 4, 0, 0] as [number, number, number, number] })}
            {...(onSelect
              ? {
                  cursor: 'pointer',
                  onClick: (entry: { payload?: { rowKey?: string } }) => {
                    if (entry?.payload?.rowKey) onSelect(entry.payload.rowKey, each.key);
                  },
                }
              : {})}
          />
        ))}
      </BarChart>
    </div>
  );
}
