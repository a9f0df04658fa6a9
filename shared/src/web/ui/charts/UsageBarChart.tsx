// One bar chart for usage over time (the dashboard's runs per day, billing's
// tokens per period) and its table alternative. UsageBarChart draws the bars
// from a lazily loaded chunk (BarsCanvas: recharts), hidden from assistive
// technology; ChartTable lists the same figures for screen readers, keyboard
// users and anyone who wants the numbers. Neither reads a context: the page
// passes its texts translated, and the table's cells may be links it renders.
import { lazy, Suspense, type ReactNode, type TableHTMLAttributes } from 'react';
import type { ChartRow, ChartSeries } from './chartModel.js';

export type { ChartRow, ChartSeries } from './chartModel.js';

const BarsCanvas = lazy(() => import(/* webpackChunkName: "usage-chart" */ './BarsCanvas.js'));

export interface UsageBarChartProps {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  /** Said while the chart's code loads. */
  loadingText: string;
  height?: number;
  /** The class of the canvas (its size and spacing on the page). */
  className?: string;
  onSelect?: (rowKey: string, seriesKey: string) => void;
}

export function UsageBarChart({ rows, series, loadingText, height = 260, className, onSelect }: UsageBarChartProps) {
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status" style={{ minHeight: height }}>
          {loadingText}
        </p>
      }
    >
      <BarsCanvas rows={rows} series={series} height={height} className={className} onSelect={onSelect} />
    </Suspense>
  );
}

export interface ChartTableProps extends Omit<TableHTMLAttributes<HTMLTableElement>, 'children'> {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  caption?: string;
  /** The header of the rows' label column (Day, Period…). */
  labelHeader: string;
  /** A figure as shown (default: its plain number); the page may make it a link. */
  renderValue?: (row: ChartRow, series: ChartSeries, value: number) => ReactNode;
  'data-testid'?: string;
  'data-period'?: string;
}

/** The chart's figures as a table: a row per chart row, a column per series, numbers right-aligned. */
export function ChartTable({ rows, series, caption, labelHeader, renderValue, ...table }: ChartTableProps) {
  return (
    <table {...table}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          {series.map((each) => (
            <th scope="col" key={each.key} className="number">
              {each.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {series.map((each) => {
              const value = row.values[each.key] ?? 0;
              return (
                <td key={each.key} className="number">
                  {renderValue ? renderValue(row, each, value) : value}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
