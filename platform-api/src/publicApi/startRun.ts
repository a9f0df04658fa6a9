// POST /v1/workflows/:workflowId/runs (issue 24): a run with trigger 'api',
// started as the key's creator through the app's own startPersonRun (same
// refusals; a workflow outside the key's workspace is a 404). Without `wait`:
// 202 at once. With `wait`: the run when it ends within the timeout (200,
// whatever its status), else 202 as without.
//
// Idempotency-Key (optional; idempotency.ts keeps it per API key for 24 h):
// a client whose connection dropped after sending retries with the same key
// and gets the first request's run back (header Idempotent-Replayed: true),
// nothing started and nothing charged again. Without `wait` the replay is the
// first answer as it was sent; with `wait` it is the same run answered the
// way the first was (it waits again up to wait.timeoutMs, then 200 ended or
// 202 with its current status), since the first answer's snapshot of a run
// still going would be stale. The run id is recorded before the wait, so a
// retry during the first's wait replays instead of being refused.
//
// A refused first request (an HttpError: 400 input, 402 out of tokens, 403,
// 404, 409, 413) releases the key instead of being remembered as Stripe
// does: a refusal started and charged nothing, so doing it again cannot
// double anything, and its causes are ones a client fixes and retries (a top-up
// after a 402, a credential after a 409) — a remembered refusal would lock the
// key on a stale answer for a day. Any other error keeps the reservation (a run
// may have started): retries get 409 until it is taken as abandoned.
import type { Request, Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_API, type PublicRun } from '@agentflow/shared/api-keys';
import { HttpError, IDEMPOTENT_REPLAYED_HEADER, type Caller } from '@agentflow/shared/server';
import type { RunStatus } from '@agentflow/shared/workflow';
import { startPersonRun, type StartRunDeps } from '../runs/startPersonRun.js';
import { decodeRun, runRef } from '../runs/store.js';
import { waitForRunEnd } from '../runs/webhookAnswer/runWatch.js';
import { recordStart, releaseStart, reserveStart, startRequestHash, type IdempotencyScope } from './idempotency.js';
import type { PublicReply } from './mount.js';
import { publicRunOf } from './runs.js';
import { keyWorkspace } from './workflows.js';

export interface StartRunBody {
  input: Record<string, unknown>;
  wait?: { timeoutMs: number } | undefined;
}

export interface PublicStartDeps extends StartRunDeps {
  /** The clock idempotency keys are kept and expire by. */
  now: () => Date;
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

/** A started run answered as the request asked: at once, or once it ends within the wait. */
async function answerFor(db: Firestore, req: Request, res: Response, runId: string, body: StartRunBody): Promise<PublicReply> {
  if (!body.wait) return pending(runId, await currentStatus(db, runId));
  const ended = await waitForRunEnd(db, runId, body.wait.timeoutMs, hangUpSignal(req, res));
  if (ended) return { status: 200, body: { run: publicRunOf(ended) satisfies PublicRun } };
  return pending(runId, await currentStatus(db, runId));
}

const replayed = (reply: PublicReply): PublicReply => ({ ...reply, headers: { ...reply.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' } });

export async function startPublicRun(deps: PublicStartDeps, req: Request, res: Response, workflowId: string, body: StartRunBody, idempotencyKey: string | undefined): Promise<PublicReply> {
  const caller: Caller = req.caller!;
  if (!/^[^/]{1,1500}$/.test(workflowId)) throw new HttpError(404, `Workflow '${workflowId}' not found`, 'not_found');
  const start = () => startPersonRun(deps, caller, workflowId, { input: body.input, trigger: 'api', workspace: keyWorkspace(req) });
  if (idempotencyKey === undefined) return answerFor(deps.db, req, res, await start(), body);

  const scope: IdempotencyScope = { apiKeyId: caller.apiKey!.id, workspaceId: caller.apiKey!.workspaceId, key: idempotencyKey };
  const reservation = await reserveStart(deps.db, scope, startRequestHash(workflowId, body), deps.now());
  if (reservation.kind === 'replay') {
    if (reservation.answer) return replayed({ ...reservation.answer, headers: { Location: PUBLIC_API.run(reservation.runId) } });
    return replayed(await answerFor(deps.db, req, res, reservation.runId, body));
  }
  let runId: string;
  try {
    runId = await start();
  } catch (error) {
    if (error instanceof HttpError) await releaseStart(deps.db, scope, reservation.holder);
    throw error;
  }
  if (body.wait) {
    await recordStart(deps.db, scope, reservation.holder, runId, null);
    return answerFor(deps.db, req, res, runId, body);
  }
  const reply = await answerFor(deps.db, req, res, runId, body);
  await recordStart(deps.db, scope, reservation.holder, runId, { status: reply.status, body: reply.body });
  return reply;
}

async function currentStatus(db: Firestore, runId: string): Promise<RunStatus> {
  return decodeRun(await runRef(db, runId).get())?.status ?? 'queued';
}
