// POST /v1/workflows/:workflowId/runs (issue 24): a run with trigger 'api',
// started as the key's creator through the app's own startPersonRun (same
// refusals; a workflow outside the key's workspace is a 404). Without `wait`:
// 202 at once. With `wait`: the run when it ends within the timeout (200,
// whatever its status), else 202 as without. No Idempotency-Key: the
// step-test key (runs/testStepRoute.ts) only guards a charge, not an answer
// to replay, and the webhook has none; a retried start is a new run.
import type { Request, Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_API, type PublicRun } from '@agentflow/shared/api-keys';
import { HttpError, type Caller } from '@agentflow/shared/server';
import type { RunStatus } from '@agentflow/shared/workflow';
import { startPersonRun, type StartRunDeps } from '../runs/startPersonRun.js';
import { decodeRun, runRef } from '../runs/store.js';
import { waitForRunEnd } from '../runs/webhookAnswer/runWatch.js';
import type { PublicReply } from './mount.js';
import { publicRunOf } from './runs.js';
import { keyWorkspace } from './workflows.js';

export interface StartRunBody {
  input: Record<string, unknown>;
  wait?: { timeoutMs: number } | undefined;
}

/** The links of a started run, from the route table. */
export const runLinks = (runId: string) => ({ run: PUBLIC_API.run(runId), cancel: PUBLIC_API.cancelRun(runId), approvals: PUBLIC_API.runApprovals(runId) });

const pending = (runId: string, status: RunStatus): PublicReply => ({
  status: 202,
  body: { runId, status, links: runLinks(runId) },
  headers: { Location: PUBLIC_API.run(runId) },
});

/** Ends the wait when the caller hangs up (the run goes on). */
function hangUpSignal(req: Request, res: Response): AbortSignal {
  const hangUp = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) hangUp.abort();
  });
  return hangUp.signal;
}

export async function startPublicRun(deps: StartRunDeps, req: Request, res: Response, workflowId: string, body: StartRunBody): Promise<PublicReply> {
  const caller: Caller = req.caller!;
  if (!/^[^/]{1,1500}$/.test(workflowId)) throw new HttpError(404, `Workflow '${workflowId}' not found`, 'not_found');
  const runId = await startPersonRun(deps, caller, workflowId, { input: body.input, trigger: 'api', workspace: keyWorkspace(req) });
  if (!body.wait) return pending(runId, await currentStatus(deps.db, runId));
  const ended = await waitForRunEnd(deps.db, runId, body.wait.timeoutMs, hangUpSignal(req, res));
  if (ended) return { status: 200, body: { run: publicRunOf(ended) satisfies PublicRun } };
  return pending(runId, await currentStatus(deps.db, runId));
}

async function currentStatus(db: Firestore, runId: string): Promise<RunStatus> {
  return decodeRun(await runRef(db, runId).get())?.status ?? 'queued';
}
