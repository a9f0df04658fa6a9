// The webhook endpoints of the runs API: the owner reads or rotates a
// workflow's secret (stored where browsers cannot read it), and anyone with
// the secret URL starts a run (POST or PUT /api/hooks/:workflowId/:secret),
// within limits per workflow and per client address.
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response, Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_WEBHOOK_LIMITS, FILE_ERROR_CODES, HttpError, isFileRef, toFileRef, triggerRefusal, TokenBucketStore, createLimiter, sendRateLimited } from '@agentflow/shared/server';
import { RUN_SERVER_COLLECTIONS, WORKFLOW_COLLECTION, triggerOf, workflowFromDocument, type RunTrigger, type Workflow } from '@agentflow/shared/workflow';
import type { RunsRouterOptions } from './router.js';
import { caller, pathParam, refusalAsHttp, secretsMatch } from './routeKit.js';
import { WorkflowInTrashError, isInTrash } from './service.js';
import { planRoleOf } from '../plans/planRole.js';
import { acceptedType, asHttp, isMultipart, readMultipart } from '../files/index.js';
import type { RunInputFile } from './ports.js';
import { WORKFLOW_INACTIVE_CODE, acceptsTriggerEvents } from '@agentflow/shared/workflow';

// One body for an unknown workflow and a wrong secret alike.
const NOT_FOUND_HOOK = 'Not found';

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
  const hookUrl = (req: Request, workflowId: string, secret: string) =>
    `${(options.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/$/, '')}/api/hooks/${encodeURIComponent(workflowId)}/${encodeURIComponent(secret)}`;
  const ownWorkflow = async (req: Request): Promise<Workflow> => {
    const workflow = await loadWorkflow(pathParam(req, 'workflowId'));
    if (workflow.ownerId !== caller(req).uid) throw new HttpError(403, 'Forbidden: only the workflow owner manages its webhook');
    // A plan without webhook triggers gets no URL (every delivery would be refused anyway).
    const refusal = triggerRefusal(await planRoleOf(db, workflow.ownerId), 'webhook');
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
    res.json({ url: hookUrl(req, workflow.id, secret), secret });
  });

  router.post('/api/workflows/:workflowId/webhook', authed, async (req, res) => {
    const workflow = await ownWorkflow(req);
    const secret = newSecret();
    await secretRef(workflow.id).set({ secret, ownerId: workflow.ownerId, createdAt: options.service.now().toISOString() });
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
  const hook: RequestHandler = async (req, res) => {
    const address = ipKeyGenerator(req.ip ?? 'unknown');
    const state = await failures.get(address);
    if ((state.totalHits ?? 0) > failureLimit) {
      return void sendRateLimited(res, state.resetTime, (seconds) => `Too many failed webhook calls from this address; try again in ${seconds} s`);
    }
    const notFound = async () => {
      await failures.increment(address);
      res.status(404).json({ error: NOT_FOUND_HOOK });
    };
    let workflowId: string;
    try {
      workflowId = pathParam(req, 'workflowId');
    } catch {
      return notFound();
    }
    const given = typeof req.params.secret === 'string' ? req.params.secret : '';
    const stored = await secretRef(workflowId).get();
    const expected = stored.get('secret');
    // Compare even when there is no secret, so timing says nothing either.
    const match = secretsMatch(given, typeof expected === 'string' ? expected : `missing:${randomBytes(8).toString('hex')}`);
    if (!match || typeof expected !== 'string') return notFound();
    const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
    if (!snapshot.exists) return notFound();
    const workflow = workflowFromDocument(snapshot.id, snapshot.data() ?? {});
    const trigger = triggerOf(workflow);
    const method = (trigger?.params as { method?: string } | undefined)?.method ?? 'POST';
    if (trigger?.type !== 'trigger.webhook' || method !== req.method) return notFound();
    // In the trash: refused before anything is read or stored (a multipart delivery's files too).
    if (isInTrash(workflow)) throw refusalAsHttp(new WorkflowInTrashError(workflow.id))!;
    // Switched off (H-C, Workflow.active): no run; the sender, who knows the secret, learns why.
    if (!acceptsTriggerEvents(workflow)) throw new HttpError(404, 'This workflow is switched off: its webhook starts no runs', WORKFLOW_INACTIVE_CODE);
    if (!(await passes(workflowLimiter, req, res))) return;
    checkValid(workflow);
    if (isMultipart(req)) {
      const { input, files } = await receiveMultipart(req, workflow);
      const runId = await startRun(workflow, workflow.ownerId, { type: 'webhook', userId: null, nodeId: trigger.id }, input, files);
      return void res.status(202).json({ runId });
    }
    const body: unknown = req.body;
    const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : body === undefined ? {} : { body };
    const runId = await startRun(workflow, workflow.ownerId, { type: 'webhook', userId: null, nodeId: trigger.id }, input);
    res.status(202).json({ runId });
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
    if (triggerRefusal(await planRoleOf(db, workflow.ownerId), 'webhook')) {
      // The run is refused (and recorded) without its files: none is stored.
      req.resume();
      return { input: {}, files: [] };
    }
    try {
      const body = await readMultipart(req, { maxFileBytes: await files.store.maxFileBytes(workflow.ownerId) });
      const input: Record<string, unknown> = { ...body.fields };
      const typed = [];
      for (const file of body.files) typed.push({ ...file, contentType: await acceptedType(files.inspector, file.field, file.bytes, file.name) });
      const given: RunInputFile[] = [];
      try {
        for (const file of typed) {
          const stored = await files.store.save({ ownerId: workflow.ownerId, name: file.name, bytes: file.bytes, contentType: file.contentType, use: { kind: 'upload' }, field: file.field });
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
}
