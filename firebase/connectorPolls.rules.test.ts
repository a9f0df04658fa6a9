// Security rules of the app poll triggers' server-only collections: a
// workflow's poll state (cursor, lease) and the records of polled items.
// No browser reads or writes them, not even the workflow's owner.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const suite = rulesSuite('demo-agentflow-connector-polls-rules', async (db) => {
  await setDoc(doc(db, 'workflows/wf1'), { ownerId: 'alice', visibility: 'private' });
  await setDoc(doc(db, 'connectorPolls/wf1'), { configKey: 'k', cursor: '1700000000000', lastPolledAt: null, lastError: null, lastErrorAt: null, lease: null });
  await setDoc(doc(db, 'connectorPollItems/wf1_abc'), { workflowId: 'wf1', key: 'd1@1', runId: 'run-a' });
});
const dbOf = (uid: string) => suite.dbOf(uid, {});

describe('connectorPolls', () => {
  it('the documents exist (the denials below are the rules’ doing, not missing data)', async () => {
    await suite.asAdmin(async (db) => {
      expect((await getDoc(doc(db, 'connectorPolls/wf1'))).exists()).toBe(true);
      expect((await getDoc(doc(db, 'connectorPollItems/wf1_abc'))).exists()).toBe(true);
    });
  });

  it('lets no browser read, list or change a poll state, not even the workflow’s owner', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'connectorPolls/wf1')));
    await assertFails(getDocs(collection(dbOf('alice'), 'connectorPolls')));
    await assertFails(updateDoc(doc(dbOf('alice'), 'connectorPolls/wf1'), { cursor: '0' }));
    await assertFails(setDoc(doc(dbOf('alice'), 'connectorPolls/wf2'), { cursor: '0' }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'connectorPolls/wf1')));
    await assertFails(getDoc(doc(suite.guestDb(), 'connectorPolls/wf1')));
  });

  it('lets no browser read, forge or delete a polled item’s record', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'connectorPollItems/wf1_abc')));
    await assertFails(getDocs(collection(dbOf('alice'), 'connectorPollItems')));
    await assertFails(setDoc(doc(dbOf('alice'), 'connectorPollItems/wf1_def'), { workflowId: 'wf1', key: 'd2@1' }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'connectorPollItems/wf1_abc')));
    await assertFails(getDoc(doc(suite.guestDb(), 'connectorPollItems/wf1_abc')));
  });
});
