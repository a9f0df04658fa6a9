// A workflow's runs (/workflows/:id/runs): the Run button with its input form
// (open at once with ?run=1, as the builder's Run button and voice "run
// workflow X" link it), and the run history: started, trigger (its type and
// the name of the trigger node that fired), status, duration, tokens, a link
// to each run's live view, and Re-run; under a refused run, why it was
// refused and the way out.
import { Fragment, useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isUnreachable,
  Link,
  NeedsConnectionNote,
  readDeviceCopy,
  SavedOnDeviceNote,
  saveDeviceCopy,
  useAuth,
  useI18n,
  useOnline,
  useRemoteCatalogs,
  useNavigate,
  useSearchParams,
  useToast,
} from '@agentflow/shared';
import { isTerminalRunStatus, validateWorkflow, type Workflow, type WorkflowRunSummary } from '@agentflow/shared/workflow';
import type { RunsClient } from '../api/runs';
import type { WorkflowDocs } from '../api/workflowDocs';
import { HISTORY_POLL_MS, runsKeys } from './queries';
import { RunForm } from './RunForm';
import { durationMs, formatDuration, formatTime } from './runModel';
import { StatusBadge } from './StatusBadge';
import { TriggerText } from './TriggerText';
import { DeleteFinishedRunsButton } from './DeleteFinishedRunsButton';
import { RUNS_CATALOGS } from './i18n';
import { PageLoading } from '../components/PageLoading';
import { refusalOfError, refusalOfRun, type Refusal } from '../api/refusals';
import { RefusalNote } from '../components/RefusalNote';

const H = 'workflows.runs.history.';

export interface RunsPageProps {
  workflowId: string;
  docs: WorkflowDocs;
  client: RunsClient;
}

export function RunsPage({ workflowId, docs, client }: RunsPageProps) {
  useRemoteCatalogs(RUNS_CATALOGS);
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // docs.load reads this device's copy offline, so the query runs offline too (React Query would pause it).
  const workflow = useQuery({ queryKey: runsKeys.workflow(workflowId), queryFn: () => docs.load(workflowId), networkMode: 'always', refetchOnReconnect: true });
  const online = useOnline();
  const offlineWhy = useId();
  const formOpen = params.get('run') === '1';
  const setFormOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('run', '1');
        else next.delete('run');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (workflow.data) document.title = `${t('common.appName')} · ${t('workflows.runs.title', { name: workflow.data.name })}`;
  }, [workflow.data, t]);

  if (workflow.isPending) {
    return <PageLoading label={t('workflows.runs.loading')} />;
  }
  if (workflow.isError || !workflow.data) {
    return (
      <div className="run-message" role="alert">
        <p>{t(workflow.isError ? 'workflows.runs.loadFailed' : 'workflows.runs.notFound')}</p>
        {workflow.isError && (
          <button type="button" className="button" onClick={() => void workflow.refetch()}>
            {t('workflows.runs.retry')}
          </button>
        )}
        <Link to="../.." relative="path">
          {t('workflows.runs.backToWorkflows')}
        </Link>
      </div>
    );
  }

  const wf: Workflow = workflow.data;
  const template = wf.visibility === 'template';
  const started = (runId: string) => void navigate(encodeURIComponent(runId));

  return (
    <section className="runs-page" data-testid="runs-page">
      <header className="run-header">
        <Link to=".." relative="path" className="run-back">
          ← {t('workflows.runs.backToBuilder')}
        </Link>
        <h1>{t('workflows.runs.title', { name: wf.name })}</h1>
        {!template && !formOpen && (
          <button
            type="button"
            className="button button-primary"
            data-testid="run-open-form"
            onClick={() => setFormOpen(true)}
            disabled={!online}
            aria-describedby={online ? undefined : offlineWhy}
          >
            {t('workflows.runs.actions.run')}
          </button>
        )}
      </header>
      {online || template ? null : <NeedsConnectionNote id={offlineWhy} testId="runs-offline-actions" />}
      {template ? (
        <p className="form-status" role="note">
          {t('workflows.runs.form.templateNote')}
        </p>
      ) : formOpen ? (
        <RunForm workflow={wf} client={client} onStarted={started} onClose={() => setFormOpen(false)} problems={validateWorkflow(wf)} />
      ) : null}
      <RunHistory workflowId={wf.id} client={client} onStarted={started} />
    </section>
  );
}

/** The last history page platform-api gave for a workflow, kept on this device for offline use. */
const historyCopyKind = (workflowId: string) => `runs.history:${workflowId}`;
const isRunList = (value: unknown): value is WorkflowRunSummary[] =>
  Array.isArray(value) && value.every((run) => typeof (run as Partial<WorkflowRunSummary>)?.id === 'string' && typeof (run as Partial<WorkflowRunSummary>).status === 'string');

interface HistoryPage {
  runs: WorkflowRunSummary[];
  /** Set when the page is this device's copy (platform-api unreachable): when it was saved. */
  savedAt: string | null;
}

export function RunHistory({ workflowId, client, onStarted }: { workflowId: string; client: RunsClient; onStarted: (runId: string) => void }) {
  const { t, language } = useI18n();
  const { toast } = useToast();
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const online = useOnline();
  const queryClient = useQueryClient();
  const id = useId();
  // A re-run refused up front (402 no tokens, 409 missing AI credential): explained with a link, not a toast.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const runs = useQuery({
    queryKey: runsKeys.list(workflowId),
    queryFn: async (): Promise<HistoryPage> => {
      try {
        const page = await client.list(workflowId);
        if (uid) saveDeviceCopy(historyCopyKind(workflowId), uid, page);
        return { runs: page, savedAt: null };
      } catch (error) {
        // Unreachable: the page saved on this device stands in (a refusal stays an error).
        const saved = uid && isUnreachable(error) ? readDeviceCopy(historyCopyKind(workflowId), uid, isRunList) : null;
        if (saved) return { runs: saved.value, savedAt: saved.savedAt };
        throw error;
      }
    },
    // Runs offline too (answering from the device), and asks again when the connection returns.
    networkMode: 'always',
    refetchOnReconnect: true,
    // Follow runs still going (their status, duration and tokens change), while online.
    refetchInterval: (query) =>
      !(query.state.data as HistoryPage | undefined)?.savedAt && (query.state.data as HistoryPage | undefined)?.runs.some((run) => !isTerminalRunStatus(run.status)) ? HISTORY_POLL_MS : false,
  });

  const rerun = async (run: WorkflowRunSummary) => {
    setRefusal(null);
    try {
      const { runId } = await client.start(workflowId, { input: {}, rerunOf: run.id });
      void queryClient.invalidateQueries({ queryKey: runsKeys.list(workflowId) });
      toast({ title: t('workflows.runs.toasts.rerunStarted'), variant: 'success' });
      onStarted(runId);
    } catch (error) {
      const refused = refusalOfError(error);
      if (refused) setRefusal(refused);
      else toast({ title: t('workflows.runs.toasts.actionFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  };

  return (
    <section className="run-history" aria-labelledby={`${id}-title`}>
      <div className="run-history-head">
        <h2 id={`${id}-title`}>{t(`${H}title`)}</h2>
        {runs.data && !runs.data.savedAt && runs.data.runs.some((run) => isTerminalRunStatus(run.status)) ? (
          <DeleteFinishedRunsButton client={client} workflowId={workflowId} disabled={!online} />
        ) : null}
      </div>
      {refusal && <RefusalNote refusal={refusal} announce testId="run-refusal" />}
      {runs.data?.savedAt ? (
        <SavedOnDeviceNote savedAt={runs.data.savedAt} testId="run-history-offline">
          <p>{t(`${H}offline`)}</p>
        </SavedOnDeviceNote>
      ) : null}
      {runs.isPending ? (
        <PageLoading label={t('workflows.runs.loading')} />
      ) : runs.isError ? (
        <div className="form-alert" role="alert">
          <p>{t(`${H}failed`)}</p>
          <button type="button" className="button" onClick={() => void runs.refetch()}>
            {t('workflows.runs.retry')}
          </button>
        </div>
      ) : runs.data.runs.length === 0 ? (
        <p className="muted" data-testid="run-history-empty">
          {t(`${H}empty`)}
        </p>
      ) : (
        <div className="run-table-wrap">
          <table className="run-table" data-testid="run-history">
            <thead>
              <tr>
                <th scope="col">{t(`${H}started`)}</th>
                <th scope="col">{t(`${H}trigger`)}</th>
                <th scope="col">{t(`${H}status`)}</th>
                <th scope="col">{t(`${H}duration`)}</th>
                <th scope="col">{t(`${H}tokens`)}</th>
                <th scope="col">{t(`${H}actions`)}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.runs.map((run) => {
                const when = formatTime(run.startedAt ?? run.createdAt, language);
                const ms = durationMs(run.startedAt, run.endedAt);
                const refusedFor = refusalOfRun(run);
                return (
                  <Fragment key={run.id}>
                    <tr data-testid="run-row" data-run-id={run.id} data-status={run.status}>
                      <td>{when || t(`${H}notStarted`)}</td>
                      {/* Which trigger fired, by its name when the run started (a workflow may have several). */}
                      <td className="run-trigger" data-testid="run-row-trigger">
                        <TriggerText type={run.trigger.type} name={run.triggerName} />
                      </td>
                      <td>
                        <StatusBadge status={run.status} />
                      </td>
                      <td>{ms === null ? '–' : formatDuration(ms, language)}</td>
                      <td data-testid="run-row-tokens">{run.tokensUsed}</td>
                      <td>
                        {/* A flex box inside the cell: a flex cell is no table cell, and its border slipped out of line. */}
                        <div className="run-row-actions">
                          <Link to={encodeURIComponent(run.id)} aria-label={t('workflows.runs.actions.viewLabel', { time: when })}>
                            {t('workflows.runs.actions.view')}
                          </Link>
                          {isTerminalRunStatus(run.status) && (
                            <button
                              type="button"
                              className="link-button"
                              aria-label={t('workflows.runs.actions.rerunLabel', { time: when })}
                              onClick={() => void rerun(run)}
                              disabled={!online}
                            >
                              {t('workflows.runs.actions.rerun')}
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                    {refusedFor && (
                      <tr className="run-row-reason" data-testid="run-row-reason" data-reason-for={run.id}>
                        <td colSpan={6}>
                          <RefusalNote refusal={refusedFor} compact testId="run-refused-reason" />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
