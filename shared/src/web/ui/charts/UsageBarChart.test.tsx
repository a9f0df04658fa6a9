/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import { ChartTable, UsageBarChart, type ChartRow, type ChartSeries } from './UsageBarChart';

const ROWS: ChartRow[] = [
  { key: '2026-03-09', label: 'Mar 9', values: { succeeded: 2, failed: 0 } },
  { key: '2026-03-10', label: 'Mar 10', values: { succeeded: 1, failed: 3 } },
];
const SERIES: ChartSeries[] = [
  { key: 'succeeded', name: 'Succeeded', colour: '#16a34a' },
  { key: 'failed', name: 'Failed', colour: '#dc2626' },
];

describe('ChartTable', () => {
  test('a row per chart row (its label the row header), a column per series, the figures as given or rendered', () => {
    render(<ChartTable rows={ROWS} series={SERIES} caption="Runs per day" labelHeader="Day" renderValue={(row, each, value) => `${row.key}:${each.key}=${value}`} data-testid="points" />);
    const table = screen.getByRole('table', { name: 'Runs per day' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Succeeded', 'Failed']);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Mar 9', 'Mar 10']);
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2026-03-09:succeeded=2', '2026-03-09:failed=0', '2026-03-10:succeeded=1', '2026-03-10:failed=3']);
    expect(table).toHaveAttribute('data-testid', 'points');
  });

  test('without renderValue, the plain number; a missing figure is 0', () => {
    render(<ChartTable rows={[{ key: 'w1', label: 'Week 1', values: {} }]} series={[{ key: 'tokens', name: 'Tokens', colour: 'blue' }]} labelHeader="Period" />);
    expect(screen.getByRole('cell')).toHaveTextContent('0');
  });
});

describe('UsageBarChart', () => {
  test('says it is loading, then draws the bars out of reach of assistive technology (the table has the figures), stacked with a legend in the series order', async () => {
    const { container } = render(<UsageBarChart rows={ROWS} series={SERIES} loadingText="Loading the chart…" className="canvas" height={200} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the chart…');
    await waitFor(() => expect(container.querySelector('.canvas svg')).not.toBeNull(), { timeout: 5000 });
    const canvas = container.querySelector('.canvas');
    expect(canvas).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect([...container.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent)).toEqual(['Succeeded', 'Failed']);
  });
});
