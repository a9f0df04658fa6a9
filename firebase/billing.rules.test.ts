// Security rules of billing's server-only data, against the real Firestore
// emulator: processed Stripe events (stripeEvents) are never readable or
// writable from a browser, and subscriptions stay read-only for their owner.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesSuite } from './rulesTestEnv';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';

const suite = rulesSuite('demo-agentflow-billing-rules', async (db) => {
  await setDoc(doc(db, 'stripeEvents/evt_1'), { type: 'invoice.paid', created: 1, subscriptionId: 'sub_alice', userId: 'alice', outcome: 'applied' });
  await setDoc(doc(db, 'subscriptions/sub_alice'), { userId: 'alice', packageId: 'premium', status: 'active', stripeSubscriptionId: 'sub_alice', stripeVersion: 1 });
});
const { dbOf, guestDb } = suite;

test('stripeEvents: no browser reads one, lists them, or writes one, even the user it names', async () => {
  for (const db of [dbOf('alice'), dbOf('mallory'), guestDb()]) {
    await assertFails(getDoc(doc(db, 'stripeEvents/evt_1')));
    await assertFails(getDocs(collection(db, 'stripeEvents')));
    await assertFails(setDoc(doc(db, 'stripeEvents/evt_2'), { type: 'invoice.paid' }));
    await assertFails(updateDoc(doc(db, 'stripeEvents/evt_1'), { outcome: 'ignored' }));
    await assertFails(deleteDoc(doc(db, 'stripeEvents/evt_1')));
  }
});

test('a Stripe-synced subscription: its owner reads it, nobody writes it (a forged redelivery marker or status)', async () => {
  await assertSucceeds(getDoc(doc(dbOf('alice'), 'subscriptions/sub_alice')));
  await assertFails(getDoc(doc(dbOf('mallory'), 'subscriptions/sub_alice')));
  await assertFails(updateDoc(doc(dbOf('alice'), 'subscriptions/sub_alice'), { status: 'active', stripeVersion: 9_999_999_999 }));
  await assertFails(setDoc(doc(dbOf('alice'), 'subscriptions/sub_new'), { userId: 'alice', status: 'active' }));
});
