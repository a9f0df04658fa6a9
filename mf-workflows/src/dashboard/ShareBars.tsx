// A ranked list with a bar for each row's share of the largest (tokens by
// workflow or by model): a link per row, the figure in words beside the bar.
import { Link, useI18n } from '@agentflow/shared';

export interface ShareRow {
  key: string;
  label: string;
  value: number;
  note?: string;
  to: string;
}

export function ShareBars({ rows, empty }: { rows: readonly ShareRow[]; empty: string }) {
  const { language } = useI18n();
  if (rows.length === 0) return <p className="dashboard-empty">{empty}</p>;
  const largest = Math.max(...rows.map((row) => row.value), 1);
  return (
    <ul className="dashboard-bars">
      {rows.map((row) => (
        <li key={row.key}>
          <div className="dashboard-bar-head">
            <Link to={row.to}>{row.label}</Link>
            <span className="dashboard-bar-value">{new Intl.NumberFormat(language).format(row.value)}</span>
          </div>
          <div className="dashboard-bar-track" aria-hidden="true">
            <div className="dashboard-bar-fill" style={{ width: `${Math.max(2, (row.value / largest) * 100)}%` }} />
          </div>
          {row.note && <span className="dashboard-bar-note">{row.note}</span>}
        </li>
      ))}
    </ul>
  );
}
