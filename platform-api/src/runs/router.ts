// The runs API (RUNS_API in shared/src/workflow/runs.ts).
//
// Status codes: 202 {runId} for a started run; 400 naming the field for a
// bad body or input (and for a workflow that does not validate); 401 without
// a valid ID token; 402 Payment Required with the ledger's 'Insufficient
// tokens: N needed, M remaining' when the user cannot pay the start token
// (the client can offer a top-up; nothing is created); 403 when the caller
// may not run / watch / decide (see access.ts); 404 for an unknown workflow
// or run; 409 when the run is not in a state for the action (cancel a
// finished run, approve a step that is not waiting). The public webhook
// answers 404 with one body for an unknown workflow and a wrong secret alike.
import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { z } from 'zod';
import { HttpError, type Caller, describeTokenError, requireAuth, serviceErrors, type WebhookLimits } from '@agentflow/shared/server';
import { RUN_LIMITS, WORKFLOW_COLLECTION, isTerminalRunStatus, workflowFromDocument, type AiStatus, type RunTrigger, type Workflow } from '@agentflow/shared/workflow';
import { mayViewRun, workflowAllows } from './access.js';
import { caller, missing, parseOr400, pathParam } from './routeKit.js';
import type { RunsService } from './service.js';
import { publicRun, runSummary, type StoredRun } from './runModel.js';
import { decodeRun, runRef, runsCollection } from './store.js';
import { checkValid, loadWorkflow as loadWorkflowById, startCheckedRun, startPersonRun } from './startPersonRun.js';
import { cancelRun } from './cancelRun.js';
import { mountWebhooks } from './webhook.js';
import { mountStepTests } from './testStepRoute.js';
import { firestoreLoopItems, mountLoopItems } from './loop/index.js';
import type { StepTestMeter } from './ports.js';
import { mountPollStatus } from '../connectors/polling/statusRoute.js';
import { deleteRunWithFiles } from './housekeeping.js';
import type { FilesModule } from '../files/index.js';
import type { RunInputFile } from './ports.js';
import { mountApprovalRoutes } from '../approvals/routes.js';
import type { ApprovalsModule } from '../approvals/index.js';

export { secretsMatch } from './routeKit.js';

export interface RunsRouterOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  service: RunsService;
  aiStatus: () => AiStatus;
  /** Base URL of this API as browsers and webhook senders reach it (PLATFORM_API_URL); else taken from the request. */
  publicUrl?: string | null;
  /** Failed webhook calls (unknown workflow, wrong secret) allowed per client address and minute. */
  hookRateLimit?: number;
  /** Accepted webhook calls per workflow: a burst, then a steady rate (WEBHOOK_BURST, WEBHOOK_RATE_LIMIT). */
  webhookLimits?: WebhookLimits;
  /** How long a webhook's secret, workflow and listening windows are used before they are read again (default WEBHOOK_CACHE_MS). */
  webhookCacheMs?: number;
  /** Heartbeat comment interval of event streams. */
  sseHeartbeatMs?: number;
  /** File storage: webhook deliveries in multipart, file fields of the run form, decision attachments. */
  files?: FilesModule | null;
  /** How step tests are paid (the ledger meter). */
  stepTestMeter: StepTestMeter;
  /** Approval requests, one-click links and notifications (absent: decisions work, the inbox is empty, links are refused). */
  approvals?: ApprovalsModule | null;
}

// ---------------------------------------------------------------- bodies

const startSchema = z.strictObject({
  input: z.record(z.string(), z.unknown(), { error: (issue) => (missing(issue.input) ? 'is required' : 'must be an object') }).default({}),
  rerunOf: z.string({ error: 'must be a string' }).min(1, 'is required').max(128, 'must be at most 128 characters').optional(),
  /** Run from here (StartRunRequest.startAt): the node the run starts at. */
  startAt: z.string({ error: 'must be a string' }).min(1, 'is required').max(300, 'must be at most 300 characters').optional(),
  /** StartRunRequest.via: a run the voice command started. */
  via: z.literal('voice', { error: "must be 'voice'" }).optional(),
});

// ---------------------------------------------------------------- router

export interface RunsRouter {
  router: Router;
  /** Ends every open event stream (shutdown). */
  closeStreams: () => void;
}

export function createRunsRouter(options: RunsRouterOptions): RunsRouter {
  const { db, auth, service, logger } = options;
  const router = Router();
  const authed = requireAuth(auth);
  const streams = new Set<() => void>();

  const loadWorkflow = (workflowId: string): Promise<Workflow> => loadWorkflowById(db, workflowId);
  const startDeps = { db, service, files: options.files ?? null };

  const loadRun = async (runId: string): Promise<StoredRun> => {
    const run = decodeRun(await runRef(db, runId).get());
    if (!run) throw new HttpError(404, `Run '${runId}' not found`);
    return run;
  };

  /** A run the caller may see (its payer, its starter, whoever may view its workflow or decide its approvals). */
  const visibleRun = async (req: Request): Promise<StoredRun> => {
    const run = await loadRun(pathParam(req, 'runId'));
    if (!(await mayViewRun(db, caller(req), run))) throw new HttpError(403, 'Forbidden: this run is not yours');
    return run;
  };

  /** Whether the caller may delete the workflow (and so its whole history); false when it is gone. */
  const mayDeleteRunsOf = async (user: Caller, workflowId: string): Promise<boolean> => {
    const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
    return snapshot.exists && workflowAllows(db, user, workflowFromDocument(snapshot.id, snapshot.data() ?? {}), 'delete');
  };

  const startRun = (workflow: Workflow, ownerId: string, trigger: RunTrigger, input: Record<string, unknown>, files: readonly RunInputFile[] = []): Promise<string> =>
    startCheckedRun(service, { workflow, ownerId, trigger, input, files });

  // -- start and list
  router.post('/api/workflows/:workflowId/runs', authed, async (req, res) => {
    const body = parseOr400(startSchema, req.body);
    const runId = await startPersonRun(startDeps, caller(req), pathParam(req, 'workflowId'), {
      input: body.input,
      trigger: body.via ?? 'manual',
      ...(body.rerunOf !== undefined ? { rerunOf: body.rerunOf } : {}),
      ...(body.startAt !== undefined ? { startAt: body.startAt } : {}),
    });
    res.status(202).json({ runId });
  });

  router.get('/api/workflows/:workflowId/runs', authed, async (req, res) => {
    const user = caller(req);
    const workflowId = pathParam(req, 'workflowId');
    const before = typeof req.query.before === 'string' ? req.query.before : null;
    if (before !== null && Number.isNaN(Date.parse(before))) throw new HttpError(400, 'before must be an ISO 8601 date');
    // Whoever may view the workflow sees all its runs; anyone else the runs they paid for (a workflow since moved or unshared).
    const workflow = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
    const viewer = workflow.exists && (await workflowAllows(db, user, workflowFromDocument(workflow.id, workflow.data() ?? {}), 'view'));
    let query = viewer
      ? runsCollection(db).where('workflowId', '==', workflowId).orderBy('createdAt', 'desc')
      : runsCollection(db).where('workflowId', '==', workflowId).where('ownerId', '==', user.uid).orderBy('createdAt', 'desc');
    if (before) query = query.where('createdAt', '<', before);
    const snapshot = await query.limit(RUN_LIMITS.historyPageSize).get();
    const runs = snapshot.docs.map((doc) => decodeRun(doc)).filter((run): run is StoredRun => run !== null);
    res.json({ runs: runs.map(runSummary) });
  });

  // -- one run
  router.get('/api/runs/:runId', authed, async (req, res) => {
    const user = caller(req);
    const run = await loadRun(pathParam(req, 'runId'));
    if (!(await mayViewRun(db, user, run))) throw new HttpError(403, 'Forbidden: this run is not yours');
    res.json(publicRun(run));
  });

  // -- live events (EventSource cannot send headers: ?token= is accepted too)
  router.get('/api/runs/:runId/events', async (req, res) => {
    const header = req.headers.authorization;
    const queryToken = typeof req.query.token === 'string' ? req.query.token : null;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : queryToken;
    if (!token) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token (or ?token=)');
    try {
      const decoded = await auth.verifyIdToken(token, true);
      req.caller = { uid: decoded.uid, email: decoded.email ?? null, token: decoded, emailVerified: decoded.email_verified === true };
    } catch (error) {
      const { status, message } = describeTokenError(error);
      res.status(status).json({ error: message });
      return;
    }
    const run = await visibleRun(req);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': stream of run events\n\n');
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      streams.delete(close);
      res.end();
    };
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), options.sseHeartbeatMs ?? 15_000);
    const unsubscribe = runRef(db, run.id).onSnapshot(
      (snapshot) => {
        if (closed) return;
        const current = decodeRun(snapshot);
        if (!current) return close();
        res.write(`event: run\ndata: ${JSON.stringify(publicRun(current))}\n\n`);
        if (isTerminalRunStatus(current.status)) close();
      },
      (error) => {
        logger.warn({ err: error, runId: run.id }, 'run event stream failed');
        close();
      },
    );
    streams.add(close);
    req.on('close', close);
  });

  // -- deleting history: a run (its payer, or whoever may delete its workflow), or every finished run of a workflow, each with its files
  router.delete('/api/runs/:runId', authed, async (req, res) => {
    const run = await loadRun(pathParam(req, 'runId'));
    if (run.ownerId !== caller(req).uid && !(await mayDeleteRunsOf(caller(req), run.workflowId))) throw new HttpError(403, 'Forbidden: this run is not yours');
    if (!isTerminalRunStatus(run.status)) throw new HttpError(409, 'Cancel the run before deleting it');
    await deleteRunWithFiles(db, options.files?.store ?? null, run.id);
    res.status(204).end();
  });

  router.delete('/api/workflows/:workflowId/runs', authed, async (req, res) => {
    const user = caller(req);
    const workflowId = pathParam(req, 'workflowId');
    // Whoever may delete the workflow clears all its history; anyone else the runs they paid for.
    const all = await mayDeleteRunsOf(user, workflowId);
    const history = all ? runsCollection(db).where('workflowId', '==', workflowId) : runsCollection(db).where('workflowId', '==', workflowId).where('ownerId', '==', user.uid);
    let deleted = 0;
    let skipped = 0;
    // A page at a time: a long history is deleted without holding it all.
    for (;;) {
      const page = await history.orderBy('createdAt', 'desc').offset(skipped).limit(100).get();
      for (const doc of page.docs) {
        const run = decodeRun(doc);
        if (!run || !isTerminalRunStatus(run.status)) {
          skipped += 1;
          continue;
        }
        await deleteRunWithFiles(db, options.files?.store ?? null, run.id);
        deleted += 1;
      }
      if (page.size < 100) break;
    }
    // Runs still going are kept (cancel them first).
    res.json({ deleted, kept: skipped });
  });

  router.post('/api/runs/:runId/cancel', authed, async (req, res) => {
    res.json(await cancelRun({ db, service }, caller(req), pathParam(req, 'runId')));
  });

  // Approve / reject / decide, the inbox, one-click links, notification preferences (approvals/routes.ts).
  mountApprovalRoutes(router, { db, authed, service, files: options.files ?? null, loadRun, approvals: options.approvals ?? null });

  mountWebhooks(router, { db, authed, options, loadWorkflow, checkValid, startRun });
  mountStepTests(router, { db, authed, service, loadWorkflow, meter: options.stepTestMeter });
  mountLoopItems(router, { db, authed, records: firestoreLoopItems(db) });
  mountPollStatus(router, { db, authed, loadWorkflow, callerId: (req) => caller(req).uid });

  router.get('/api/ai/status', authed, (_req, res) => {
    res.json(options.aiStatus());
  });

  router.use(serviceErrors());

  return {
    router,
    closeStreams: () => {
      for (const close of [...streams]) close();
    },
  };
}
