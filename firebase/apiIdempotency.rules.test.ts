// Security rules of public API Idempotency-Keys (issue 24): a document holds
// an API key's id, a request hash and the run it started; only platform-api
// reads or writes them. A browser that could write one could make another
// key's retry replay a run of its choosing, or lock a key with a reservation.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const suite = rulesSuite('demo-agentflow-apiidempotency-rules', async (db) => {
  await setDoc(doc(db, 'apiIdempotency/h1'), { apiKeyId: 'key1', workspaceId: 'personal', requestHash: 'ab'.repeat(32), holder: 'x', runId: 'run1', answer: null, expireAt: new Date(Date.now() + 86_400_000) });
});
const dbOf = (uid: string) => suite.dbOf(uid, {});

describe('apiIdempotency', () => {
  it('the document exists (the denials below are the rules’ doing)', async () => {
    await suite.asAdmin(async (db) => expect((await getDoc(doc(db, 'apiIdempotency/h1'))).exists()).toBe(true));
  });

  it('lets neither the key’s creator, another user nor a guest read or list them', async () => {
    for (const db of [dbOf('alice'), dbOf('bob'), suite.guestDb()]) {
      await assertFails(getDoc(doc(db, 'apiIdempotency/h1')));
      await assertFails(getDocs(collection(db, 'apiIdempotency')));
    }
  });

  it('lets nobody write one: not a new reservation, not another run to replay, not a delete', async () => {
    await assertFails(setDoc(doc(dbOf('alice'), 'apiIdempotency/h2'), { apiKeyId: 'key1', requestHash: 'cd'.repeat(32), runId: null }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'apiIdempotency/h1'), { runId: 'run2' }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'apiIdempotency/h1')));
  });
});
