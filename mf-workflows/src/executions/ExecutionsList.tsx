// The runs of the executions page: a table on wide screens, cards on phones
// (no wide table to scroll sideways). Each run opens on its graph
// (/workflows/:id/runs/:runId); failed runs carry a checkbox for the bulk re-run.
import { Link, useI18n } from '@agentflow/shared';
import type { ExecutionRow } from '@agentflow/shared/workflow';
import { durationMs, formatDuration } from '../runs/runTime';
import { formatTime } from '../runs/runModel';
import { StatusBadge } from '../runs/StatusBadge';
import { TriggerText } from '../runs/TriggerText';

const E = 'workflows.executions.';

export const runPath = (row: Pick<ExecutionRow, 'workflowId' | 'id'>) => `/workflows/${encodeURIComponent(row.workflowId)}/runs/${encodeURIComponent(row.id)}`;
export const isSelectable = (row: ExecutionRow) => row.status === 'failed';

export interface ExecutionsListProps {
  rows: readonly ExecutionRow[];
  selected: ReadonlySet<string>;
  onToggle: (runId: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  /** Cards instead of a table (phones). */
  compact: boolean;
}

function Duration({ row }: { row: ExecutionRow }) {
  const { t, language } = useI18n();
  const ms = durationMs(row.startedAt, row.endedAt);
  return <>{ms === null ? t(`${E}notStarted`) : formatDuration(ms, language)}</>;
}

function SelectRun({ row, selected, onToggle }: { row: ExecutionRow; selected: boolean; onToggle: ExecutionsListProps['onToggle'] }) {
  const { t } = useI18n();
  if (!isSelectable(row)) return null;
  return <input type="checkbox" className="executions-select" aria-label={t(`${E}selectRun`, { name: row.workflowName })} checked={selected} onChange={(event) => onToggle(row.id, event.target.checked)} />;
}

export function ExecutionsList({ rows, selected, onToggle, onToggleAll, compact }: ExecutionsListProps) {
  const { t, language } = useI18n();
  const failed = rows.filter(isSelectable);
  const allSelected = failed.length > 0 && failed.every((row) => selected.has(row.id));
  if (compact) {
    return (
      <ul className="executions-cards">
        {rows.map((row) => (
          <li key={row.id} className="executions-card" data-status={row.status}>
            <div className="executions-card-head">
              <SelectRun row={row} selected={selected.has(row.id)} onToggle={onToggle} />
              <Link to={runPath(row)} className="executions-card-name">
                {row.workflowName}
              </Link>
              <StatusBadge status={row.status} />
            </div>
            <p className="executions-card-meta">
              <TriggerText type={row.trigger.type} name={row.triggerName} /> · {formatTime(row.createdAt, language)}
            </p>
            <p className="executions-card-meta">
              <Duration row={row} /> · {t(`${E}tokensCount`, { count: row.tokensUsed })}
            </p>
            {row.error && <p className="executions-error">{row.error}</p>}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="executions-table-wrap">
      <table className="executions-table">
        <thead>
          <tr>
            <th scope="col" className="executions-select-cell">
              {failed.length > 0 && <input type="checkbox" aria-label={t(`${E}selectAllFailed`)} checked={allSelected} onChange={(event) => onToggleAll(event.target.checked)} />}
            </th>
            <th scope="col">{t(`${E}columns.workflow`)}</th>
            <th scope="col">{t(`${E}columns.status`)}</th>
            <th scope="col">{t(`${E}columns.trigger`)}</th>
            <th scope="col">{t(`${E}columns.started`)}</th>
            <th scope="col">{t(`${E}columns.duration`)}</th>
            <th scope="col" className="executions-number">
              {t(`${E}columns.tokens`)}
            </th>
            <th scope="col">{t(`${E}columns.error`)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-status={row.status}>
              <td className="executions-select-cell">
                <SelectRun row={row} selected={selected.has(row.id)} onToggle={onToggle} />
              </td>
              <td>
                <Link to={runPath(row)}>{row.workflowName}</Link>
              </td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td>
                <TriggerText type={row.trigger.type} name={row.triggerName} />
              </td>
              <td>{formatTime(row.createdAt, language)}</td>
              <td>
                <Duration row={row} />
              </td>
              <td className="executions-number">{row.tokensUsed}</td>
              <td className="executions-error">{row.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
