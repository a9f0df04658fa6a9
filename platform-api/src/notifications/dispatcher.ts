// The one way platform-api tells a user something: for each recipient, the
// kind's choices (preferencesStore.ts) pick the channels: the in-app bell
// (notifications/{id}), e-mail (SMTP), Slack or Teams (a connection of the
// recipient's, chat.ts). Every channel is best effort: a failure is logged
// and never fails what caused the notification (a run, a decision, an
// invitation). Callers never await more than the writes they need.
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import {
  APPROVAL_INBOX_PATH,
  APPROVAL_CLOSED_UPDATE,
  NOTIFICATIONS_COLLECTION,
  approvalButtonLabels,
  approvalWaitingEmail,
  approvalWaitingNotificationId,
  invitationNotificationId,
  isSupportedLanguage,
  runFailedEmail,
  runRefusedEmail,
  runFailedNotificationId,
  unattendedRunFailedNotificationId,
  type ApprovalWaitingNotification,
  type InvitationNotification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type RunFailedNotification,
  type RunRefusalCode,
  type SupportedLanguage,
} from '@agentflow/shared/domain';
import type { NotificationMailer } from './mailer.js';
import { readNotificationPreferences } from './preferencesStore.js';

/** A message for a chat app: a title, plain text and links (buttons in Slack). */
export interface ChatMessage {
  title: string;
  text: string;
  links: { label: string; url: string }[];
}

/** Slack and Teams through the recipient's own connections (chat.ts); absent: those channels are off. */
export interface ChatSender {
  /** Which chat apps the user has connected. */
  connected(uid: string): Promise<{ slack: boolean; teams: boolean }>;
  /** Never throws; false when nothing was sent. */
  send(recipient: Recipient, app: 'slack' | 'teams', message: ChatMessage): Promise<boolean>;
}

export interface Recipient {
  uid: string;
  /** Only a verified address: mail to an address nobody proved is mail to a stranger. */
  email: string | null;
  displayName: string | null;
  language: SupportedLanguage;
}

export interface DispatcherOptions {
  db: Firestore;
  auth: Auth;
  logger: Logger;
  mailer: NotificationMailer;
  /** The browser app's URL (APP_URL): links in e-mails and chat messages start with it. */
  appUrl: string;
  chat?: ChatSender | null;
  now?: () => Date;
}

export interface ApprovalWaitingEvent {
  runId: string;
  nodeId: string;
  workflowId: string;
  workflowName: string;
  message: string;
  requestedByName: string | null;
  /** The one-click links for one recipient (signed for them). */
  linksFor: (uid: string) => Promise<{ approve: string; reject: string; expiresAt: Date }>;
}

export interface RunFailedEvent {
  runId: string;
  workflowId: string;
  workflowName: string;
  error: string | null;
  /** A schedule, webhook or poll run: one counted line per workflow, told outside the app once until read. */
  unattended?: boolean;
}

export interface InvitationEvent {
  invitationId: string;
  workspaceId: string;
  workspaceName: string;
  roleId: string;
  invitedByName: string | null;
}

/** What was delivered to whom (tests and logs read it). */
export type Delivery = Partial<Record<NotificationChannel, boolean>>;

/** How often a workflow whose unattended runs keep failing is told again outside the app while its line is unread. */
const UNATTENDED_RETELL_MS = 60 * 60 * 1000;

const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export class NotificationDispatcher {
  constructor(private readonly options: DispatcherOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  get appUrl(): string {
    return this.options.appUrl;
  }

  /** The user as a recipient; null when there is no such account. */
  async recipient(uid: string): Promise<Recipient | null> {
    let user: UserRecord;
    try {
      user = await this.options.auth.getUser(uid);
    } catch {
      return null;
    }
    const language: unknown = (await this.options.db.collection('users').doc(uid).get()).get('preferences.language');
    return {
      uid,
      email: user.emailVerified && user.email ? user.email : null,
      displayName: user.displayName ?? user.email ?? null,
      language: isSupportedLanguage(language) ? language : 'en',
    };
  }

  /** The channels a user can receive on now (the preferences page greys out the others). */
  async available(uid: string): Promise<Record<NotificationChannel, boolean>> {
    const [recipient, chat] = await Promise.all([this.recipient(uid), this.options.chat?.connected(uid) ?? Promise.resolve({ slack: false, teams: false })]);
    return { inApp: true, email: this.options.mailer.configured && recipient?.email != null, slack: chat.slack, teams: chat.teams };
  }

  /** Runs `deliver` for each recipient with their choices for `kind`; one recipient's failure does not stop the others. */
  private async each(kind: NotificationKind, uids: readonly string[], deliver: (recipient: Recipient, choices: NotificationPreferences[NotificationKind]) => Promise<Delivery>): Promise<Map<string, Delivery>> {
    const result = new Map<string, Delivery>();
    await Promise.all(
      [...new Set(uids)].map(async (uid) => {
        try {
          const recipient = await this.recipient(uid);
          if (!recipient) return;
          const choices = (await readNotificationPreferences(this.options.db, uid))[kind];
          result.set(uid, await deliver(recipient, choices));
        } catch (error) {
          this.options.logger.error({ err: error, kind, uid }, 'a notification could not be delivered');
        }
      }),
    );
    return result;
  }

  private async inApp(id: string, document: Record<string, unknown>): Promise<boolean> {
    await this.options.db.collection(NOTIFICATIONS_COLLECTION).doc(id).set(document);
    return true;
  }

  private async email(recipient: Recipient, content: { subject: string; text: string }): Promise<boolean> {
    if (!recipient.email) return false;
    return this.options.mailer.send({ to: recipient.email, subject: content.subject, text: content.text });
  }

  private async chat(recipient: Recipient, choices: NotificationPreferences[NotificationKind], message: ChatMessage): Promise<Delivery> {
    const chat = this.options.chat;
    if (!chat || (!choices.slack && !choices.teams)) return {};
    const delivery: Delivery = {};
    if (choices.slack) delivery.slack = await chat.send(recipient, 'slack', message);
    if (choices.teams) delivery.teams = await chat.send(recipient, 'teams', message);
    return delivery;
  }

  /** An approval step waits for these users' decision. */
  async approvalWaiting(uids: readonly string[], event: ApprovalWaitingEvent): Promise<Map<string, Delivery>> {
    const at = this.now().toISOString();
    const inboxLink = `${this.appUrl}${APPROVAL_INBOX_PATH}`;
    return this.each('approval_waiting', uids, async (recipient, choices) => {
      const delivery: Delivery = {};
      if (choices.inApp) {
        const id = approvalWaitingNotificationId(recipient.uid, event.runId, event.nodeId);
        const notification: ApprovalWaitingNotification = {
          id,
          userId: recipient.uid,
          kind: 'approval_waiting',
          workflowId: event.workflowId,
          workflowName: event.workflowName,
          runId: event.runId,
          nodeId: event.nodeId,
          message: event.message,
          requestedByName: event.requestedByName,
          read: false,
          open: true,
          createdAt: at,
          updatedAt: at,
        };
        delivery.inApp = await this.inApp(id, { ...notification });
      }
      if (!choices.email && !choices.slack && !choices.teams) return delivery;
      const links = await event.linksFor(recipient.uid);
      const content = approvalWaitingEmail(recipient.language, { workflowName: event.workflowName, message: event.message, requestedBy: event.requestedByName, approveLink: links.approve, rejectLink: links.reject, inboxLink, expiresAt: formatUtc(links.expiresAt) });
      if (choices.email) delivery.email = await this.email(recipient, content);
      const labels = approvalButtonLabels(recipient.language);
      const buttons = [
        { label: labels.approve, url: links.approve },
        { label: labels.reject, url: links.reject },
      ];
      Object.assign(delivery, await this.chat(recipient, choices, { title: content.subject, text: content.text, links: buttons }));
      return delivery;
    });
  }

  /** Once a decision was taken: the other approvers' bell entries for that step are read and no longer open (the header's approvals count drops). */
  async approvalDecided(uids: readonly string[], runId: string, nodeId: string): Promise<void> {
    const at = this.now().toISOString();
    await Promise.all(
      [...new Set(uids)].map((uid) =>
        this.options.db
          .collection(NOTIFICATIONS_COLLECTION)
          .doc(approvalWaitingNotificationId(uid, runId, nodeId))
          .update({ ...APPROVAL_CLOSED_UPDATE, updatedAt: at })
          .catch(() => undefined),
      ),
    );
  }

  /** A run failed: its starter and its workflow's owner hear of it (once each). */
  async runFailed(uids: readonly string[], event: RunFailedEvent): Promise<Map<string, Delivery>> {
    const at = this.now().toISOString();
    const runLink = `${this.appUrl}/workflows/${encodeURIComponent(event.workflowId)}/runs/${encodeURIComponent(event.runId)}`;
    return this.each('run_failed', uids, async (recipient, choices) => {
      const delivery: Delivery = {};
      const base = { userId: recipient.uid, kind: 'run_failed', workflowId: event.workflowId, workflowName: event.workflowName, runId: event.runId, error: event.error, read: false } as const;
      if (event.unattended) {
        // One line per workflow with a count; e-mail and chat for the first failure since the line was read, then at most hourly.
        const id = unattendedRunFailedNotificationId(recipient.uid, event.workflowId);
        const ref = this.options.db.collection(NOTIFICATIONS_COLLECTION).doc(id);
        const nowMs = this.now().getTime();
        const tell = await this.options.db.runTransaction(async (tx) => {
          const current = await tx.get(ref);
          // Still pending: unread in the bell, or (bell off) never read there at all.
          const pending = current.exists && (current.get('read') === false || !choices.inApp);
          const toldAt: unknown = current.get('toldAt');
          const told = pending && typeof toldAt === 'string' && nowMs - Date.parse(toldAt) < UNATTENDED_RETELL_MS;
          const notification: RunFailedNotification = { id, ...base, count: pending ? Number(current.get('count') ?? 0) + 1 : 1, createdAt: pending ? String(current.get('createdAt') ?? at) : at, updatedAt: at };
          // Kept (as read, out of the bell) for users who turned the bell off: it remembers when they were last told.
          tx.set(ref, { ...notification, read: !choices.inApp, toldAt: told ? toldAt : at });
          return !told;
        });
        delivery.inApp = choices.inApp;
        if (!tell) return delivery;
      } else if (choices.inApp) {
        const id = runFailedNotificationId(recipient.uid, event.runId);
        const notification: RunFailedNotification = { id, ...base, createdAt: at, updatedAt: at };
        delivery.inApp = await this.inApp(id, { ...notification });
      }
      const content = runFailedEmail(recipient.language, { workflowName: event.workflowName, error: event.error, runLink });
      if (choices.email) delivery.email = await this.email(recipient, content);
      Object.assign(delivery, await this.chat(recipient, choices, { title: content.subject, text: content.text, links: [] }));
      return delivery;
    });
  }

  /**
   * A webhook or schedule run was refused (no tokens, plan): by e-mail and
   * chat as chosen. The bell entry is the runs module's own notifier
   * (runs/firestoreNotifier.ts, one line per workflow and reason with a
   * count); refusalNotifier (approvals/index.ts) calls it when the owner
   * keeps the in-app channel.
   */
  async runRefusedOutsideApp(uid: string, event: RunFailedEvent & { code: RunRefusalCode }): Promise<Delivery> {
    const runLink = `${this.appUrl}/workflows/${encodeURIComponent(event.workflowId)}/runs/${encodeURIComponent(event.runId)}`;
    const result = await this.each('run_refused', [uid], async (recipient, choices) => {
      const content = runRefusedEmail(recipient.language, { workflowName: event.workflowName, code: event.code, runLink });
      const delivery: Delivery = {};
      if (choices.email) delivery.email = await this.email(recipient, content);
      Object.assign(delivery, await this.chat(recipient, choices, { title: content.subject, text: content.text, links: [] }));
      return delivery;
    });
    return result.get(uid) ?? {};
  }

  /**
   * Someone was invited into a workspace (the workspaces module calls this
   * after storing the invitation; it sends its own e-mail with the accept
   * link, so this delivers the bell entry).
   */
  async invitation(uid: string, event: InvitationEvent): Promise<Delivery> {
    const at = this.now().toISOString();
    const result = await this.each('invitation', [uid], async (recipient, choices) => {
      const delivery: Delivery = {};
      if (choices.inApp) {
        const id = invitationNotificationId(recipient.uid, event.invitationId);
        const notification: InvitationNotification = { id, userId: recipient.uid, kind: 'invitation', ...event, read: false, createdAt: at, updatedAt: at };
        delivery.inApp = await this.inApp(id, { ...notification });
      }
      return delivery;
    });
    return result.get(uid) ?? {};
  }

  /** Whether a user chose e-mail for a kind (the workspaces module asks before sending its invitation e-mail). */
  async wants(uid: string, kind: NotificationKind, channel: NotificationChannel): Promise<boolean> {
    return (await readNotificationPreferences(this.options.db, uid))[kind][channel];
  }
}
