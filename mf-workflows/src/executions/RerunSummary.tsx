// What a bulk re-run did: how many new runs started (each openable), and
// each refused run with its workflow, when it started and why (by code).
import { Link, useI18n } from '@agentflow/shared';
import type { ExecutionRow, RerunResponse } from '@agentflow/shared/workflow';
import { formatTime } from '../runs/runModel';
import { runPath } from './ExecutionsList';

const E = 'workflows.executions.';

export function RerunSummary({ result, rows }: { result: RerunResponse; rows: ReadonlyMap<string, ExecutionRow> }) {
  const { t, language } = useI18n();
  return (
    <div className="executions-summary" role="status">
      <p>{t(`${E}rerunStarted`, { count: result.started.length })}</p>
      {result.started.length > 0 && (
        <ul>
          {result.started.map(({ runId, newRunId }) => {
            const row = rows.get(runId);
            if (!row) return null;
            return (
              <li key={newRunId}>
                <Link to={runPath({ workflowId: row.workflowId, id: newRunId })}>{t(`${E}openNewRun`, { name: row.workflowName })}</Link>
              </li>
            );
          })}
        </ul>
      )}
      {result.refused.length > 0 && (
        <>
          <p>{t(`${E}rerunRefusedTitle`)}</p>
          <ul>
            {result.refused.map(({ runId, code }) => {
              const row = rows.get(runId);
              return (
                <li key={runId}>
                  {t(`${E}rerunRefusedItem`, { name: row?.workflowName ?? runId, started: formatTime(row?.createdAt ?? null, language), reason: t(`${E}refusal.${code}`) })}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
