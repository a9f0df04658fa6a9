// A NotificationsSource in memory, for tests (nothing in the app imports it):
// the listeners see `notifications` now and after each emit(); markRead
// records the ids and, as Firestore's cache does, drops them from the list.
import type { AnyNotification, ApprovalWaitingNotification, InvitationNotification, RunFailedNotification, RunRefusedNotification } from '@agentflow/shared/notifications';
import type { NotificationsSource } from './source';

export interface FakeNotificationsSource extends NotificationsSource {
  /** Replaces the unread list and tells every listener. */
  emit(notifications: AnyNotification[]): void;
  /** Makes every listener fail. */
  fail(error?: unknown): void;
  /** Each markRead call's ids, in order. */
  readonly marked: string[][];
  /** The uid of every watchUnread call, in order. */
  readonly watchedBy: string[];
  /** How many listeners are attached now. */
  listening(): number;
  /** Makes the next markRead calls reject (true) or resolve (false). */
  rejectMarkRead(reject: boolean): void;
}

interface Listener {
  onChange: (notifications: AnyNotification[]) => void;
  onError: (error: unknown) => void;
}

export function fakeNotificationsSource(initial: AnyNotification[] = []): FakeNotificationsSource {
  let current = initial;
  let rejecting = false;
  const listeners = new Set<Listener>();
  const marked: string[][] = [];
  const watchedBy: string[] = [];
  const emit = (notifications: AnyNotification[]) => {
    current = notifications;
    for (const listener of [...listeners]) listener.onChange(current);
  };
  return {
    watchUnread(userId, onChange, onError) {
      watchedBy.push(userId);
      const listener = { onChange, onError };
      listeners.add(listener);
      onChange(current);
      return () => {
        listeners.delete(listener);
      };
    },
    async markRead(ids) {
      marked.push([...ids]);
      if (rejecting) throw new Error('Missing or insufficient permissions.');
      emit(current.filter((notification) => !ids.includes(notification.id)));
    },
    emit,
    fail(error = new Error('Missing or insufficient permissions.')) {
      for (const listener of [...listeners]) listener.onError(error);
    },
    marked,
    watchedBy,
    listening: () => listeners.size,
    rejectMarkRead(reject) {
      rejecting = reject;
    },
  };
}

/** A refused-run notification; any field can be overridden. */
export function refusedRun(overrides: Partial<RunRefusedNotification> = {}): RunRefusedNotification {
  const userId = overrides.userId ?? 'user-1';
  const workflowId = overrides.workflowId ?? 'wf-1';
  const code = overrides.code ?? 'insufficient_tokens';
  return {
    id: `${userId}_${workflowId}_${code}`,
    userId,
    kind: 'run_refused',
    workflowId,
    workflowName: 'Lead intake',
    runId: 'run-9',
    trigger: 'webhook',
    code,
    count: 1,
    read: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-25T14:30:00.000Z',
    ...overrides,
  };
}

/** An approval waiting for the user; any field can be overridden. */
export function approvalWaiting(overrides: Partial<ApprovalWaitingNotification> = {}): ApprovalWaitingNotification {
  const userId = overrides.userId ?? 'user-1';
  return {
    id: `${userId}_approval_run-5_managerApproval`,
    userId,
    kind: 'approval_waiting',
    workflowId: 'wf-5',
    workflowName: 'Discount approval',
    runId: 'run-5',
    nodeId: 'managerApproval',
    message: 'Approve a 15% discount for ACME?',
    requestedByName: 'Sam Seller',
    read: false,
    createdAt: '2026-11-25T15:00:00.000Z',
    updatedAt: '2026-11-25T15:00:00.000Z',
    ...overrides,
  };
}

/** A failed run of the user's; any field can be overridden. */
export function runFailed(overrides: Partial<RunFailedNotification> = {}): RunFailedNotification {
  const userId = overrides.userId ?? 'user-1';
  return {
    id: `${userId}_failed_run-6`,
    userId,
    kind: 'run_failed',
    workflowId: 'wf-6',
    workflowName: 'CRM sync',
    runId: 'run-6',
    error: 'HubSpot answered 401',
    read: false,
    createdAt: '2026-11-25T16:00:00.000Z',
    updatedAt: '2026-11-25T16:00:00.000Z',
    ...overrides,
  };
}

/** An invitation into a workspace; any field can be overridden. */
export function invitation(overrides: Partial<InvitationNotification> = {}): InvitationNotification {
  const userId = overrides.userId ?? 'user-1';
  return {
    id: `${userId}_invitation_inv-1`,
    userId,
    kind: 'invitation',
    invitationId: 'inv-1',
    workspaceId: 'org-a',
    workspaceName: 'Acme Sales',
    roleId: 'workspace_runner',
    invitedByName: 'Olivia Owner',
    read: false,
    createdAt: '2026-11-25T17:00:00.000Z',
    updatedAt: '2026-11-25T17:00:00.000Z',
    ...overrides,
  };
}
