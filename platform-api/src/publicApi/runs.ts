// /v1/runs (issue 24): a run of the key's workspace its creator may see, with
// its steps. Another workspace's run, or one the creator may not see, is the
// same 404 as a missing one.
import type { Request } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { PublicRun } from '@agentflow/shared/api-keys';
import { workspaceKey } from '@agentflow/shared/rbac';
import { HttpError, isDocumentId } from '@agentflow/shared/server';
import type { StoredRun } from '../runs/runModel.js';
import { mayViewRun } from '../runs/access.js';
import { decodeRun, runRef } from '../runs/store.js';
import { keyWorkspace } from './workflows.js';

export function publicRunOf(run: StoredRun): PublicRun {
  return {
    id: run.id,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    status: run.status,
    trigger: { type: run.trigger.type },
    input: run.input,
    output: run.output,
    error: run.error,
    errorCode: run.errorCode ?? null,
    tokensUsed: run.tokensUsed,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    steps: run.steps.map((step) => ({
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
    })),
  };
}

export async function readPublicRun(db: Firestore, req: Request, runId: string): Promise<PublicRun> {
  const notFound = new HttpError(404, `Run '${runId}' not found`, 'not_found');
  if (!isDocumentId(runId)) throw notFound;
  const run = decodeRun(await runRef(db, runId).get());
  if (!run) throw notFound;
  const workspace = keyWorkspace(req);
  const inWorkspace = (run.workspaceId ?? workspaceKey({ ownerId: run.ownerId, organizationId: run.organizationId })) === workspaceKey(workspace);
  if (!inWorkspace || !(await mayViewRun(db, req.caller!, run))) throw notFound;
  return publicRunOf(run);
}
