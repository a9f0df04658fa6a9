// The approval inbox, one-click links and notifications, assembled once per
// runs module (runs/index.ts): the approval step's handler records the
// request and tells the approvers; the runs router mounts the routes
// (routes.ts); a failed run tells its starter and its workflow's owner.
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { approvalLinkPagePath, isRunRefusalCode, type WorkflowNode, type StepInput } from '@agentflow/shared/domain';
import { NotificationDispatcher, type ChatSender } from '../notifications/dispatcher.js';
import { appUrlFromEnv, createNotificationMailer, type NotificationMailer } from '../notifications/mailer.js';
import { BUILTIN_HANDLERS, type StepHandler } from '../runs/steps.js';
import type { RunNotifier } from '../runs/ports.js';
import { readNotificationPreferences } from '../notifications/preferencesStore.js';
import { connectorChatSender } from '../notifications/chat.js';
import type { ConnectorRuntime } from '../connectors/runtime/runtime.js';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import type { StoredRun } from '../runs/runModel.js';
import { approvalLinkSecretFromEnv, issueApprovalLink } from './linkToken.js';
import { closeWaitingRequests, recordWaitingApproval, requestsCollection } from './requests.js';
import { approvalTargetOf } from './access.js';

export interface ApprovalsOptions {
  db: Firestore;
  auth: Auth;
  logger: Logger;
  /** APPROVAL_LINK_SECRET, APP_URL, SMTP_URL, MAIL_FROM (default process.env). */
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  /** Replaces the SMTP mailer (tests). */
  mailer?: NotificationMailer;
  /** Slack and Teams: a sender (tests), or the connectors to send through with the users' connections (absent: those channels are off). */
  chat?: ChatSender | null;
  connectors?: { runtime: ConnectorRuntime; policy: SafeFetchPolicy } | null;
}

export interface ApprovalsModule {
  db: Firestore;
  auth: Auth;
  logger: Logger;
  now: () => Date;
  dispatcher: NotificationDispatcher;
  linkSecret: string;
  /** The approval step: waits, and records the request and tells the approvers the first time. */
  stepHandler: StepHandler;
  /** A run was stored as failed (the engine's onRunFailed, or a rejection). */
  runFailed: (run: StoredRun) => Promise<void>;
  /** The runs module's refusal notifier (the bell) behind the owner's choices, plus e-mail and chat. */
  refusalNotifier: (inApp: RunNotifier) => RunNotifier;
  /** The one-click links of one approver for one step (issued: their claims are stored). */
  linksFor: (runId: string, nodeId: string, uid: string) => Promise<{ approve: string; reject: string; expiresAt: Date }>;
}

export function createApprovalsModule(options: ApprovalsOptions): ApprovalsModule {
  const env = options.env ?? process.env;
  const now = options.now ?? (() => new Date());
  const { secret, isDefault } = approvalLinkSecretFromEnv(env);
  if (isDefault && env.NODE_ENV === 'production') options.logger.warn('APPROVAL_LINK_SECRET is not set: one-click approval links are signed with the development secret');
  const mailer = options.mailer ?? createNotificationMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger: options.logger });
  const appUrl = appUrlFromEnv(env);
  const chat = options.chat ?? (options.connectors ? connectorChatSender({ db: options.db, runtime: options.connectors.runtime, policy: options.connectors.policy, logger: options.logger }) : null);
  const dispatcher = new NotificationDispatcher({ db: options.db, auth: options.auth, logger: options.logger, mailer, appUrl, chat, now });

  const linksFor = async (runId: string, nodeId: string, uid: string) => {
    const at = now();
    const approve = await issueApprovalLink(options.db, secret, { runId, nodeId, uid, decision: 'approve' }, at);
    const reject = await issueApprovalLink(options.db, secret, { runId, nodeId, uid, decision: 'reject' }, at);
    return { approve: `${appUrl}${approvalLinkPagePath(approve.token)}`, reject: `${appUrl}${approvalLinkPagePath(reject.token)}`, expiresAt: new Date(approve.claims.exp) };
  };

  const announce = async (run: StoredRun, node: WorkflowNode, stepId: string, input: StepInput) => {
    const record = await recordWaitingApproval({ db: options.db, auth: options.auth, logger: options.logger, now }, run, node, stepId, input);
    if (!record || record.notifyUids.length === 0) return;
    await dispatcher.approvalWaiting(record.notifyUids, {
      runId: run.id,
      nodeId: node.id,
      workflowId: run.workflowId,
      workflowName: run.workflowName,
      message: record.message,
      requestedByName: record.requestedBy.displayName,
      linksFor: (uid) => linksFor(run.id, node.id, uid),
    });
  };

  const builtin = BUILTIN_HANDLERS.approval!;
  const stepHandler: StepHandler = async (context) => {
    const result = await builtin(context);
    // Not awaited: e-mails must not hold the step (its timeout) or the run; the inbox re-checks the step anyway.
    void announce(context.run, context.node, context.stepId, context.input).catch((error: unknown) => options.logger.error({ err: error, runId: context.run.id, nodeId: context.node.id }, 'could not record or announce an approval request'));
    return result;
  };

  const runFailed = async (run: StoredRun) => {
    // Approval steps still waiting when another branch failed the run were canceled with it.
    await closeWaitingRequests(options.db, run.id);
    const target = await approvalTargetOf(options.db, run);
    const recipients = [run.startedBy ?? run.trigger.userId ?? null, target.ownerId].filter((uid): uid is string => typeof uid === 'string' && uid !== '');
    const unattended = run.trigger.type === 'schedule' || run.trigger.type === 'webhook' || run.trigger.type === 'poll';
    await dispatcher.runFailed(recipients, { runId: run.id, workflowId: run.workflowId, workflowName: run.workflowName, error: run.error ?? null, unattended });
  };

  const refusalNotifier = (inApp: RunNotifier): RunNotifier => ({
    async runRefused(run) {
      const choices = (await readNotificationPreferences(options.db, run.ownerId)).run_refused;
      if (choices.inApp) await inApp.runRefused(run);
      // Only what nobody watched is told (as the bell's notifier does): webhook, schedule and poll runs.
      const unattended = run.trigger.type === 'webhook' || run.trigger.type === 'schedule' || run.trigger.type === 'poll';
      if (!unattended || !isRunRefusalCode(run.errorCode) || (!choices.email && !choices.slack && !choices.teams)) return;
      void dispatcher
        .runRefusedOutsideApp(run.ownerId, { runId: run.id, workflowId: run.workflowId, workflowName: run.workflowName, error: run.error ?? null, code: run.errorCode })
        .catch((error: unknown) => options.logger.error({ err: error, runId: run.id }, 'could not notify a refused run'));
    },
  });

  return { db: options.db, auth: options.auth, logger: options.logger, now, dispatcher, linkSecret: secret, stepHandler, runFailed, refusalNotifier, linksFor };
}

export { requestsCollection, closeWaitingRequests };
export { NotificationDispatcher } from '../notifications/dispatcher.js';
