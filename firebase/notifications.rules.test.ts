// Security rules of in-app notifications (notifications/{id}), against the
// real Firestore emulator: the owner reads theirs and flips `read`, nothing
// else; platform-api writes them with the Admin SDK (rules off).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore';
import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATIONS_COLLECTION,
  OPEN_APPROVALS_COUNT_LIMIT,
  approvalWaitingNotificationId,
  runRefusedNotificationId,
  type ApprovalWaitingNotification,
  type RunRefusedNotification,
} from '@agentflow/shared/notifications';
import { rulesSuite } from './rulesTestEnv';

const ALICE_ID = runRefusedNotificationId('alice', 'wf1', 'insufficient_tokens');
const BOB_ID = runRefusedNotificationId('bob', 'wf2', 'plan_required');

function notification(userId: string, workflowId: string, code: RunRefusedNotification['code'], read = false): RunRefusedNotification {
  return {
    id: runRefusedNotificationId(userId, workflowId, code),
    userId,
    kind: 'run_refused',
    workflowId,
    workflowName: 'Lead intake',
    runId: `run-${workflowId}`,
    trigger: 'webhook',
    code,
    count: 2,
    read,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
  };
}

/** An approval waiting for `userId`; read and open as given. */
function approval(userId: string, runId: string, read: boolean, open: boolean): ApprovalWaitingNotification {
  const id = approvalWaitingNotificationId(userId, runId, 'review');
  return { id, userId, kind: 'approval_waiting', workflowId: 'wf1', workflowName: 'Discounts', runId, nodeId: 'review', message: 'OK?', requestedByName: null, read, open, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };
}
const APPROVALS = [approval('alice', 'run-1', false, true), approval('alice', 'run-2', true, true), approval('alice', 'run-3', true, false), approval('bob', 'run-4', false, true)];

const suite = rulesSuite('demo-agentflow-notifications-rules', async (db) => {
  await setDoc(doc(db, NOTIFICATIONS_COLLECTION, ALICE_ID), notification('alice', 'wf1', 'insufficient_tokens'));
  await setDoc(doc(db, NOTIFICATIONS_COLLECTION, runRefusedNotificationId('alice', 'wf3', 'credential_missing')), notification('alice', 'wf3', 'credential_missing', true));
  await setDoc(doc(db, NOTIFICATIONS_COLLECTION, BOB_ID), notification('bob', 'wf2', 'plan_required'));
  for (const item of APPROVALS) await setDoc(doc(db, NOTIFICATIONS_COLLECTION, item.id), item);
});
const { guestDb } = suite;
/** The notification rules read no e-mail: these tokens carry none. */
const dbOf = (uid: string) => suite.dbOf(uid, {});
const aliceDoc = (uid = 'alice') => doc(dbOf(uid), NOTIFICATIONS_COLLECTION, ALICE_ID);

describe('reading notifications', () => {
  it('lets the owner read theirs, one by one and as the header’s query (their unread ones, newest first)', async () => {
    await assertSucceeds(getDoc(aliceDoc()));
    const all = await assertSucceeds(getDocs(query(collection(dbOf('alice'), NOTIFICATIONS_COLLECTION), where('userId', '==', 'alice'))));
    expect(all.docs.map((d) => d.id).sort()).toEqual([ALICE_ID, runRefusedNotificationId('alice', 'wf3', 'credential_missing'), ...APPROVALS.filter((a) => a.userId === 'alice').map((a) => a.id)].sort());
    const unread = await assertSucceeds(
      getDocs(
        query(collection(dbOf('alice'), NOTIFICATIONS_COLLECTION), where('userId', '==', 'alice'), where('read', '==', false), orderBy('updatedAt', 'desc'), limit(NOTIFICATION_LIST_LIMIT + 1)),
      ),
    );
    expect(unread.docs.map((d) => d.id).sort()).toEqual([ALICE_ID, APPROVALS[0]!.id].sort());
  });

  it("refuses another user's notification, a query over everyone's or someone else's, and guests", async () => {
    await assertFails(getDoc(doc(dbOf('alice'), NOTIFICATIONS_COLLECTION, BOB_ID)));
    await assertFails(getDocs(collection(dbOf('alice'), NOTIFICATIONS_COLLECTION)));
    await assertFails(getDocs(query(collection(dbOf('alice'), NOTIFICATIONS_COLLECTION), where('userId', '==', 'bob'))));
    await assertFails(getDocs(query(collection(dbOf('alice'), NOTIFICATIONS_COLLECTION), where('read', '==', false))));
    await assertFails(getDoc(doc(guestDb(), NOTIFICATIONS_COLLECTION, ALICE_ID)));
    await assertFails(getDocs(query(collection(guestDb(), NOTIFICATIONS_COLLECTION), where('userId', '==', 'alice'))));
  });
});

describe('updating notifications', () => {
  it('lets the owner mark theirs read, and unread again', async () => {
    await assertSucceeds(updateDoc(aliceDoc(), { read: true }));
    await assertSucceeds(updateDoc(aliceDoc(), { read: false }));
  });

  it('refuses any other field, alone or beside read, and a read that is not a boolean', async () => {
    await assertFails(updateDoc(aliceDoc(), { count: 0 }));
    await assertFails(updateDoc(aliceDoc(), { read: true, count: 0 }));
    await assertFails(updateDoc(aliceDoc(), { read: true, userId: 'bob' }));
    await assertFails(updateDoc(aliceDoc(), { workflowName: 'Renamed' }));
    await assertFails(updateDoc(aliceDoc(), { read: 'yes' }));
    await assertFails(updateDoc(aliceDoc(), { read: null }));
    // A whole-document write that changes more than read.
    await assertFails(setDoc(aliceDoc(), { ...notification('alice', 'wf1', 'insufficient_tokens'), read: true, code: 'plan_required' }));
  });

  it("refuses marking someone else's notification read, and guests", async () => {
    await assertFails(updateDoc(doc(dbOf('alice'), NOTIFICATIONS_COLLECTION, BOB_ID), { read: true }));
    await assertFails(updateDoc(doc(guestDb(), NOTIFICATIONS_COLLECTION, ALICE_ID), { read: true }));
  });
});

describe('creating and deleting notifications', () => {
  it('lets no browser create one, not even for itself', async () => {
    const own = notification('alice', 'wf9', 'plan_required');
    await assertFails(setDoc(doc(dbOf('alice'), NOTIFICATIONS_COLLECTION, own.id), own));
    const forged = notification('bob', 'wf9', 'plan_required');
    await assertFails(setDoc(doc(dbOf('alice'), NOTIFICATIONS_COLLECTION, forged.id), forged));
    await assertFails(setDoc(doc(guestDb(), NOTIFICATIONS_COLLECTION, own.id), own));
  });

  it('lets no browser delete one, not even its owner', async () => {
    await assertFails(deleteDoc(aliceDoc()));
    await assertFails(deleteDoc(doc(dbOf('bob'), NOTIFICATIONS_COLLECTION, ALICE_ID)));
    await assertFails(deleteDoc(doc(guestDb(), NOTIFICATIONS_COLLECTION, ALICE_ID)));
  });
});

describe("the header's open approvals", () => {
  const openApprovals = (uid: string, owner = uid) =>
    getDocs(
      query(
        collection(dbOf(uid), NOTIFICATIONS_COLLECTION),
        where('userId', '==', owner),
        where('kind', '==', 'approval_waiting'),
        where('open', '==', true),
        limit(OPEN_APPROVALS_COUNT_LIMIT + 1),
      ),
    );

  it('lets the owner count their open approvals, read or not (the shell’s query), and nobody else', async () => {
    const mine = await assertSucceeds(openApprovals('alice'));
    expect(mine.docs.map((d) => d.id).sort()).toEqual([APPROVALS[0]!.id, APPROVALS[1]!.id].sort());
    await assertFails(openApprovals('alice', 'bob'));
    await assertFails(getDocs(query(collection(guestDb(), NOTIFICATIONS_COLLECTION), where('userId', '==', 'alice'), where('open', '==', true))));
  });

  it('lets the owner mark an approval read, never close it: only platform-api says it was decided', async () => {
    const ref = doc(dbOf('alice'), NOTIFICATIONS_COLLECTION, APPROVALS[0]!.id);
    await assertSucceeds(updateDoc(ref, { read: true }));
    await assertFails(updateDoc(ref, { open: false }));
    await assertFails(updateDoc(ref, { read: true, open: false }));
    expect((await assertSucceeds(openApprovals('alice'))).size).toBe(2);
  });
});
