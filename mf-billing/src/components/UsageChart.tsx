// The usage chart: recharts loads with this chunk only (UsagePage imports it
// lazily), never with the shell's first view. The x-axis labels are drawn as
// SVG text; the same points are also listed in a table under the chart.
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsagePoint } from '@agentflow/shared';

const HEIGHT = 260;
const FALLBACK_WIDTH = 640;

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

export default function UsageChart({ points, tokensLabel }: { points: readonly UsagePoint[]; tokensLabel: string }) {
  const [ref, width] = useWidth();
  const narrow = width < 480;
  return (
    <div ref={ref} className="billing-chart-canvas">
      <BarChart width={width} height={HEIGHT} data={[...points]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: narrow ? 10 : 12 }} interval="preserveStartEnd" minTickGap={narrow ? 4 : 8} />
        <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Bar dataKey="tokens" name={tokensLabel} fill="var(--color-primary, #4f46e5)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}
