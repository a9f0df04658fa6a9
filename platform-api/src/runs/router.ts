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
import { FILE_ERROR_CODES, HttpError, isFileRef, type Caller, REQUEST_ERROR_CODES, describeTokenError, isDocumentId, requireAuth, serviceErrors, type WebhookLimits } from '@agentflow/shared/server';
import {
  RUN_LIMITS,
  RUN_MESSAGES,
  WORKFLOW_COLLECTION,
  isTerminalRunStatus,
  templateById,
  runInputSchema,
  personTriggerOf,
  failedRunDetailsSchema,
  sampleFailedRunDetails,
  validateWorkflow,
  workflowFromDocument,
  type AiStatus,
  type InputField,
  type RunTrigger,
  type Workflow,
} from '@agentflow/shared/workflow';
import { mayRunWorkflow, mayViewRun, runPermissions, workflowAllows } from './access.js';
import { caller, missing, parseOr400, pathParam, refusalAsHttp } from './routeKit.js';
import { WorkflowInTrashError, isInTrash, type RunsService } from './service.js';
import { publicRun, runSummary, type StoredRun } from './runModel.js';
import { decodeRun, encodeRun, runRef, runsCollection } from './store.js';
import { mountWebhooks } from './webhook.js';
import { mountStepTests } from './testStepRoute.js';
import { firestoreLoopItems, mountLoopItems } from './loop/index.js';
import { cancelChildRuns } from './subworkflow/firestorePorts.js';
import type { StepTestMeter } from './ports.js';
import { mountPollStatus } from '../connectors/polling/statusRoute.js';
import { deleteRunWithFiles } from './housekeeping.js';
import { FileRefusedError, type FilesModule } from '../files/index.js';
import type { RunInputFile } from './ports.js';
import { mountApprovalRoutes } from '../approvals/routes.js';
import { closeWaitingRequests } from '../approvals/requests.js';
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

  const loadWorkflow = async (workflowId: string): Promise<Workflow> => {
    const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
    if (!snapshot.exists) {
      if (templateById(workflowId)) throw new HttpError(403, RUN_MESSAGES.copyTemplateFirst);
      throw new HttpError(404, `Workflow '${workflowId}' not found`);
    }
    return workflowFromDocument(snapshot.id, snapshot.data() ?? {});
  };

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

  /** A run the caller may cancel: its starter, or whoever may run its workflow. */
  const steerableRun = async (req: Request): Promise<StoredRun> => {
    const run = await loadRun(pathParam(req, 'runId'));
    if (!(await runPermissions(db, caller(req), run)).steer) throw new HttpError(403, 'Forbidden: you may not run this workflow');
    return run;
  };

  /** Whether the caller may delete the workflow (and so its whole history); false when it is gone. */
  const mayDeleteRunsOf = async (user: Caller, workflowId: string): Promise<boolean> => {
    const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
    return snapshot.exists && workflowAllows(db, user, workflowFromDocument(snapshot.id, snapshot.data() ?? {}), 'delete');
  };

  const checkValid = (workflow: Workflow) => {
    const problems = validateWorkflow(workflow);
    if (problems.length > 0) throw new HttpError(400, `The workflow cannot run: ${problems[0]!.message}`);
  };

  const startRun = async (workflow: Workflow, ownerId: string, trigger: RunTrigger, input: Record<string, unknown>, files: readonly RunInputFile[] = [], startAt?: string): Promise<string> => {
    if (Buffer.byteLength(JSON.stringify(input)) > RUN_LIMITS.maxInputBytes) throw new HttpError(413, `input is larger than ${RUN_LIMITS.maxInputBytes} bytes`);
    try {
      return await service.start({ workflow, ownerId, trigger, input, files, ...(startAt !== undefined ? { startAt } : {}) });
    } catch (error) {
      if (error instanceof FileRefusedError) throw error.toHttp();
      throw refusalAsHttp(error) ?? error;
    }
  };

  // -- start and list
  router.post('/api/workflows/:workflowId/runs', authed, async (req, res) => {
    const user = caller(req);
    const workflowId = pathParam(req, 'workflowId');
    const body = parseOr400(startSchema, req.body);
    const workflow = await loadWorkflow(workflowId);
    if (workflow.visibility === 'template') throw new HttpError(403, RUN_MESSAGES.copyTemplateFirst);
    if (!(await mayRunWorkflow(db, user, workflow))) throw new HttpError(403, RUN_MESSAGES.notAllowedToRun);
    if (isInTrash(workflow)) throw refusalAsHttp(new WorkflowInTrashError(workflow.id))!;
    checkValid(workflow);
    let input: Record<string, unknown> = body.input;
    // A person's run fires the manual trigger (or the first trigger of a workflow without one).
    const triggerNode = personTriggerOf(workflow);
    const nodeId = triggerNode?.id ?? null;
    let trigger: RunTrigger = { type: body.via ?? 'manual', userId: user.uid, nodeId };
    if (body.rerunOf !== undefined && !isDocumentId(body.rerunOf)) throw new HttpError(400, 'rerunOf must be the id of a run of this workflow', REQUEST_ERROR_CODES.invalidId);
    if (body.rerunOf) {
      const earlier = decodeRun(await runRef(db, body.rerunOf).get());
      // Whoever may run the workflow (checked above) may re-run any of its runs.
      if (!earlier || earlier.workflowId !== workflowId) throw new HttpError(400, `rerunOf names no run of this workflow`);
      input = earlier.input;
      trigger = { type: 'rerun', userId: user.uid, rerunOf: earlier.id, nodeId };
    }
    const files: RunInputFile[] = [];
    if (triggerNode?.type === 'trigger.manual') {
      const fields = (triggerNode.params as { inputSchema?: InputField[] }).inputSchema ?? [];
      input = parseOr400(runInputSchema(fields), input, 'input.');
      // A re-run reads the same files again: they are the earlier run's, not new uploads.
      if (!body.rerunOf) {
        for (const field of fields) {
          const value = input[field.key];
          if (field.type === 'file' && isFileRef(value)) files.push({ field: `input.${field.key}`, ref: value, accept: field.accept ?? [] });
        }
      }
    }
    // A person's run of a workflow that starts only at its error trigger is a test: {} takes sample failed-run details, anything else must have their shape.
    if (triggerNode?.type === 'trigger.error' && !body.rerunOf) {
      input = Object.keys(input).length === 0 ? (sampleFailedRunDetails() as unknown as Record<string, unknown>) : parseOr400(failedRunDetailsSchema, input, 'input.');
    }
    if (files.length > 0 && !options.files) throw new HttpError(400, 'This deployment has no file storage: file fields cannot be filled', FILE_ERROR_CODES.notUsable);
    const runId = await startRun(workflow, user.uid, trigger, input, files, body.startAt);
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
    const run = await steerableRun(req);
    if (isTerminalRunStatus(run.status)) throw new HttpError(409, `The run has already ${run.status === 'canceled' ? 'been canceled' : run.status}`);
    // Here: abort the in-flight steps now. Elsewhere: the executing
    // instance sees the canceled document at its next write or heartbeat.
    service.executor.cancelLocal(run.id);
    const result = await db.runTransaction(async (tx) => {
      const current = decodeRun(await tx.get(runRef(db, run.id)));
      if (!current || isTerminalRunStatus(current.status)) return current;
      const at = service.now().toISOString();
      for (const step of current.steps) {
        if (step.status === 'running' || step.status === 'waiting') Object.assign(step, { status: 'canceled', error: RUN_MESSAGES.canceled, endedAt: at });
        else if (step.status === 'pending') step.status = 'skipped';
      }
      Object.assign(current, { status: 'canceled', error: RUN_MESSAGES.canceled, endedAt: at, updatedAt: at, lease: null });
      tx.set(runRef(db, run.id), encodeRun(current));
      return current;
    });
    // Sub-workflow steps' child runs stop too (a step waiting for its child holds no execution that would).
    if (result?.status === 'canceled') await cancelChildRuns(db, result, () => service.now(), (id) => void service.executor.cancelLocal(id));
    // Its approval steps no longer wait: the inbox and the dashboard's count drop them (approvals/).
    if (result?.status === 'canceled') await closeWaitingRequests(db, run.id).catch(() => 0);
    res.json({ runId: run.id, status: result?.status ?? 'canceled' });
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
