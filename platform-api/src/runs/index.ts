// platform-api's workflow runs: executor, queue, scheduler, recovery and the
// runs API, assembled from the environment (server.ts) or from explicit
// options (tests, bench).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { webhookLimitsFromEnv, type WebhookLimits } from '@agentflow/shared/server';
import type { NodeType } from '@agentflow/shared/workflow';
import { fetchPolicyFromEnv, type SafeFetchPolicy } from '../net/safeFetch.js';
import { aiConfigFromEnv, createModelResolver, type ModelResolver } from '../agents/providers.js';
import { createAgentHandler, credentialPreflight, stepFeeFromEnv, type AgentCredentials } from './agentStep.js';
import { RunExecutor, type EngineLimits } from './engine.js';
import { FirestoreRunStore } from './firestoreRunStore.js';
import { LedgerMeter } from './ledgerMeter.js';
import type { RunQueue } from './queue.js';
import { createRunQueue } from './queue/create.js';
import { QueueJobs } from './queue/jobs.js';
import { executesRuns, runQueueSettingsFromEnv, type RunQueueSettings } from './queue/settings.js';
import { startRecoveryLoop } from './recovery.js';
import { createRunsRouter } from './router.js';
import { RunScheduler } from './scheduler.js';
import { RunsService } from './service.js';
import { firestorePlanGate } from './planGate.js';
import { workspacePayer } from './access.js';
import { backfillRunWorkspaces } from './workspaceBackfill.js';
import { firestoreNotifier } from './firestoreNotifier.js';
import { httpHandler, type StepHandler } from './steps.js';
import { vaultHttpHeaders } from './httpCredentials.js';
import { storeFileAttacher } from './runFiles.js';
import { storeStepFiles } from './stepFiles.js';
import { Housekeeping } from './housekeeping.js';
import type { FilesModule } from '../files/index.js';
import { connectorStepFeeFromEnv, createConnectorStepHandler, type ConnectorsModule } from '../connectors/index.js';
import { ConnectorPoller } from '../connectors/polling/poller.js';
import { firestoreLoopHandler } from './loop/index.js';
import { ErrorWorkflowStarter } from './errors/errorWorkflow.js';
import { firestoreErrorWorkflowPorts } from './errors/firestoreErrorWorkflow.js';
import { createWaitHandler } from './wait/waitStep.js';
import { WaitResumer } from './wait/resumeSweep.js';
import { createSubworkflowHandler } from './subworkflow/subworkflowStep.js';
import { firestoreSubworkflowPorts } from './subworkflow/firestorePorts.js';
import { ChildRunResumer, reportingRunEnds } from './subworkflow/childRunResume.js';
import { createApprovalsModule, type ApprovalsModule } from '../approvals/index.js';
import { createKnowledgeHandler, type KnowledgeSearch } from './knowledge/knowledgeStep.js';
import { firestoreKnowledgeSearch } from '../knowledge/search/index.js';
import type { RunStreamBus } from './streams/port.js';
import { inProcessRunStreams } from './streams/inProcess.js';
import { firestoreRunStreams } from './streams/firestore.js';

export type { RunStreamBus, RunStreamEvent } from './streams/port.js';

export { RunExecutor, DEFAULT_ENGINE_LIMITS, type EngineLimits, type ExecutorOptions } from './engine.js';
export { isTransient } from './failures.js';
export { FirestoreRunStore } from './firestoreRunStore.js';
export { LedgerMeter } from './ledgerMeter.js';
export type { LoadedRun, Meter, ModelCall, RunAccount, RunPatch, RunStore, RunVersion, SaveOutcome, ScheduleTick } from './ports.js';
export { InProcessRunQueue, concurrencyFromEnv, type RunQueue } from './queue.js';
export { QueueJobs, jobKindOf, type JobExecutor } from './queue/jobs.js';
export { runQueueSettingsFromEnv, executesRuns, servesApi, type PlatformRole, type RunQueueSettings } from './queue/settings.js';
export { recoverInterruptedRuns, startRecoveryLoop } from './recovery.js';
export { RunScheduler } from './scheduler.js';
export { RunsService, type NewRun } from './service.js';
export { createRunsRouter, secretsMatch } from './router.js';
export { publicRun, truncateValue, type StoredRun } from './runModel.js';
export { decodeRun, encodeRun, runRef } from './store.js';
export { countRoundTrips, type RoundTripCounter } from './roundTrips.js';
export { BUILTIN_HANDLERS, TransientStepError, StepFailure, type StepHandler, type StepContext, type StepResult } from './steps.js';

export interface RunsModuleOptions {
  db: Firestore;
  auth: Auth;
  logger: Logger;
  /** Settings: RUN_QUEUE, PLATFORM_ROLE, PUBSUB_* (queue/settings.ts), RUNS_CONCURRENCY, AGENT_STEP_FEE, AI_*, OLLAMA_*, HTTP_*, PLATFORM_API_URL, WEBHOOK_BURST, WEBHOOK_RATE_LIMIT (default process.env). */
  env?: NodeJS.ProcessEnv;
  instanceId?: string;
  concurrency?: number;
  fetchPolicy?: SafeFetchPolicy;
  models?: ModelResolver;
  /** The vault and provider adapters agents with a credential use (absent: agents use the platform default model only). */
  credentials?: AgentCredentials;
  /** Replace step handlers (tests). */
  handlers?: Partial<Record<NodeType, StepHandler>>;
  limits?: Partial<EngineLimits>;
  now?: () => Date;
  /** Which queue and which role (default: from env, queue/settings.ts); `concurrency` overrides its concurrency. */
  queueSettings?: RunQueueSettings;
  /** Another queue implementation; it gets the executor's execute function. */
  createQueue?: (execute: (runId: string) => Promise<void>) => RunQueue;
  /** Failed webhook calls per client address and minute (default 60). */
  hookRateLimit?: number;
  /** Accepted webhook calls per workflow (default: WEBHOOK_BURST / WEBHOOK_RATE_LIMIT, else 120 at once, then 120 a minute). */
  webhookLimits?: WebhookLimits;
  /** How long a webhook's secret and workflow are used before they are read again (default 1 s: webhookAnswer/hookCache.ts). */
  webhookCacheMs?: number;
  sseHeartbeatMs?: number;
  /** File storage: runs take files in (run form, webhook) and steps read and save them (absent: runs have no files). */
  files?: FilesModule | null;
  /** Connectors: app steps, agents' app tools and polling triggers (absent: app steps fail, saying so). */
  connectors?: ConnectorsModule | null;
  /** Wait steps: waits up to this long sleep in the step (default WAIT_LIMITS.inProcessMs), and how often due waits are resumed (default 5 s). */
  waits?: { inProcessMs?: number; checkMs?: number };
  /** Sub-workflow steps: how long a step watches its child in process before it waits durably (default 3 s), and how often waiting parents are checked (default 5 s). */
  subworkflows?: { inProcessMs?: number; checkMs?: number };
  /** The approval inbox, one-click links and notifications (default: built from env: APPROVAL_LINK_SECRET, APP_URL, SMTP_URL). */
  approvals?: ApprovalsModule;
  /** Knowledge steps and agents' search_knowledge (default: on Firestore and the files' bucket; null or no files: such steps fail, saying so). */
  knowledge?: KnowledgeSearch | null;
  /** Where chat runs' agents stream their answers (default: in process, or through Firestore when runs execute on Pub/Sub workers; streams/port.ts). */
  runStreams?: RunStreamBus;
}

export interface RunsModule {
  instanceId: string;
  router: Router;
  executor: RunExecutor;
  queue: RunQueue;
  service: RunsService;
  scheduler: RunScheduler;
  /** App poll triggers (null: no connectors on this server). */
  poller: ConnectorPoller | null;
  /** Resumes runs whose wait steps are due (started with start()). */
  waits: WaitResumer;
  /** Resumes runs whose sub-workflow steps wait for a child run that has ended (started with start()). */
  childRuns: ChildRunResumer;
  /** Run retention and file sweeps (started with start()). */
  housekeeping: Housekeeping;
  /** The token meter (its blocks are returned by stop()). */
  meter: LedgerMeter;
  /** Jobs other than runs the queue carries (knowledge ingestion): their executors register here. */
  jobs: QueueJobs;
  /** What steps may reach (other modules' fetches follow the same rules). */
  fetchPolicy: SafeFetchPolicy;
  models: ModelResolver;
  connectors: ConnectorsModule | null;
  /** Approval requests, links and notifications (the public API decides through them too). */
  approvals: ApprovalsModule;
  /** File storage the runs use (null: none). */
  files: FilesModule | null;
  /** The live events of chat runs' answers (streams/port.ts). */
  streams: RunStreamBus;
  /** Recovery (now and periodically), the scheduler and lease renewal: server.ts calls it. */
  start: () => void;
  /** Stops timers and streams, then waits for the runs executing here. */
  stop: () => Promise<void>;
  /** Work built on the runs (the chat module's answer watches) that stop() ends first. */
  onStop: (hook: () => Promise<void>) => void;
}

export function newInstanceId(): string {
  return `${hostname().replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export function createRunsModule(options: RunsModuleOptions): RunsModule {
  const env = options.env ?? process.env;
  const instanceId = options.instanceId ?? newInstanceId();
  const fetchPolicy = options.fetchPolicy ?? fetchPolicyFromEnv(env);
  const models = options.models ?? createModelResolver(aiConfigFromEnv(env));
  // The adapters behind the engine's ports: Firestore keeps runs, the ledger meters them.
  // Sub-workflow steps reach the runs service when they run (it is built after the executor).
  const subworkflowPorts = firestoreSubworkflowPorts(options.db, () => service);
  // A child run's stored end resumes its waiting parent at once (the resumer is built with the service,
  // below); a run ending while its steps wait for children (fail-fast, a cancel) cancels them.
  const store = reportingRunEnds(new FirestoreRunStore(options.db), (ended) => {
    if (ended.parentRun) {
      const child = { id: ended.id, parentRun: ended.parentRun };
      childRuns?.childEnded(child).catch((error: unknown) => options.logger.error({ err: error, runId: child.parentRun.runId, childRunId: child.id }, 'could not resume a run after its sub-workflow ended'));
    }
    for (const childRunId of ended.canceledChildRunIds) {
      subworkflowPorts.cancel(childRunId).catch((error: unknown) => options.logger.error({ err: error, runId: ended.id, childRunId }, 'could not cancel a sub-workflow run'));
    }
  });
  let childRuns: ChildRunResumer | null = null;
  const meter = new LedgerMeter(options.db, { instanceId, onError: (error, context) => options.logger.error({ err: error }, context) });
  // Approval steps record their request and tell the approvers; failed runs tell their people (approvals/).
  const approvals =
    options.approvals ??
    createApprovalsModule({ db: options.db, auth: options.auth, logger: options.logger, env, connectors: options.connectors ? { runtime: options.connectors.runtime, policy: fetchPolicy } : null, ...(options.now ? { now: options.now } : {}) });
  const knowledge =
    options.knowledge !== undefined ? options.knowledge : options.files ? firestoreKnowledgeSearch({ db: options.db, bucket: options.files.store.bucket, credentials: options.credentials ?? null, fetchPolicy }) : null;
  const queueSettings = options.queueSettings ?? runQueueSettingsFromEnv(env);
  const queueKind = options.createQueue ? 'custom' : queueSettings.kind;
  // Runs on Pub/Sub workers stream through Firestore to whichever API instance holds the visitor; else in process.
  const streams = options.runStreams ?? (queueKind === 'pubsub' ? firestoreRunStreams(options.db, options.logger) : inProcessRunStreams());
  const executor: RunExecutor = new RunExecutor({
    store,
    meter,
    logger: options.logger,
    instanceId,
    fetchPolicy,
    ...(options.files ? { files: storeStepFiles(options.files) } : {}),
    handlers: {
      approval: approvals.stepHandler,
      wait: createWaitHandler({ now: () => options.now?.() ?? new Date(), ...(options.waits?.inProcessMs !== undefined ? { inProcessMs: options.waits.inProcessMs } : {}) }),
      // The service is built after the executor; the step asks for it when it runs.
      subworkflow: createSubworkflowHandler(subworkflowPorts, { inProcessMs: options.subworkflows?.inProcessMs }),
      // A loop runs its body with this executor's handlers (asked for when it runs).
      loop: firestoreLoopHandler(options.db, () => executor),
      agent: createAgentHandler(models, options.credentials, stepFeeFromEnv(env), options.connectors ? { runtime: options.connectors.runtime, stepFee: connectorStepFeeFromEnv(env) } : undefined, knowledge, streams),
      knowledge: createKnowledgeHandler(knowledge),
      ...(options.connectors ? { connector: createConnectorStepHandler(options.connectors.runtime, connectorStepFeeFromEnv(env)) } : {}),
      ...(options.credentials ? { http: httpHandler(vaultHttpHeaders(options.credentials.vault)) } : {}),
      ...options.handlers,
    },
    limits: options.limits,
    now: options.now,
    // A failed run starts its workflow's error workflow (the service is built below; asked for when a run fails).
    onRunFailed: async (run) => {
      void approvals.runFailed(run).catch((error: unknown) => options.logger.error({ err: error, runId: run.id }, 'could not notify a failed run'));
      await errorWorkflows.start(run);
    },
  });
  const errorNow = () => options.now?.() ?? new Date();
  const errorWorkflows = new ErrorWorkflowStarter(firestoreErrorWorkflowPorts(options.db, () => service, errorNow), options.logger, errorNow);
  // The queue carries run ids and other jobs' ids (queue/jobs.ts).
  const jobs = new QueueJobs();
  const execute = (id: string) => jobs.execute(id, (runId) => executor.execute(runId));
  const queue =
    options.createQueue?.(execute) ??
    createRunQueue({ ...queueSettings, concurrency: options.concurrency ?? queueSettings.concurrency }, execute, { db: options.db, instanceId, leaseMs: executor.limits.leaseMs, logger: options.logger, prime: (run, version) => executor.prime(run, version) });
  // The queue works from creation (the API enqueues at once); start() adds the background duties.
  queue.start();
  const service: RunsService = new RunsService(store, meter, options.logger, executor, queue, instanceId, credentialPreflight(options.credentials?.vault ?? null, models), {
    plans: firestorePlanGate(options.db),
    // The workspace owner pays for every run in it, whoever starts it.
    payerOf: (workflow) => workspacePayer(options.db, workflow),
    // The bell's refusal line when the owner keeps it, plus e-mail and chat as they chose (approvals/).
    notifier: approvals.refusalNotifier(firestoreNotifier(options.db)),
    ...(options.files ? { files: storeFileAttacher(options.files.store) } : {}),
  });
  const { router, closeStreams } = createRunsRouter({
    auth: options.auth,
    db: options.db,
    logger: options.logger,
    service,
    aiStatus: () => ({ configured: models.configured, providers: models.providers, model: models.defaultModel }),
    publicUrl: env.PLATFORM_API_URL?.trim() || null,
    hookRateLimit: options.hookRateLimit,
    webhookLimits: options.webhookLimits ?? webhookLimitsFromEnv(env),
    ...(options.webhookCacheMs !== undefined ? { webhookCacheMs: options.webhookCacheMs } : {}),
    sseHeartbeatMs: options.sseHeartbeatMs,
    files: options.files ?? null,
    stepTestMeter: meter,
    approvals,
  });
  const scheduler = new RunScheduler({ db: options.db, logger: options.logger, service, now: options.now });
  const poller = options.connectors ? new ConnectorPoller({ db: options.db, logger: options.logger, service, runtime: options.connectors.runtime, policy: fetchPolicy, instanceId, ...(options.now ? { now: options.now } : {}) }) : null;
  const waits = new WaitResumer({ db: options.db, logger: options.logger, service, now: options.now, checkMs: options.waits?.checkMs });
  childRuns = new ChildRunResumer({ db: options.db, logger: options.logger, service, now: options.now, checkMs: options.subworkflows?.checkMs });
  const housekeeping = new Housekeeping({ db: options.db, files: options.files?.store ?? null, logger: options.logger, instanceId, now: options.now });
  let stopRecovery: (() => void) | null = null;
  let leaseTimer: NodeJS.Timeout | null = null;
  const stopHooks: (() => Promise<void>)[] = [];

  return {
    instanceId,
    router,
    executor,
    queue,
    service,
    scheduler,
    poller,
    waits,
    childRuns,
    housekeeping,
    meter,
    jobs,
    fetchPolicy,
    models,
    connectors: options.connectors ?? null,
    approvals,
    files: options.files ?? null,
    streams,
    start: () => {
      // An API-only instance accepts and enqueues; the workers run the background duties (each one-per-tick by its own claim).
      if (!executesRuns(queueSettings.role)) return;
      housekeeping.start();
      meter.start();
      // Runs from before workspaces get their workspaceId (once; the executions list filters on it).
      backfillRunWorkspaces(options.db, options.logger).catch((error: unknown) => options.logger.error({ err: error }, 'could not give old runs their workspaceId'));
      stopRecovery = startRecoveryLoop(options.db, options.logger, {
        instanceId,
        now: options.now,
        intervalMs: executor.limits.leaseMs,
        // A run interrupted in its loops is resumed here (recovery.ts), held for this instance until it executes.
        resume: (runId) => queue.enqueue(runId),
        // On Pub/Sub a queued run waits in the topic, not in a process: published again (a duplicate is acked by the claim), never failed.
        ...(queueKind === 'pubsub' ? { requeue: (runId: string) => queue.enqueue(runId) } : {}),
        leaseMs: executor.limits.leaseMs,
        // A run recovery fails starts its error workflow too (once: the starter claims each failed run).
        onRunFailed: (run) => errorWorkflows.start(run).catch((error: unknown) => options.logger.error({ err: error, runId: run.id }, 'after a recovered run: the error workflow could not start')),
      });
      scheduler.start();
      jobs.start();
      poller?.start();
      waits.start();
      childRuns.start();
      leaseTimer = setInterval(() => {
        service.renewQueuedLeases().catch((error: unknown) => options.logger.warn({ err: error }, 'queued run lease renewal failed'));
      }, executor.limits.heartbeatMs);
      leaseTimer.unref();
    },
    onStop: (hook) => void stopHooks.push(hook),
    stop: async () => {
      await Promise.allSettled(stopHooks.splice(0).map((hook) => hook()));
      stopRecovery?.();
      scheduler.stop();
      jobs.stop();
      poller?.stop();
      waits.stop();
      childRuns.stop();
      housekeeping.stop();
      if (leaseTimer) clearInterval(leaseTimer);
      closeStreams();
      await queue.stop();
      // After the runs here: their last streamed events are written, and the unspent rest of this instance's token blocks goes back.
      if (!options.runStreams) await streams.close();
      await meter.stop();
    },
  };
}
