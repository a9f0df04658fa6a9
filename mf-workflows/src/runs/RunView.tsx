// The live run view (/workflows/:id/runs/:runId): the run's status, trigger,
// duration (ticking while it runs) and tokens, then every step as it happens,
// drawn on the workflow's graph (graph/RunStepsViews) and, in the List tab:
// status, duration, tokens, attempts, error, input and output (pretty JSON,
// with a note when the output was truncated), delegated agent calls nested
// under their parent, and the files of the run's input and of each step (a
// decision's attachments among them) with a download and, for images, a
// thumbnail. Cancel while it runs, Approve/Reject on a waiting
// approval (with attached files), Re-run once it ended, with the tokens left beside it. A run
// refused before it started (no tokens, not in the plan, no credential) says
// why in the user's words, with the way out. When it ends, the header's token
// count and the history are refreshed.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NeedsConnectionNote, useAuth, useI18n, useOnline, useRemoteCatalogs, useMembership, useNavigate, useToast } from '@agentflow/shared';
import { RUN_MESSAGES, firedTriggerOf, isKnowledgeStepOutput, isTerminalRunStatus, type WorkflowRun } from '@agentflow/shared/workflow';
import { fileRefsIn } from '@agentflow/shared/files';
import type { RunsClient } from '../api/runs';
import type { FilesClient } from '../api/files';
import { StepError } from './StepError';
import { AiProviderHint } from './AiProviderHint';
import { refusalOfError, refusalOfRun, type Refusal } from '../api/refusals';
import { RefusalNote } from '../components/RefusalNote';
import { TokenBalance } from '../components/TokenBalance';
import { ApprovalBox, type RunAction } from './ApprovalBox';
import { DeleteRunButton } from './DeleteRunButton';
import { FileList } from './files/FileList';
import { stepFiles } from './files/fileChecks';
import { FILES_CATALOGS } from './files/i18n';
import { durationMs, formatDuration, formatTime, isActiveStatus, prettyJson, stepTree, waitingApproval, type StepNode } from './runModel';
import { StatusBadge } from './StatusBadge';
import { TriggerText } from './TriggerText';
import { useBranchLabel } from './branchLabel';
import { RunStepsViews } from './graph/RunStepsViews';
import { RUNS_CATALOGS } from './i18n';
import { runsKeys } from './queries';
import { useRunStream, type RunStreamOptions } from './useRunStream';
import { PageLoading } from '../components/PageLoading';
import { ChildRunLink, ParentRunLink } from '../builder/subworkflow/RunLinks';
import { StepLogs } from '../builder/code/StepLogs';
import { KnowledgePassages } from '../builder/knowledge/KnowledgePassages';

const V = 'workflows.runs.view.';

/**
 * Re-renders every `ms` while `active`: running durations tick. The clock is
 * an external store: subscribing (on becoming active) catches it up at once,
 * since it stood still meanwhile, then every tick moves it.
 */
function useNow(active: boolean, ms = 500): number {
  // When the clock last moved: first read at mount.
  const clock = useRef<number | null>(null);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!active) return () => undefined;
      const tick = () => {
        clock.current = Date.now();
        changed();
      };
      tick();
      const timer = setInterval(tick, ms);
      return () => clearInterval(timer);
    },
    [active, ms],
  );
  return useSyncExternalStore(subscribe, () => (clock.current ??= Date.now()));
}

export interface RunViewProps {
  client: RunsClient;
  workflowId: string;
  runId: string;
  stream?: Pick<RunStreamOptions, 'reconnectDelayMs' | 'maxDelayMs'>;
}

export function RunView({ client, workflowId, runId, stream }: RunViewProps) {
  useRemoteCatalogs(RUNS_CATALOGS);
  useRemoteCatalogs(FILES_CATALOGS);
  const { t, language } = useI18n();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const membership = useMembership();
  const { user } = useAuth();
  const { run, state, retry } = useRunStream(client, runId, {
    ...stream,
    onTerminal: () => {
      // The run debited tokens: the header's count and the history catch up, also for a run that ended
      // while this page loaded (the header read the balance before). The balance read is exact at once,
      // tokens still held in a token block included (readMembershipWithHeldTokens).
      void membership.refresh();
      void queryClient.invalidateQueries({ queryKey: runsKeys.list(workflowId) });
    },
  });
  const [acting, setActing] = useState(false);
  // A re-run refused up front (402 no tokens, 409 missing AI credential): explained with a link, not a toast.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Cancel, approve, reject and re-run happen on the server: disabled offline, with the reason.
  const online = useOnline();
  const busy = acting || !online;
  const running = run ? isActiveStatus(run.status) : false;
  const now = useNow(running);

  useEffect(() => {
    if (run) document.title = `${t('common.appName')} · ${t(`${V}title`, { name: run.workflowName })}`;
  }, [run, t]);

  if (state === 'missing' || state === 'failed') {
    return (
      <div className="run-message" role="alert">
        <p>{t(state === 'missing' ? `${V}notFound` : `${V}loadFailed`)}</p>
        {state === 'failed' && (
          <button type="button" className="button" onClick={retry}>
            {t('workflows.runs.retry')}
          </button>
        )}
        <Link to=".." relative="path">
          {t('workflows.runs.backToRuns')}
        </Link>
      </div>
    );
  }
  if (!run) {
    return <PageLoading label={t('workflows.runs.loading')} />;
  }

  const act: RunAction = async (action, done, onError) => {
    setActing(true);
    setRefusal(null);
    try {
      await action();
      toast({ title: t(`workflows.runs.toasts.${done}`), variant: 'success' });
    } catch (error) {
      if (onError?.(error)) return;
      const refused = refusalOfError(error);
      if (refused) setRefusal(refused);
      else toast({ title: t('workflows.runs.toasts.actionFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setActing(false);
    }
  };

  const rerun = () =>
    act(async () => {
      const { runId: next } = await client.start(run.workflowId, { input: run.input, rerunOf: run.id });
      void queryClient.invalidateQueries({ queryKey: runsKeys.list(workflowId) });
      void navigate(`../${encodeURIComponent(next)}`, { relative: 'path' });
    }, 'rerunStarted');

  const total = durationMs(run.startedAt, run.endedAt, now);
  const waiting = run.status === 'waiting' ? waitingApproval(run) : null;
  // Why a webhook or schedule run was refused, by its code (the English `error` is for the logs).
  const refusedFor = refusalOfRun(run);

  return (
    <section className="run-view" data-testid="run-view" data-run-id={run.id} data-status={run.status}>
      <header className="run-header">
        <Link to=".." relative="path" className="run-back">
          ← {t('workflows.runs.backToRuns')}
        </Link>
        <h1>{t(`${V}title`, { name: run.workflowName })}</h1>
        <ParentRunLink run={run} />
        <span className={`run-connection run-connection--${state}`} role="status" aria-live="polite" data-testid="run-connection" data-state={state}>
          {state === 'live' ? t(`${V}live`) : state === 'reconnecting' ? t(`${V}reconnecting`) : ''}
        </span>
      </header>

      <dl className="run-summary" aria-label={t(`${V}summary`)}>
        <div>
          <dt>{t(`${V}status`)}</dt>
          <dd data-testid="run-status">
            <StatusBadge status={run.status} />
          </dd>
        </div>
        <div>
          <dt>{t(`${V}trigger`)}</dt>
          <dd data-testid="run-trigger">
            <TriggerText type={run.trigger.type} name={firedTriggerOf(run.snapshot, run.trigger)?.name} />
          </dd>
        </div>
        <div>
          <dt>{t(`${V}started`)}</dt>
          <dd>{formatTime(run.startedAt ?? run.createdAt, language)}</dd>
        </div>
        <div>
          <dt>{t(`${V}duration`)}</dt>
          <dd data-testid="run-duration">{total === null ? '–' : formatDuration(total, language)}</dd>
        </div>
        <div>
          <dt>{t(`${V}tokensUsed`)}</dt>
          <dd data-testid="run-tokens">{run.tokensUsed}</dd>
        </div>
      </dl>

      <div className="run-actions">
        {!isTerminalRunStatus(run.status) && (
          <button type="button" className="button button-danger" data-testid="run-cancel" disabled={busy} onClick={() => void act(() => client.cancel(run.id), 'cancelRequested')}>
            {t('workflows.runs.actions.cancel')}
          </button>
        )}
        {isTerminalRunStatus(run.status) && (
          <button type="button" className="button" data-testid="run-rerun" disabled={busy} onClick={() => void rerun()}>
            {t('workflows.runs.actions.rerun')}
          </button>
        )}
        {isTerminalRunStatus(run.status) && user?.uid === run.ownerId && <DeleteRunButton client={client} run={run} workflowId={workflowId} disabled={busy} />}
        <TokenBalance />
      </div>
      {online ? null : <NeedsConnectionNote testId="run-offline-actions" />}
      {refusal && <RefusalNote refusal={refusal} announce testId="run-refusal" />}

      {refusedFor ? (
        <RefusalNote refusal={refusedFor} testId="run-refused-reason" />
      ) : run.error ? (
        <div className="form-alert" role="alert" data-testid="run-error">
          <p>{run.error}</p>
        </div>
      ) : null}

      {waiting && <ApprovalBox key={waiting.id} run={run} step={waiting} client={client} busy={busy} act={act} />}

      <FileList files={fileRefsIn(run.input)} client={client.files} title={t('workflows.files.inputFiles')} headingLevel={2} testId="run-input-files" />

      <h2>{t(`${V}steps`)}</h2>
      {run.steps.length === 0 ? (
        <p className="muted">{t(run.status === 'refused' ? `${V}refusedNoSteps` : `${V}noSteps`)}</p>
      ) : (
        <RunStepsViews
          run={run}
          now={now}
          list={
            <ol className="run-steps" data-testid="run-steps">
              {stepTree(run.steps).map((node) => (
                <StepItem key={node.step.id} node={node} now={now} files={client.files} run={run} />
              ))}
            </ol>
          }
        />
      )}

      {run.output && Object.keys(run.output).length > 0 && (
        <section className="run-output" data-testid="run-output">
          <h2>{t(`${V}runOutput`)}</h2>
          <pre className="run-json">{prettyJson(run.output)}</pre>
        </section>
      )}
    </section>
  );
}

function StepItem({ node, now, files, run }: { node: StepNode; now: number; files: FilesClient; run: WorkflowRun }) {
  const { t, language } = useI18n();
  const branchLabel = useBranchLabel();
  const { step, children } = node;
  const ms = durationMs(step.startedAt, step.endedAt, now);
  const hasInput = step.input !== undefined && step.input !== null;
  const hasOutput = step.output !== undefined && step.output !== null;
  return (
    <li
      className={`run-step run-step--${step.status}`}
      data-testid="run-step"
      data-step-id={step.id}
      data-node-id={step.nodeId}
      data-step-type={step.type}
      data-status={step.status}
      data-tokens={step.tokens}
    >
      <div className="run-step-head">
        <StatusBadge status={step.status} />
        <strong className="run-step-name">{step.name}</strong>
        {/* An agent's call of an MCP server's tool (named "<server>: <tool>", like an app tool's call). */}
        {step.type === 'mcp' && (
          <span className="run-step-kind" data-testid="step-mcp">
            {t(`${V}mcpTool`)}
          </span>
        )}
        {ms !== null && <span className="run-step-duration">{formatDuration(ms, language)}</span>}
        {step.tokens > 0 && <span className="run-step-tokens">{t(`${V}tokens`, { count: step.tokens })}</span>}
        {step.attempts > 1 && <span className="run-step-attempts">{t(`${V}attempts`, { count: step.attempts })}</span>}
        {step.branch ? <span className="run-step-branch">{t(`${V}branch`, { branch: branchLabel(step.branch) })}</span> : null}
        {/* A failure its node's "On error" took: the run went on past it. */}
        {step.handled && (
          <span className="run-step-handled" data-testid="step-handled">
            {t(`${V}handled`)}
          </span>
        )}
      </div>
      {/* The no-provider message names the operator's settings: the user reads the hint's words instead. */}
      <StepError step={step} label={`${V}error`} className="run-step-error" />
      {step.error === RUN_MESSAGES.noProvider && <AiProviderHint missing />}
      <StepFiles step={node.step} client={files} />
      {step.type === 'subworkflow' && <ChildRunLink run={run} step={step} />}
      {step.type === 'knowledge' && isKnowledgeStepOutput(step.output) && <KnowledgePassages output={step.output} />}
      {hasInput && (
        <details className="run-step-details">
          <summary>{t(`${V}input`)}</summary>
          <pre className="run-json">{prettyJson(step.input)}</pre>
        </details>
      )}
      {hasOutput && (
        <details className="run-step-details" data-testid="step-output">
          <summary>{t(`${V}output`)}</summary>
          {step.outputTruncated && (
            <p className="field-hint" data-testid="step-truncated">
              {t(`${V}truncated`, { bytes: step.outputBytes.toLocaleString(language) })}
            </p>
          )}
          <pre className="run-json">{prettyJson(step.output)}</pre>
        </details>
      )}
      <StepLogs logs={step.logs} />
      {children.length > 0 && (
        <ol className="run-steps run-steps--children" aria-label={t(`${V}delegated`)} data-testid="run-step-children">
          {children.map((child) => (
            <StepItem key={child.step.id} node={child} now={now} files={files} run={run} />
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * A step's files: those it was given and those it produced (a saved HTTP
 * answer; an approval's are the decision's attachments). A trigger's are the
 * run's input files, listed once above the steps.
 */
function StepFiles({ step, client }: { step: StepNode['step']; client: FilesClient }) {
  const { t } = useI18n();
  if (step.type.startsWith('trigger.')) return null;
  const { received, produced } = stepFiles(step);
  return (
    <>
      <FileList files={received} client={client} title={t('workflows.files.stepIn')} testId="step-files-in" />
      <FileList files={produced} client={client} title={t(step.type === 'approval' ? 'workflows.files.attachments' : 'workflows.files.stepOut')} testId="step-files-out" />
    </>
  );
}
