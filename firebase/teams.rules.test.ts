// Security rules of team invitations and seats, against the real Firestore
// emulator: billing-api alone writes them; the owner reads their team's
// invitations, the invited person those addressed to their verified e-mail;
// seats (a member's uid and own plan) are read by no browser.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const invitation = { ownerId: 'alice', ownerEmail: 'alice@example.com', email: 'carol@example.com', role: 'basic' };

const suite = rulesSuite('demo-agentflow-team-rules', async (db) => {
  await setDoc(doc(db, 'teamInvitations/i1'), invitation);
  await setDoc(doc(db, 'teamInvitations/i2'), { ...invitation, ownerId: 'bob', ownerEmail: 'bob@example.com', email: 'dave@example.com' });
  await setDoc(doc(db, 'teamSeats/carol'), { ownerId: 'alice', memberId: 'm1', previousRole: 'free', grantedRole: 'basic' });
});
const { guestDb } = suite;
/** A signed-in browser; its token's e-mail verified unless told otherwise. */
const dbOf = (uid: string, email = `${uid}@example.com`, verified = true) => suite.dbOf(uid, { email, email_verified: verified });

describe('teamInvitations: reads', () => {
  test('the owner reads their team’s invitations, one by one and as a query; not another team’s', async () => {
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'teamInvitations/i1')));
    await assertSucceeds(getDocs(query(collection(dbOf('alice'), 'teamInvitations'), where('ownerId', '==', 'alice'))));
    await assertFails(getDoc(doc(dbOf('alice'), 'teamInvitations/i2')));
    await assertFails(getDocs(collection(dbOf('alice'), 'teamInvitations')));
  });

  test('the invited person reads the invitations to their verified e-mail (in any case)', async () => {
    await assertSucceeds(getDoc(doc(dbOf('carol'), 'teamInvitations/i1')));
    await assertSucceeds(getDoc(doc(dbOf('carol-uid', 'Carol@Example.com'), 'teamInvitations/i1')));
    await assertSucceeds(getDocs(query(collection(dbOf('carol'), 'teamInvitations'), where('email', '==', 'carol@example.com'))));
    await assertFails(getDoc(doc(dbOf('carol'), 'teamInvitations/i2')));
    await assertFails(getDocs(query(collection(dbOf('carol'), 'teamInvitations'), where('email', '==', 'dave@example.com'))));
  });

  test('an unverified e-mail, another user or a guest reads nothing', async () => {
    await assertFails(getDoc(doc(dbOf('carol', 'carol@example.com', false), 'teamInvitations/i1')));
    await assertFails(getDoc(doc(dbOf('mallory'), 'teamInvitations/i1')));
    await assertFails(getDoc(doc(guestDb(), 'teamInvitations/i1')));
    await assertFails(getDocs(collection(guestDb(), 'teamInvitations')));
  });
});

describe('writes: never from a browser', () => {
  test('nobody creates, changes, accepts (deletes) or revokes an invitation', async () => {
    for (const db of [dbOf('alice'), dbOf('carol'), guestDb()]) {
      await assertFails(setDoc(doc(db, 'teamInvitations/new'), { ...invitation, role: 'enterprise' }));
      await assertFails(updateDoc(doc(db, 'teamInvitations/i1'), { role: 'enterprise' }));
      await assertFails(deleteDoc(doc(db, 'teamInvitations/i1')));
    }
  });

  test('seats: no browser reads or writes one, not even the member’s own', async () => {
    for (const db of [dbOf('carol'), dbOf('alice'), guestDb()]) {
      await assertFails(getDoc(doc(db, 'teamSeats/carol')));
      await assertFails(setDoc(doc(db, 'teamSeats/carol'), { ownerId: 'alice', memberId: 'm1', previousRole: 'enterprise', grantedRole: 'basic' }));
      await assertFails(deleteDoc(doc(db, 'teamSeats/carol')));
    }
  });
});
