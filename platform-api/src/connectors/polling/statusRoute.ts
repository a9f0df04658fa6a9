// GET /api/workflows/:workflowId/poll: how the workflow's app trigger is
// doing, for its owner in the builder. A failing poll starts no run, so
// without this a revoked token would fail in silence.
import type { Request, RequestHandler, Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '@agentflow/shared/server';
import type { PollStatus, Workflow } from '@agentflow/shared/workflow';
import { FirestorePollStates } from './pollState.js';
import { pollConfigKey, pollNode } from './poller.js';

export interface PollStatusRouteOptions {
  db: Firestore;
  authed: RequestHandler;
  loadWorkflow: (workflowId: string) => Promise<Workflow>;
  callerId: (req: Request) => string;
}

export function mountPollStatus(router: Router, { db, authed, loadWorkflow, callerId }: PollStatusRouteOptions): void {
  const states = new FirestorePollStates(db);
  // The same path as pollStatusPath() builds.
  router.get('/api/workflows/:workflowId/poll', authed, async (req, res) => {
    const workflow = await loadWorkflow(String(req.params.workflowId));
    if (workflow.ownerId !== callerId(req)) throw new HttpError(403, 'Forbidden: only the workflow owner sees how its app trigger is doing');
    const poll = pollNode(workflow.nodes);
    const state = poll ? await states.read(workflow.id) : null;
    const status: PollStatus = {
      state: !poll || !state ? 'none' : state.configKey !== pollConfigKey(poll.params) ? 'changed' : state.lastError ? 'failing' : state.cursor !== null ? 'watching' : 'none',
      lastPolledAt: state?.lastPolledAt ?? null,
      lastError: state?.lastError ?? null,
      lastErrorAt: state?.lastErrorAt ?? null,
    };
    res.json(status);
  });
}
