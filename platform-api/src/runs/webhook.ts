// The webhook endpoints of the runs API: the owner reads or rotates a
// workflow's secret (stored where browsers cannot read it), and anyone with
// the secret URL starts a run (POST or PUT /api/hooks/:workflowId/:secret/:path),
// within limits per workflow and per client address. The trigger's path picks
// which webhook trigger fires (a workflow may have several); the URL without
// a path, from before paths shaped it, fires the first webhook trigger. A
// trigger answers at once (202 {runId}) or, with respond 'whenDone', when the
// run is done (webhookAnswer/); a trigger the owner listens on captures the
// request as its test event instead of running (webhookAnswer/listen.ts).
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response, Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_WEBHOOK_LIMITS, FILE_ERROR_CODES, HttpError, isDocumentId, isFileRef, toFileRef, triggerRefusal, TokenBucketStore, createLimiter, sendRateLimited } from '@agentflow/shared/server';
import { PINNED_OUTPUT_MAX_BYTES, RUN_SERVER_COLLECTIONS, WEBHOOK_ANSWER_LIMITS, WORKFLOW_INACTIVE_CODE, acceptsTriggerEvents, WEBHOOK_API, isTerminalRunStatus, webhookInput, type RunTrigger, type WebhookTriggerParams, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import type { RunsRouterOptions } from './router.js';
import { caller, pathParam, refusalAsHttp, secretsMatch } from './routeKit.js';
import { WorkflowInTrashError, isInTrash } from './service.js';
import { planRoleOf } from '../plans/planRole.js';
import { workflowAllows, workspacePayer } from './access.js';
import { acceptedType, asHttp, isMultipart, readMultipart } from '../files/index.js';
import type { RunInputFile } from './ports.js';
import { decodeRun, runRef, stepOutputRef } from './store.js';
import { pendingAnswer, settledAnswer, type WebhookAnswer } from './webhookAnswer/answer.js';
import { firestoreRunWatcher } from './webhookAnswer/runWatch.js';
import { captureIfListening, captureOf, mountListen } from './webhookAnswer/listen.js';
import { HookCache, WEBHOOK_CACHE_MS, type CachedHook } from './webhookAnswer/hookCache.js';

// One body for an unknown workflow and a wrong secret alike.
const NOT_FOUND_HOOK = 'Not found';

type WebhookNode = WorkflowNode<Partial<WebhookTriggerParams>>;

/** The webhook trigger a delivery is for: the one with the URL's path, or the first one for a URL without a path. */
export function webhookTriggerFor(nodes: readonly WorkflowNode[], path: string | undefined): WebhookNode | undefined {
  const hooks = nodes.filter((n) => n.type === 'trigger.webhook') as WebhookNode[];
  return path === undefined ? hooks[0] : hooks.find((n) => n.params.path === path);
}

/** Reads a step's whole output kept beside a truncated run document. */
const fullOutputOf = (db: Firestore) => async (runId: string, stepId: string) => {
  const full = await stepOutputRef(db, runId, stepId).get();
  return full.exists ? { output: JSON.parse(String(full.get('json'))) as unknown } : null;
};

const send = (res: Response, answer: WebhookAnswer) => {
  if (answer.location) res.location(answer.location);
  res.status(answer.status).json(answer.body);
};

export interface WebhookContext {
  db: Firestore;
  authed: RequestHandler;
  options: RunsRouterOptions;
  loadWorkflow: (workflowId: string) => Promise<Workflow>;
  checkValid: (workflow: Workflow) => void;
  startRun: (workflow: Workflow, ownerId: string, trigger: RunTrigger, input: Record<string, unknown>, files?: readonly RunInputFile[]) => Promise<string>;
}

export function mountWebhooks(router: Router, { db, authed, options, loadWorkflow, checkValid, startRun }: WebhookContext): void {
  // -- webhook secret (owner only; stored where browsers cannot read it)
  const secretRef = (workflowId: string) => db.collection(RUN_SERVER_COLLECTIONS.webhookSecrets).doc(workflowId);
  const publicBase = (req: Request) => (options.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/$/, '');
  const hookUrl = (req: Request, workflowId: string, secret: string) => `${publicBase(req)}/api/hooks/${encodeURIComponent(workflowId)}/${encodeURIComponent(secret)}`;
  const watcher = firestoreRunWatcher(db);
  // The secret, the workflow and its listening windows, read at most once per WEBHOOK_CACHE_MS (hookCache.ts says why that bound).
  const hooks = new HookCache(db, options.webhookCacheMs ?? WEBHOOK_CACHE_MS, () => options.service.now().getTime());
  const fullOutput = fullOutputOf(db);
  const ownWorkflow = async (req: Request): Promise<Workflow> => {
    const workflow = await loadWorkflow(pathParam(req, 'workflowId'));
    // Whoever may edit the workflow manages its webhook (its owner, the workspace's editors, an editor share).
    if (!(await workflowAllows(db, caller(req), workflow, 'edit'))) throw new HttpError(403, 'Forbidden: only the workflow owner manages its webhook');
    // A plan without webhook triggers gets no URL (every delivery would be refused anyway): the payer's plan.
    const refusal = triggerRefusal(await planRoleOf(db, await workspacePayer(db, workflow)), 'webhook');
    if (refusal) throw new HttpError(403, refusal.message, refusal.code, { plan: refusal.plan, feature: refusal.feature });
    return workflow;
  };
  const newSecret = (): string => {
    const secret = randomBytes(24).toString('base64url');
    // The reserved form __x__ is refused in any path (about 1 in 17 million): draw again.
    return /^__.*__$/.test(secret) ? newSecret() : secret;
  };

  router.get('/api/workflows/:workflowId/webhook', authed, async (req, res) => {
    const workflow = await ownWorkflow(req);
    const secret = await db.runTransaction(async (tx) => {
      const current = await tx.get(secretRef(workflow.id));
      const existing = current.get('secret');
      if (typeof existing === 'string') return existing;
      const created = newSecret();
      tx.set(secretRef(workflow.id), { secret: created, ownerId: workflow.ownerId, createdAt: options.service.now().toISOString() });
      return created;
    });
    hooks.forget(workflow.id);
    res.json({ url: hookUrl(req, workflow.id, secret), secret });
  });

  router.post('/api/workflows/:workflowId/webhook', authed, async (req, res) => {
    const workflow = await ownWorkflow(req);
    const secret = newSecret();
    await secretRef(workflow.id).set({ secret, ownerId: workflow.ownerId, createdAt: options.service.now().toISOString() });
    // The old secret stops working here at once (elsewhere within WEBHOOK_CACHE_MS).
    hooks.forget(workflow.id);
    res.json({ url: hookUrl(req, workflow.id, secret), secret });
  });

  // -- public webhook trigger
  // Two limits, neither fooled by X-Forwarded-For (req.ip follows TRUST_PROXY):
  // failed calls per client address (guessing secrets, unknown hooks), and
  // accepted calls per workflow, counted only once the secret matched, so a
  // stranger who knows a workflow id cannot use up its owner's allowance.
  const failureLimit = options.hookRateLimit ?? 60;
  const failures = new TokenBucketStore(failureLimit, failureLimit);
  const limits = options.webhookLimits ?? DEFAULT_WEBHOOK_LIMITS;
  const workflowLimiter = createLimiter({
    limit: limits.burst,
    store: new TokenBucketStore(limits.burst, limits.perMinute),
    keyGenerator: (req) => `workflow:${String(req.params.workflowId)}`,
    describe: (seconds) => `Too many calls to this workflow's webhook (${limits.burst} at once, then ${limits.perMinute} a minute); try again in ${seconds} s`,
  });
  /** Runs a limiter inline: true when it let the request through, false when it answered 429. */
  const passes = (limiter: RequestHandler, req: Request, res: Response): Promise<boolean> =>
    new Promise((resolve, reject) => {
      Promise.resolve(limiter(req, res, (error?: unknown) => (error ? reject(error) : resolve(true)))).then(() => resolve(false), reject);
    });
  /**
   * The workflow a hook URL names when its secret matches; null after
   * answering 404 (one body for an unknown workflow and a wrong secret alike,
   * each counted against the caller's address).
   */
  const hookWorkflow = async (req: Request, res: Response): Promise<{ workflow: Workflow; secret: string; listeningUntil: CachedHook['listeningUntil'] } | null> => {
    const address = ipKeyGenerator(req.ip ?? 'unknown');
    const state = await failures.get(address);
    if ((state.totalHits ?? 0) > failureLimit) {
      sendRateLimited(res, state.resetTime, (seconds) => `Too many failed webhook calls from this address; try again in ${seconds} s`);
      return null;
    }
    const notFound = async () => {
      await failures.increment(address);
      res.status(404).json({ error: NOT_FOUND_HOOK });
      return null;
    };
    let workflowId: string;
    try {
      workflowId = pathParam(req, 'workflowId');
    } catch {
      return notFound();
    }
    const given = typeof req.params.secret === 'string' ? req.params.secret : '';
    const cached = await hooks.get(workflowId, (secret) => secretsMatch(given, secret));
    const expected = cached.secret;
    // Compare even when there is no secret, so timing says nothing either.
    const match = secretsMatch(given, typeof expected === 'string' ? expected : `missing:${randomBytes(8).toString('hex')}`);
    if (!match || typeof expected !== 'string') return notFound();
    if (!cached.workflow) return notFound();
    return { workflow: cached.workflow, secret: expected, listeningUntil: cached.listeningUntil };
  };
  const countFailure = async (req: Request, res: Response) => {
    await failures.increment(ipKeyGenerator(req.ip ?? 'unknown'));
    res.status(404).json({ error: NOT_FOUND_HOOK });
  };

  const hook: RequestHandler = async (req, res) => {
    const found = await hookWorkflow(req, res);
    if (!found) return;
    const { workflow, secret, listeningUntil } = found;
    const path = typeof req.params.path === 'string' ? req.params.path : undefined;
    const trigger = webhookTriggerFor(workflow.nodes, path);
    if (!trigger || (trigger.params.method ?? 'POST') !== req.method) return countFailure(req, res);
    // In the trash: refused before anything is read or stored (a multipart delivery's files too).
    if (isInTrash(workflow)) throw refusalAsHttp(new WorkflowInTrashError(workflow.id))!;
    if (!(await passes(workflowLimiter, req, res))) return;
    // Switched off (H-C, Workflow.active): no run; the sender, who knows the secret, learns why.
    // Checked after a test-event capture: the owner may listen while the workflow is off.
    const switchedOff = () => new HttpError(404, 'This workflow is switched off: its webhook starts no runs', WORKFLOW_INACTIVE_CODE);
    const runTrigger = { type: 'webhook', userId: null, nodeId: trigger.id } satisfies RunTrigger;
    if (isMultipart(req)) {
      if (!acceptsTriggerEvents(workflow)) throw switchedOff();
      checkValid(workflow);
      const { input, files } = await receiveMultipart(req, workflow);
      const runId = await startRun(workflow, workflow.ownerId, runTrigger, input, files);
      return void (await answer(req, res, workflow.id, secret, trigger, runId));
    }
    const input = webhookInput(req.body);
    // A test event the owner listens for is captured, not run (even before the workflow is complete).
    const capture = captureOf(req, input, trigger.params.secretHeader, options.service.now());
    if (Buffer.byteLength(JSON.stringify(capture)) <= PINNED_OUTPUT_MAX_BYTES && (await captureIfListening(db, workflow.id, trigger.id, capture, listeningUntil.get(trigger.id)))) {
      return void res.status(200).json({ captured: true });
    }
    if (!acceptsTriggerEvents(workflow)) throw switchedOff();
    checkValid(workflow);
    const runId = await startRun(workflow, workflow.ownerId, runTrigger, input);
    await answer(req, res, workflow.id, secret, trigger, runId);
  };

  /** 202 {runId} at once; with respond 'whenDone', the run's answer, or 202 with a Location to poll after the timeout. */
  const answer = async (req: Request, res: Response, workflowId: string, secret: string, trigger: WebhookNode, runId: string) => {
    if (trigger.params.respond !== 'whenDone') return void res.status(202).json({ runId });
    // The caller hanging up ends the wait (the run goes on).
    const hangUp = new AbortController();
    res.on('close', () => hangUp.abort());
    const run = await watcher.settled(runId, trigger.params.timeoutMs ?? WEBHOOK_ANSWER_LIMITS.defaultTimeoutMs, hangUp.signal);
    if (res.writableEnded || hangUp.signal.aborted) return;
    if (run) return send(res, await settledAnswer(run, trigger.params.respondWith, fullOutput));
    const current = decodeRun(await runRef(db, runId).get());
    send(res, pendingAnswer({ id: runId, status: current?.status ?? 'queued' }, `${publicBase(req)}${WEBHOOK_API.answer(workflowId, secret, runId)}`));
  };

  // The Location of a 'whenDone' answer that timed out: the same answer once the run is done, 202 while it is not.
  const poll: RequestHandler = async (req, res) => {
    const found = await hookWorkflow(req, res);
    if (!found) return;
    const runId = typeof req.params.runId === 'string' ? req.params.runId : '';
    const run = isDocumentId(runId) ? decodeRun(await runRef(db, runId).get()) : null;
    if (!run || run.workflowId !== found.workflow.id || run.trigger.type !== 'webhook') return countFailure(req, res);
    if (!isTerminalRunStatus(run.status)) return send(res, pendingAnswer(run, `${publicBase(req)}${WEBHOOK_API.answer(run.workflowId, found.secret, run.id)}`));
    // The trigger as the run saw it (its snapshot), so a later edit does not change an earlier run's answer.
    const nodeId = run.trigger.nodeId;
    const trigger = (nodeId ? run.snapshot.nodes.find((n) => n.id === nodeId) : webhookTriggerFor(run.snapshot.nodes, undefined)) as WebhookNode | undefined;
    send(res, await settledAnswer(run, trigger?.params.respondWith, fullOutput));
  };

  /**
   * A multipart delivery: text fields become input fields, each file part an
   * upload of the owner's (its field holds the FileRef, or a list when the
   * field repeats), which the run then takes. A plan without webhooks is
   * refused before anything is stored; oversize or unaccepted files are
   * refused naming the field, with nothing stored.
   */
  const receiveMultipart = async (req: Request, workflow: Workflow): Promise<{ input: Record<string, unknown>; files: RunInputFile[] }> => {
    const files = options.files;
    if (!files) throw new HttpError(400, 'This deployment has no file storage: send the body as JSON', FILE_ERROR_CODES.badUpload);
    // The files are the payer's (the workspace owner's), as the run that takes them is.
    const payer = await workspacePayer(db, workflow);
    if (triggerRefusal(await planRoleOf(db, payer), 'webhook')) {
      // The run is refused (and recorded) without its files: none is stored.
      req.resume();
      return { input: {}, files: [] };
    }
    try {
      const body = await readMultipart(req, { maxFileBytes: await files.store.maxFileBytes(payer) });
      const input: Record<string, unknown> = { ...body.fields };
      const typed = [];
      for (const file of body.files) typed.push({ ...file, contentType: await acceptedType(files.inspector, file.field, file.bytes, file.name) });
      const given: RunInputFile[] = [];
      try {
        for (const file of typed) {
          const stored = await files.store.save({ ownerId: payer, name: file.name, bytes: file.bytes, contentType: file.contentType, use: { kind: 'upload' }, field: file.field });
          const ref = toFileRef(stored);
          given.push({ field: file.field, ref });
          const earlier = input[file.field];
          input[file.field] = earlier === undefined ? ref : Array.isArray(earlier) ? [...earlier, ref] : isFileRef(earlier) ? [earlier, ref] : ref;
        }
      } catch (error) {
        for (const done of given) await files.store.remove(done.ref.fileId).catch(() => false);
        throw error;
      }
      return { input, files: given };
    } catch (error) {
      throw asHttp(error);
    }
  };
  router.post('/api/hooks/:workflowId/:secret', hook);
  router.put('/api/hooks/:workflowId/:secret', hook);
  router.post('/api/hooks/:workflowId/:secret/:path', hook);
  router.put('/api/hooks/:workflowId/:secret/:path', hook);
  router.get('/api/hooks/:workflowId/:secret/runs/:runId', poll);
  mountListen(router, { db, authed, now: () => options.service.now(), ownWorkflow, onListen: (workflowId) => hooks.forget(workflowId) });
}
