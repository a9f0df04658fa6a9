// The links between a run and a sub-workflow's run, in the run view
// (/workflows/:id/runs/:runId): on a sub-workflow step, to the child run it
// started; on a child run, back to the run whose step started it.
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { RunStep, WorkflowRun } from '@agentflow/shared/workflow';
import { FLOW_STEPS_CATALOGS } from './i18n';

const L = 'workflows.flow.links.';

/** From a run view to another workflow's run view (three levels up is /workflows). */
const runPath = (workflowId: string, runId: string) => `../../../${encodeURIComponent(workflowId)}/runs/${encodeURIComponent(runId)}`;

/** The child run of a sub-workflow step; nothing before it has one. */
export function ChildRunLink({ run, step }: { run: Pick<WorkflowRun, 'snapshot'>; step: Pick<RunStep, 'nodeId' | 'childRunId'> }) {
  useRemoteCatalogs(FLOW_STEPS_CATALOGS);
  const { t } = useI18n();
  const workflowId = run.snapshot.nodes.find((node) => node.id === step.nodeId)?.params.workflowId;
  if (!step.childRunId || typeof workflowId !== 'string') return null;
  return (
    <p className="run-link">
      <Link to={runPath(workflowId, step.childRunId)} relative="path" data-testid="child-run-link">
        {t(`${L}childRun`)} →
      </Link>
    </p>
  );
}

/** Back to the run that started this one (a sub-workflow's run). */
export function ParentRunLink({ run }: { run: Pick<WorkflowRun, 'parentRun'> }) {
  useRemoteCatalogs(FLOW_STEPS_CATALOGS);
  const { t } = useI18n();
  if (!run.parentRun) return null;
  return (
    <p className="run-link">
      <Link to={runPath(run.parentRun.workflowId, run.parentRun.runId)} relative="path" data-testid="parent-run-link">
        ← {t(`${L}parentRun`)}
      </Link>
    </p>
  );
}
