// Security rules of API keys (issue 24): the documents hold a key's hash,
// scopes and allow-list; only platform-api reads or writes them. Not even the
// key's creator may read one from the browser (the management routes show
// what may be shown), and nobody may write one (a written hash would be a key).
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const suite = rulesSuite('demo-agentflow-apikeys-rules', async (db) => {
  await setDoc(doc(db, 'apiKeys/key1'), { createdBy: 'alice', workspaceId: 'personal', scopes: ['runs:write'], secretHash: 'ab'.repeat(32), revokedAt: null });
});
const dbOf = (uid: string) => suite.dbOf(uid, {});

describe('apiKeys', () => {
  it('the document exists (the denials below are the rules’ doing)', async () => {
    await suite.asAdmin(async (db) => expect((await getDoc(doc(db, 'apiKeys/key1'))).exists()).toBe(true));
  });

  it('lets neither its creator, another user nor a guest read it or list keys', async () => {
    for (const db of [dbOf('alice'), dbOf('bob'), suite.guestDb()]) {
      await assertFails(getDoc(doc(db, 'apiKeys/key1')));
      await assertFails(getDocs(collection(db, 'apiKeys')));
    }
  });

  it('lets nobody write a key: not a new one, not a changed hash or scope, not a revocation undone', async () => {
    await assertFails(setDoc(doc(dbOf('alice'), 'apiKeys/key2'), { createdBy: 'alice', secretHash: 'cd'.repeat(32), scopes: ['runs:write'] }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'apiKeys/key1'), { scopes: ['runs:write', 'credentials:read'] }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'apiKeys/key1'), { revokedAt: null }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'apiKeys/key1')));
  });
});
