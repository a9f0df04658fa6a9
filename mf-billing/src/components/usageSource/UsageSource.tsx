// Which workflow run a usage entry paid for: the workflow's name, linking to
// that run on its graph (mf-workflows' /workflows/:id/runs/:runId). Entries
// of other features, and those written before runs were named, show nothing.
import { Link, useI18n, useRemoteCatalogs, type TokenUsageEntry } from '@agentflow/shared';
import { USAGE_SOURCE_CATALOGS } from './i18n';

/** The run fields platform-api's meter adds to a run's entries (absent on older ones). */
type RunFields = { workflowId?: unknown; workflowName?: unknown; runId?: unknown };

export function runOfEntry(entry: TokenUsageEntry): { workflowId: string; workflowName: string; runId: string } | null {
  const { workflowId, workflowName, runId } = entry as TokenUsageEntry & RunFields;
  if (typeof workflowId !== 'string' || typeof runId !== 'string' || !workflowId || !runId) return null;
  return { workflowId, runId, workflowName: typeof workflowName === 'string' && workflowName ? workflowName : workflowId };
}

export function runPathOf(run: { workflowId: string; runId: string }): string {
  return `/workflows/${encodeURIComponent(run.workflowId)}/runs/${encodeURIComponent(run.runId)}`;
}

/** The column's header text (registers the texts). */
export function useUsageSourceColumn(): string {
  useRemoteCatalogs(USAGE_SOURCE_CATALOGS);
  const { t } = useI18n();
  return t('billing.usageSource.column');
}

export function UsageSource({ entry }: { entry: TokenUsageEntry }) {
  const run = runOfEntry(entry);
  if (!run) return null;
  return (
    <Link to={runPathOf(run)} data-testid="usage-run-link">
      {run.workflowName}
    </Link>
  );
}
