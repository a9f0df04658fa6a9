// Security rules of the membership collections, against the real Firestore
// emulator: browsers read their own membership, usage, subscriptions and
// team, and the active plans; they never write any of it (billing-api does).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesSuite } from './rulesTestEnv';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';

const suite = rulesSuite('demo-agentflow-membership-rules', async (db) => {
  await setDoc(doc(db, 'userMemberships/alice'), { userId: 'alice', role: 'free', tokensRemaining: 10 });
  await setDoc(doc(db, 'userMemberships/bob'), { userId: 'bob', role: 'premium', tokensRemaining: 900 });
  await setDoc(doc(db, 'tokenUsage/a1'), { userId: 'alice', tokensUsed: 1, feature: 'voice_command' });
  await setDoc(doc(db, 'tokenUsage/b1'), { userId: 'bob', tokensUsed: 3, feature: 'workflow_run' });
  await setDoc(doc(db, 'packages/basic'), { name: 'Basic', role: 'basic', tokensPerMonth: 100, active: true });
  await setDoc(doc(db, 'packages/legacy'), { name: 'Legacy', role: 'basic', tokensPerMonth: 50, active: false });
  await setDoc(doc(db, 'subscriptions/s-alice'), { userId: 'alice', packageId: 'basic', status: 'active' });
  await setDoc(doc(db, 'subscriptions/s-bob'), { userId: 'bob', packageId: 'premium', status: 'active' });
  await setDoc(doc(db, 'teamMembers/m1'), { ownerId: 'alice', email: 'carol@example.com', userId: 'carol', role: 'basic' });
  await setDoc(doc(db, 'teamMembers/m2'), { ownerId: 'bob', email: 'dave@example.com', userId: 'dave', role: 'basic' });
  await setDoc(doc(db, 'tokenReservations/r1'), { userId: 'alice', instanceId: 'i1', status: 'open', reserved: 10 });
});
const { dbOf, guestDb } = suite;

describe('reads', () => {
  test('a user reads their own membership, not another’s; a guest reads none', async () => {
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'userMemberships/alice')));
    await assertFails(getDoc(doc(dbOf('alice'), 'userMemberships/bob')));
    await assertFails(getDoc(doc(guestDb(), 'userMemberships/alice')));
    await assertFails(getDocs(collection(dbOf('alice'), 'userMemberships')));
  });

  test.each([
    ['tokenUsage', 'userId'],
    ['subscriptions', 'userId'],
    ['teamMembers', 'ownerId'],
  ])('%s: own entries (by %s) one by one and as a query; not others’, not as a guest', async (name, field) => {
    const mine = name === 'tokenUsage' ? 'a1' : name === 'subscriptions' ? 's-alice' : 'm1';
    const theirs = name === 'tokenUsage' ? 'b1' : name === 'subscriptions' ? 's-bob' : 'm2';
    await assertSucceeds(getDoc(doc(dbOf('alice'), `${name}/${mine}`)));
    await assertSucceeds(getDocs(query(collection(dbOf('alice'), name), where(field, '==', 'alice'))));
    await assertFails(getDoc(doc(dbOf('alice'), `${name}/${theirs}`)));
    await assertFails(getDocs(collection(dbOf('alice'), name)));
    await assertFails(getDocs(query(collection(dbOf('alice'), name), where(field, '==', 'bob'))));
    await assertFails(getDoc(doc(guestDb(), `${name}/${mine}`)));
  });

  test('token blocks are the services’ own: not even their owner reads or writes one', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'tokenReservations/r1')));
    await assertFails(getDocs(query(collection(dbOf('alice'), 'tokenReservations'), where('userId', '==', 'alice'))));
    await assertFails(setDoc(doc(dbOf('alice'), 'tokenReservations/r2'), { userId: 'alice', status: 'open', reserved: 1_000_000 }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'tokenReservations/r1'), { status: 'settled' }));
  });

  test('a team member does not read the owner’s team list', async () => {
    await assertFails(getDoc(doc(dbOf('carol'), 'teamMembers/m1')));
  });

  test('anyone reads the active plans, signed in or not; inactive ones stay hidden', async () => {
    for (const db of [guestDb(), dbOf('alice')]) {
      await assertSucceeds(getDoc(doc(db, 'packages/basic')));
      await assertSucceeds(getDocs(query(collection(db, 'packages'), where('active', '==', true))));
      await assertFails(getDoc(doc(db, 'packages/legacy')));
      await assertFails(getDocs(collection(db, 'packages')));
    }
  });
});

describe('writes: never from a browser', () => {
  test.each([
    ['userMemberships/alice', { userId: 'alice', role: 'enterprise', tokensRemaining: 1_000_000 }],
    ['tokenUsage/a1', { userId: 'alice', tokensUsed: -1000, feature: 'voice_command' }],
    ['packages/basic', { name: 'Basic', role: 'basic', tokensPerMonth: 1_000_000, active: true }],
    ['subscriptions/s-alice', { userId: 'alice', packageId: 'enterprise', status: 'active' }],
    ['teamMembers/m1', { ownerId: 'alice', email: 'carol@example.com', userId: 'carol', role: 'enterprise' }],
  ])('%s cannot be set, updated or deleted, even by its owner', async (docPath, data) => {
    const db = dbOf('alice');
    await assertFails(setDoc(doc(db, docPath), data));
    await assertFails(updateDoc(doc(db, docPath), data));
    await assertFails(deleteDoc(doc(db, docPath)));
    await assertFails(setDoc(doc(guestDb(), docPath), data));
  });

  test('nor can new documents be created', async () => {
    const db = dbOf('alice');
    await assertFails(setDoc(doc(db, 'userMemberships/newbie'), { userId: 'newbie', role: 'free', tokensRemaining: 10 }));
    await assertFails(setDoc(doc(dbOf('newbie'), 'userMemberships/newbie'), { userId: 'newbie', role: 'free', tokensRemaining: 10 }));
    await assertFails(setDoc(doc(db, 'tokenUsage/new'), { userId: 'alice', tokensUsed: 1, feature: 'voice_command' }));
    await assertFails(setDoc(doc(db, 'teamMembers/new'), { ownerId: 'alice', email: 'x@example.com', userId: null, role: 'basic' }));
  });
});
