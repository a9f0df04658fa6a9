// Runs per day, stacked by status group: recharts loads with this chunk only
// (the dashboard imports it lazily). A bar's segment opens that day's runs of
// that group; the same figures are links in the table under the chart.
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { DASHBOARD_STATUS_GROUPS, type DashboardDay, type DashboardStatusGroup } from '@agentflow/shared/workflow';

export const GROUP_COLOURS: Readonly<Record<DashboardStatusGroup, string>> = {
  succeeded: '#16a34a',
  failed: '#dc2626',
  refused: '#f59e0b',
  other: '#94a3b8',
};

const HEIGHT = 240;
const FALLBACK_WIDTH = 640;

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

export interface RunsPerDayChartProps {
  days: readonly DashboardDay[];
  /** Short day labels by YYYY-MM-DD. */
  labels: ReadonlyMap<string, string>;
  groupNames: Readonly<Record<DashboardStatusGroup, string>>;
  onSelect: (day: string, group: DashboardStatusGroup) => void;
}

export default function RunsPerDayChart({ days, labels, groupNames, onSelect }: RunsPerDayChartProps) {
  const [ref, width] = useWidth();
  const data = days.map((day) => ({ ...day, label: labels.get(day.day) ?? day.day }));
  return (
    <div ref={ref} className="dashboard-chart-canvas" aria-hidden="true">
      <BarChart width={width} height={HEIGHT} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: width < 480 ? 10 : 12 }} interval="preserveStartEnd" minTickGap={6} />
        <YAxis allowDecimals={false} width={32} tick={{ fontSize: 12 }} />
        <Tooltip />
        {/* In the stack's order (succeeded first), not alphabetically by the translated name. */}
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => DASHBOARD_STATUS_GROUPS.indexOf(item.dataKey as DashboardStatusGroup)} />
        {DASHBOARD_STATUS_GROUPS.map((group) => (
          <Bar
            key={group}
            dataKey={group}
            name={groupNames[group]}
            stackId="runs"
            fill={GROUP_COLOURS[group]}
            isAnimationActive={false}
            cursor="pointer"
            onClick={(entry: { payload?: { day?: string } }) => {
              if (entry?.payload?.day) onSelect(entry.payload.day, group);
            }}
          />
        ))}
      </BarChart>
    </div>
  );
}
