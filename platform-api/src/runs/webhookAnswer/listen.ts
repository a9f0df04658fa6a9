// "Listen for test event": the owner opens a 2-minute window on one webhook
// trigger (POST …/nodes/:nodeId/listen → {until}); the trigger's next request
// in it is captured (body as the run input it would make, query, headers
// without secrets) and not run. The builder polls GET …/listen and pins the
// capture as the trigger's sample output itself.
//
// Why a side document and not a write into the workflow: the builder
// autosaves its whole copy of the workflow. A server write into the workflow
// document (with a version bump) while the user edits would either be
// overwritten by the next autosave of the stale copy or raise a version
// conflict that makes the user pick between their edit and the capture. The
// side document (webhookListens/{workflowId}_{node}) has one writer, and the
// builder merges the capture into its own state like any other edit.
import type { Request, RequestHandler, Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '@agentflow/shared/server';
import { WEBHOOK_LISTEN_MS, capturedHeaders, type WebhookCapture, type WebhookListenState, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { pathParam } from '../routeKit.js';

/** webhookListens/{workflowId}_{base64url nodeId}: a trigger's listening window and last capture (server only). */
export const WEBHOOK_LISTENS_COLLECTION = 'webhookListens';

export const listenRef = (db: Firestore, workflowId: string, nodeId: string) =>
  db.collection(WEBHOOK_LISTENS_COLLECTION).doc(`${workflowId}_${Buffer.from(nodeId).toString('base64url')}`);

/** The capture is kept as JSON text: Firestore refuses arrays nested in arrays, which a delivered body may have. */
interface ListenDoc {
  until: string | null;
  capture: string | null;
}

const stateOf = (data: Partial<ListenDoc> | undefined): WebhookListenState => ({
  until: data?.until ?? null,
  capture: typeof data?.capture === 'string' ? (JSON.parse(data.capture) as WebhookCapture) : null,
});

export interface ListenContext {
  db: Firestore;
  authed: RequestHandler;
  now: () => Date;
  /** The workflow, when the caller owns it and its plan has webhook triggers (else throws 403/404). */
  ownWorkflow: (req: Request) => Promise<Workflow>;
  /** A trigger of the workflow started listening (the webhook's cache drops what it knew). */
  onListen?: (workflowId: string) => void;
}

export function mountListen(router: Router, { db, authed, now, ownWorkflow, onListen }: ListenContext): void {
  const triggerOf = async (req: Request): Promise<{ workflow: Workflow; node: WorkflowNode }> => {
    const workflow = await ownWorkflow(req);
    const nodeId = pathParam(req, 'nodeId');
    const node = workflow.nodes.find((n) => n.id === nodeId && n.type === 'trigger.webhook');
    if (!node) throw new HttpError(404, `Node '${nodeId}' is not a webhook trigger of this workflow`);
    return { workflow, node };
  };
  const path = '/api/workflows/:workflowId/nodes/:nodeId/listen';

  router.post(path, authed, async (req, res) => {
    const { workflow, node } = await triggerOf(req);
    const until = new Date(now().getTime() + WEBHOOK_LISTEN_MS).toISOString();
    await listenRef(db, workflow.id, node.id).set({ workflowId: workflow.id, nodeId: node.id, ownerId: workflow.ownerId, until }, { merge: true });
    onListen?.(workflow.id);
    res.json({ until });
  });

  router.get(path, authed, async (req, res) => {
    const { workflow, node } = await triggerOf(req);
    const state = stateOf((await listenRef(db, workflow.id, node.id).get()).data());
    res.json(state satisfies WebhookListenState);
  });

  router.delete(path, authed, async (req, res) => {
    const { workflow, node } = await triggerOf(req);
    await listenRef(db, workflow.id, node.id).set({ until: null }, { merge: true });
    res.status(204).end();
  });
}

/** What a delivery would be captured as (the run input it would make, its query, its headers without secrets). */
export function captureOf(req: Request, input: Record<string, unknown>, secretHeader: string | undefined, at: Date): WebhookCapture {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') query[key] = first.slice(0, 2000);
  }
  return { capturedAt: at.toISOString(), method: req.method, input, query, headers: capturedHeaders(req.headers, secretHeader) };
}

/**
 * Captures the delivery when the trigger is listening (and closes the
 * window: one request per listen). A transaction, so two deliveries at once
 * cannot both be taken as the test event. True when captured. (Multipart
 * deliveries are not captured: their files would have to be stored.)
 */
export async function captureIfListening(db: Firestore, workflowId: string, nodeId: string, capture: WebhookCapture, knownUntil?: string | null): Promise<boolean> {
  const at = new Date(capture.capturedAt);
  const ref = listenRef(db, workflowId, nodeId);
  // Most deliveries: nobody listens; answered without a transaction (and without a read when the
  // caller knows the window from its cache, hookCache.ts: undefined means it does not know).
  const until = knownUntil === undefined ? stateOf((await ref.get()).data()).until : knownUntil;
  if (!until || Date.parse(until) <= at.getTime()) return false;
  return db.runTransaction(async (tx) => {
    const state = stateOf((await tx.get(ref)).data());
    if (!state.until || Date.parse(state.until) <= at.getTime()) return false;
    tx.set(ref, { until: null, capture: JSON.stringify(capture) }, { merge: true });
    return true;
  });
}
