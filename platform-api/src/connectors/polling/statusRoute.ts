// GET /api/workflows/:workflowId/poll: how each of the workflow's app triggers
// is doing, by node id, for its owner in the builder. A failing poll starts no
// run, so without this a revoked token would fail in silence.
import type { Request, RequestHandler, Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '@agentflow/shared/server';
import type { PollStatus, PollStatusReport, Workflow } from '@agentflow/shared/workflow';
import { FirestorePollStates, type PollState } from './pollState.js';
import { pollConfigKey, pollNodes, pollStateKey } from './poller.js';

export interface PollStatusRouteOptions {
  db: Firestore;
  authed: RequestHandler;
  loadWorkflow: (workflowId: string) => Promise<Workflow>;
  callerId: (req: Request) => string;
}

/** One trigger's status from its stored state (null: never checked) and its configuration key now. */
export function pollStatusOf(state: PollState | null, configKey: string): PollStatus {
  return {
    state: !state ? 'none' : state.configKey !== configKey ? 'changed' : state.lastError ? 'failing' : state.cursor !== null ? 'watching' : 'none',
    lastPolledAt: state?.lastPolledAt ?? null,
    lastError: state?.lastError ?? null,
    lastErrorAt: state?.lastErrorAt ?? null,
  };
}

export function mountPollStatus(router: Router, { db, authed, loadWorkflow, callerId }: PollStatusRouteOptions): void {
  const states = new FirestorePollStates(db);
  // The same path as pollStatusPath() builds.
  router.get('/api/workflows/:workflowId/poll', authed, async (req, res) => {
    const workflow = await loadWorkflow(String(req.params.workflowId));
    if (workflow.ownerId !== callerId(req)) throw new HttpError(403, 'Forbidden: only the workflow owner sees how its app trigger is doing');
    // Each poll trigger's state where the poller keeps it (the first's under the workflow id).
    const entries = await Promise.all(
      pollNodes(workflow.nodes).map(async (poll, index) => {
        const state = await states.read(pollStateKey(workflow.id, poll.node.id, index === 0));
        return [poll.node.id, pollStatusOf(state, pollConfigKey(poll.params))] as const;
      }),
    );
    const report: PollStatusReport = { triggers: Object.fromEntries(entries) };
    res.json(report);
  });
}
