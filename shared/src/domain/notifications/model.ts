// In-app notifications (notifications/{id}): what the platform tells a user
// when nobody was there to see it: a webhook or schedule run that was
// refused (no tokens left, a trigger the plan does not include), an approval
// waiting for them, a run of theirs that failed, an invitation. platform-api
// writes them; the owner reads them and marks them read (firestore.rules
// allow nothing else). One notification per workflow and reason, updated in
// place with a count, so a schedule refused every minute is one line that
// says how often, not a flood. Pure: no Firebase, no React.
import type { RunRefusalCode } from '../workflow/runs.js';

export const NOTIFICATIONS_COLLECTION = 'notifications';

export const NOTIFICATION_KINDS = ['approval_waiting', 'run_failed', 'run_refused', 'invitation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** What every notification has. */
interface NotificationBase {
  id: string;
  /** Whose notification it is. */
  userId: string;
  read: boolean;
  createdAt: string;
  updatedAt: string;
}

/** An approval step waits for this user's decision (one per run, step and approver). */
export interface ApprovalWaitingNotification extends NotificationBase {
  kind: 'approval_waiting';
  workflowId: string;
  workflowName: string;
  runId: string;
  nodeId: string;
  /** The step's message (what is being approved). */
  message: string;
  /** Who is waiting (the run's starter). */
  requestedByName: string | null;
  /**
   * The step still waits for a decision. platform-api clears it when the step
   * closes (decided, canceled, failed elsewhere); reading the notification
   * (Mark all read) never does: the header's approvals count is the open ones.
   */
  open: boolean;
}

/** A run this user started (or of a workflow they own) failed (one per run). */
export interface RunFailedNotification extends NotificationBase {
  kind: 'run_failed';
  workflowId: string;
  workflowName: string;
  runId: string;
  /** The run's error message (never a secret: run errors are already redacted). */
  error: string | null;
  /**
   * Runs nobody watched (schedule, webhook, poll) fail into one line per
   * workflow: how many since it was last read (the latest run above). Absent
   * for a run someone started (one line per run).
   */
  count?: number;
}

/** Someone invited this user into a workspace (one per invitation). */
export interface InvitationNotification extends NotificationBase {
  kind: 'invitation';
  invitationId: string;
  workspaceId: string;
  workspaceName: string;
  roleId: string;
  invitedByName: string | null;
}

export interface RunRefusedNotification {
  id: string;
  /** Whose notification it is (the workflow's owner). */
  userId: string;
  kind: 'run_refused';
  workflowId: string;
  workflowName: string;
  /** The latest refused run (its reason is in its errorCode too). */
  runId: string;
  trigger: 'webhook' | 'schedule';
  code: RunRefusalCode;
  /** Refusals since the notification was last read. */
  count: number;
  read: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A notification of any kind (what notifications/{id} holds). */
export type AnyNotification = RunRefusedNotification | ApprovalWaitingNotification | RunFailedNotification | InvitationNotification;

/** The bell's name for a notification of any kind (kept for its readers). */
export type AppNotification = AnyNotification;

/** One approval_waiting notification per run, step and approver. */
export function approvalWaitingNotificationId(userId: string, runId: string, nodeId: string): string {
  return `${userId}_approval_${runId}_${nodeId}`;
}

/**
 * What platform-api writes on an approval_waiting notification once its step
 * has closed: read (out of the bell) and no longer open (out of the count).
 */
export const APPROVAL_CLOSED_UPDATE = { read: true, open: false } as const;

/**
 * The header's approvals count lists at most this many open approvals; above
 * it says "99+" (a number past this tells nobody more).
 */
export const OPEN_APPROVALS_COUNT_LIMIT = 99;

/** One run_failed notification per user and run someone started. */
export function runFailedNotificationId(userId: string, runId: string): string {
  return `${userId}_failed_${runId}`;
}

/** One run_failed notification per user and workflow for runs nobody watched (a schedule failing every minute is one line). */
export function unattendedRunFailedNotificationId(userId: string, workflowId: string): string {
  return `${userId}_failed_workflow_${workflowId}`;
}

/** One invitation notification per user and invitation. */
export function invitationNotificationId(userId: string, invitationId: string): string {
  return `${userId}_invitation_${invitationId}`;
}

/** The document id: one per owner, workflow and reason. */
export function runRefusedNotificationId(userId: string, workflowId: string, code: RunRefusalCode): string {
  return `${userId}_${workflowId}_${code}`;
}

/** How many unread notifications the header lists (the newest first). */
export const NOTIFICATION_LIST_LIMIT = 20;
