// The Firestore source against a stand-in SDK: the query it listens to (what
// the rules and the index allow), how documents become notifications, and the
// one write (read: true). The rules themselves are proven against the
// emulator in firebase/notifications.rules.test.ts, on this same query.
type Snapshot = { docs: Array<{ id: string; data: () => Record<string, unknown> }>; size?: number };
const listeners: Array<{ target: unknown; next: (snapshot: Snapshot) => void; error: (error: unknown) => void; stopped: boolean }> = [];
const batches: Array<Array<{ path: string; data: Record<string, unknown> }>> = [];

jest.mock('@agentflow/shared', () => ({ getFirestoreDb: jest.fn(async () => ({ kind: 'db' })) }));
jest.mock('firebase/firestore', () => ({
  collection: (_db: unknown, name: string) => ({ collection: name }),
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
  orderBy: (field: string, direction: string) => ({ orderBy: [field, direction] }),
  limit: (count: number) => ({ limit: count }),
  query: (reference: unknown, ...constraints: unknown[]) => ({ reference, constraints }),
  onSnapshot: (target: unknown, next: (snapshot: Snapshot) => void, error: (error: unknown) => void) => {
    const listener = { target, next, error, stopped: false };
    listeners.push(listener);
    return () => {
      listener.stopped = true;
    };
  },
  writeBatch: () => {
    const ops: Array<{ path: string; data: Record<string, unknown> }> = [];
    return {
      update: (ref: { path: string }, data: Record<string, unknown>) => ops.push({ path: ref.path, data }),
      commit: async () => {
        batches.push(ops);
      },
    };
  },
}));

import { NOTIFICATION_LIST_LIMIT, OPEN_APPROVALS_COUNT_LIMIT } from '@agentflow/shared/notifications';
import { firestoreNotifications, notificationFromDocument } from './firestoreNotifications';
import { lazyFirestoreNotifications } from './source';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const stored = {
  userId: 'u1',
  kind: 'run_refused',
  workflowId: 'wf1',
  workflowName: 'Lead intake',
  runId: 'run-7',
  trigger: 'schedule',
  code: 'plan_required',
  count: 4,
  read: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: { toDate: () => new Date('2026-11-25T10:00:00Z') },
};

beforeEach(() => {
  listeners.length = 0;
  batches.length = 0;
});

test("listens to the user's unread notifications, newest first, one more than the list shows", async () => {
  const onChange = jest.fn();
  firestoreNotifications.watchUnread('u1', onChange, jest.fn());
  await flush();
  expect(listeners.map((listener) => listener.target)).toEqual([
    {
      reference: { collection: 'notifications' },
      constraints: [{ where: ['userId', '==', 'u1'] }, { where: ['read', '==', false] }, { orderBy: ['updatedAt', 'desc'] }, { limit: NOTIFICATION_LIST_LIMIT + 1 }],
    },
  ]);
  listeners[0]!.next({ docs: [{ id: 'u1_wf1_plan_required', data: () => stored }, { id: 'odd', data: () => ({ ...stored, kind: 'other' }) }] });
  expect(onChange).toHaveBeenCalledWith([
    {
      id: 'u1_wf1_plan_required',
      userId: 'u1',
      kind: 'run_refused',
      workflowId: 'wf1',
      workflowName: 'Lead intake',
      runId: 'run-7',
      trigger: 'schedule',
      code: 'plan_required',
      count: 4,
      read: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-25T10:00:00.000Z',
    },
  ]);
});

test("counts the user's open approvals, read or not (the rules' userId equality, the (userId, kind, open) index)", async () => {
  const onChange = jest.fn();
  const stop = firestoreNotifications.watchOpenApprovals('u1', onChange, jest.fn());
  await flush();
  expect(listeners.map((listener) => listener.target)).toEqual([
    {
      reference: { collection: 'notifications' },
      constraints: [{ where: ['userId', '==', 'u1'] }, { where: ['kind', '==', 'approval_waiting'] }, { where: ['open', '==', true] }, { limit: OPEN_APPROVALS_COUNT_LIMIT + 1 }],
    },
  ]);
  listeners[0]!.next({ docs: [{ id: 'a', data: () => ({}) }, { id: 'b', data: () => ({}) }], size: 2 } as Snapshot);
  expect(onChange).toHaveBeenLastCalledWith(2);
  stop();
  expect(listeners[0]!.stopped).toBe(true);
});

test('passes listener failures on, and stops listening when asked (even before the SDK has loaded)', async () => {
  const onError = jest.fn();
  const stop = firestoreNotifications.watchUnread('u1', jest.fn(), onError);
  await flush();
  listeners[0]!.error(new Error('denied'));
  expect(onError).toHaveBeenCalledWith(new Error('denied'));
  stop();
  expect(listeners[0]!.stopped).toBe(true);

  const early = firestoreNotifications.watchUnread('u1', jest.fn(), jest.fn());
  early();
  await flush();
  expect(listeners).toHaveLength(1);
});

test('the lazy source loads the Firestore one on the first subscription, and not at all when stopped first', async () => {
  const stopped = lazyFirestoreNotifications.watchUnread('u1', jest.fn(), jest.fn());
  stopped();
  await flush();
  expect(listeners).toHaveLength(0);
  const stop = lazyFirestoreNotifications.watchUnread('u1', jest.fn(), jest.fn());
  await flush();
  await flush();
  expect(listeners).toHaveLength(1);
  stop();
  expect(listeners[0]!.stopped).toBe(true);
});

test('markRead sets read: true and nothing else, in one batch', async () => {
  await firestoreNotifications.markRead(['a', 'b']);
  expect(batches).toEqual([
    [
      { path: 'notifications/a', data: { read: true } },
      { path: 'notifications/b', data: { read: true } },
    ],
  ]);
  await firestoreNotifications.markRead([]);
  expect(batches).toHaveLength(1);
});

test('the kinds of issue 21: an approval waiting, a failed run, an invitation', () => {
  const base = { userId: 'u1', read: false, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z' };
  expect(notificationFromDocument('a', { ...base, kind: 'approval_waiting', workflowId: 'wf1', workflowName: 'Deals', runId: 'r1', nodeId: 'n1', message: 'OK?', requestedByName: 'Sam' })).toEqual({
    id: 'a', ...base, kind: 'approval_waiting', workflowId: 'wf1', workflowName: 'Deals', runId: 'r1', nodeId: 'n1', message: 'OK?', requestedByName: 'Sam', open: false,
  });
  // Open only when platform-api says so (a notification written before `open` existed counts as closed).
  expect(notificationFromDocument('a', { ...base, kind: 'approval_waiting', workflowId: 'wf1', runId: 'r1', nodeId: 'n1', open: true })).toMatchObject({ open: true });
  expect(notificationFromDocument('a', { ...base, kind: 'approval_waiting', workflowId: 'wf1', runId: 'r1', nodeId: 'n1', open: 'yes' })).toMatchObject({ open: false });
  expect(notificationFromDocument('f', { ...base, kind: 'run_failed', workflowId: 'wf1', runId: 'r2', error: 'boom' })).toEqual({ id: 'f', ...base, kind: 'run_failed', workflowId: 'wf1', workflowName: 'wf1', runId: 'r2', error: 'boom' });
  expect(notificationFromDocument('i', { ...base, kind: 'invitation', invitationId: 'inv', workspaceId: 'org', roleId: 'workspace_editor', invitedByName: 3 })).toEqual({
    id: 'i', ...base, kind: 'invitation', invitationId: 'inv', workspaceId: 'org', workspaceName: 'org', roleId: 'workspace_editor', invitedByName: null,
  });
  expect(notificationFromDocument('x', { ...base, kind: 'approval_waiting', workflowId: 'wf1', runId: 'r1' })).toBeNull();
  expect(notificationFromDocument('x', { ...base, kind: 'invitation', workspaceId: 'org', roleId: 'workspace_editor' })).toBeNull();
});

test.each<[string, Record<string, unknown>]>([
  ['another kind', { kind: 'invoice' }],
  ['an unknown reason', { code: 'quota' }],
  ['an unknown trigger', { trigger: 'manual' }],
  ['no run', { runId: undefined }],
  ['no workflow', { workflowId: 3 }],
])('a document with %s is skipped', (_label, change) => {
  expect(notificationFromDocument('x', { ...stored, ...change })).toBeNull();
});

test('missing details get safe values: the workflow id for a name, a count of 1, unread only when read is not true', () => {
  expect(notificationFromDocument('x', { ...stored, workflowName: ' ', count: 0, read: 'yes', updatedAt: null })).toMatchObject({
    workflowName: 'wf1',
    count: 1,
    read: false,
    updatedAt: '',
  });
});
