// The sample data the picker and the previews use: each node's pinned output,
// else what it gave in the workflow's latest run, and that run's input. The
// latest run is read once per workflow for a short while (every field's
// preview asks; one request serves them), through the runs client (read-only).
import { useEffect, useMemo, useState } from 'react';
import type { Workflow, WorkflowRun } from '@agentflow/shared/workflow';
import { useRunsClient } from '../../runs/RunsClientContext';
import type { RunsClient } from '../../api/runs';
import type { Samples } from './sources';

const FRESH_MS = 15_000;
const latestRuns = new Map<string, { at: number; run: Promise<WorkflowRun | null> }>();

/** The workflow's newest run (null when none, or when it cannot be read: samples are a help, not a need). */
export function latestRun(client: RunsClient, workflowId: string): Promise<WorkflowRun | null> {
  const cached = latestRuns.get(workflowId);
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.run;
  const run = client
    .list(workflowId)
    .then((runs) => (runs[0] ? client.get(runs[0].id) : null))
    .catch(() => null);
  latestRuns.set(workflowId, { at: Date.now(), run });
  return run;
}

/** Test code: forget the runs read. */
export const forgetLatestRuns = () => latestRuns.clear();

/** Samples from a run and the nodes' pins: a pin wins over the run's output. */
export function samplesOf(workflow: Pick<Workflow, 'nodes'>, run: WorkflowRun | null): Samples {
  const samples: Samples = {};
  if (run) {
    samples.input = run.input;
    for (const step of run.steps) {
      if (step.parentStepId === null && step.status === 'succeeded' && step.output !== undefined) samples[step.nodeId] = step.output;
    }
  }
  for (const node of workflow.nodes) if (node.pinned) samples[node.id] = node.pinned.output;
  return samples;
}

export function useSamples(workflow: Workflow): Samples {
  const client = useRunsClient();
  const [run, setRun] = useState<WorkflowRun | null>(null);
  useEffect(() => {
    let live = true;
    void latestRun(client, workflow.id).then((found) => live && setRun(found));
    return () => {
      live = false;
    };
  }, [client, workflow.id]);
  return useMemo(() => samplesOf(workflow, run), [workflow, run]);
}
