// In-app notifications (notifications/{id}): what the platform tells a user
// when nobody was there to see it, today a webhook or schedule run that was
// refused (no tokens left, a trigger the plan does not include). platform-api
// writes them; the owner reads them and marks them read (firestore.rules
// allow nothing else). One notification per workflow and reason, updated in
// place with a count, so a schedule refused every minute is one line that
// says how often, not a flood. Pure: no Firebase, no React.
import type { RunRefusalCode } from '../workflow/runs.js';

export const NOTIFICATIONS_COLLECTION = 'notifications';

export const NOTIFICATION_KINDS = ['run_refused'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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

export type AppNotification = RunRefusedNotification;

/** The document id: one per owner, workflow and reason. */
export function runRefusedNotificationId(userId: string, workflowId: string, code: RunRefusalCode): string {
  return `${userId}_${workflowId}_${code}`;
}

/** How many unread notifications the header lists (the newest first). */
export const NOTIFICATION_LIST_LIMIT = 20;
