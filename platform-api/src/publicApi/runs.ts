// /v1/runs (issue 24): the public view of runs, and reading one. A run of
// the key's workspace its creator may see, with its steps; another
// workspace's run, or one the creator may not see, is the same 404 as a
// missing one (runs/cancelRun.ts loadRunFor).
//
// One mapper: a run's summary fields are listed once (publicRunSummaryOf),
// for a stored run and an executions row alike; the whole run adds its
// input, output and steps.
import type { Request } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { PublicRun, PublicRunStep, PublicRunSummary } from '@agentflow/shared/api-keys';
import { HttpError, isDocumentId } from '@agentflow/shared/server';
import type { ExecutionRow, RunStep } from '@agentflow/shared/workflow';
import type { StoredRun } from '../runs/runModel.js';
import { loadRunFor } from '../runs/cancelRun.js';
import { keyWorkspace } from './workflows.js';

/** What a summary is made of: a stored run, or an executions row (the list reads only those fields). */
type SummaryFields = Pick<ExecutionRow, 'id' | 'workflowId' | 'workflowName' | 'status' | 'trigger' | 'error' | 'errorCode' | 'tokensUsed' | 'createdAt' | 'startedAt' | 'endedAt'>;

export function publicRunSummaryOf(run: SummaryFields): PublicRunSummary {
  return {
    id: run.id,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    status: run.status,
    trigger: { type: run.trigger.type },
    error: run.error,
    errorCode: run.errorCode ?? null,
    tokensUsed: run.tokensUsed,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
  };
}

export function publicStepOf(step: RunStep): PublicRunStep {
  return {
    id: step.id,
    nodeId: step.nodeId,
    parentStepId: step.parentStepId,
    name: step.name,
    type: step.type,
    status: step.status,
    input: step.input,
    output: step.output,
    outputTruncated: step.outputTruncated,
    error: step.error,
    errorCode: step.errorCode ?? null,
    tokens: step.tokens,
    startedAt: step.startedAt,
    endedAt: step.endedAt,
  };
}

export function publicRunOf(run: StoredRun): PublicRun {
  return { ...publicRunSummaryOf(run), input: run.input, output: run.output, steps: run.steps.map(publicStepOf) };
}

/** A run id from a path: one that cannot be a run's is the 404 of a missing run (never a 500 from the store). */
export function publicRunId(runId: string): string {
  if (!isDocumentId(runId)) throw new HttpError(404, `Run '${runId}' not found`, 'not_found');
  return runId;
}

/** The run for a call with a key: 404 unless it is of the key's workspace and its creator may see it. */
export async function runForKey(db: Firestore, req: Request, runId: string): Promise<StoredRun> {
  return loadRunFor(db, req.caller!, publicRunId(runId), keyWorkspace(req));
}

export async function readPublicRun(db: Firestore, req: Request, runId: string): Promise<PublicRun> {
  return publicRunOf(await runForKey(db, req, runId));
}
