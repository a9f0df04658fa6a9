// A NotificationsSource in memory, for tests (nothing in the app imports it):
// it holds every notification of the user, read or not, as Firestore does.
// Unread listeners see the unread ones now and after each change; open
// approval listeners see how many approval_waiting ones are still open (read
// or not). markRead records the ids and sets read: true, as Firestore's cache
// does (the unread list drops them; the open count keeps them).
import type { AnyNotification, ApprovalWaitingNotification, InvitationNotification, RunFailedNotification, RunRefusedNotification } from '@agentflow/shared/notifications';
import type { NotificationsSource } from './source';

export interface FakeNotificationsSource extends NotificationsSource {
  /** Replaces every notification and tells every listener. */
  emit(notifications: AnyNotification[]): void;
  /** Closes an approval as platform-api does once its step is decided or canceled: read and no longer open. */
  closeApproval(id: string): void;
  /** Makes every listener fail. */
  fail(error?: unknown): void;
  /** Each markRead call's ids, in order. */
  readonly marked: string[][];
  /** The uid of every watchUnread call, in order. */
  readonly watchedBy: string[];
  /** How many listeners (unread and open-approval ones) are attached now. */
  listening(): number;
  /** Makes the next markRead calls reject (true) or resolve (false). */
  rejectMarkRead(reject: boolean): void;
}

interface Listener {
  onChange: (notifications: AnyNotification[]) => void;
  onError: (error: unknown) => void;
}

const openApprovals = (notifications: readonly AnyNotification[]): number =>
  notifications.filter((notification) => notification.kind === 'approval_waiting' && notification.open).length;

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
  const watch = (onChange: (notifications: AnyNotification[]) => void, onError: (error: unknown) => void) => {
    const listener = { onChange, onError };
    listeners.add(listener);
    onChange(current);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    watchUnread(userId, onChange, onError) {
      watchedBy.push(userId);
      return watch((all) => onChange(all.filter((notification) => !notification.read)), onError);
    },
    watchOpenApprovals(_userId, onChange, onError) {
      return watch((all) => onChange(openApprovals(all)), onError);
    },
    async markRead(ids) {
      marked.push([...ids]);
      if (rejecting) throw new Error('Missing or insufficient permissions.');
      emit(current.map((notification) => (ids.includes(notification.id) ? { ...notification, read: true } : notification)));
    },
    emit,
    closeApproval(id) {
      emit(current.map((notification) => (notification.id === id && notification.kind === 'approval_waiting' ? { ...notification, read: true, open: false } : notification)));
    },
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
    open: true,
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
