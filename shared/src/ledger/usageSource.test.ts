// A usage entry names what the tokens were spent for (a workflow run): the
// meter passes the run and its workflow, the ledger stores them beside the
// amount, and the usage history reads them back. Entries without one stay as
// they were.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { emulatorHosts } from '../../testing/emulators';
import { MEMBERSHIP_COLLECTIONS } from '../domain/membership/model';
import { credit, debit } from './ledger';
import { usageEntryId } from './ledgerTypes';
import { usageEntryFromData } from './membershipData';

const PROJECT_ID = 'demo-agentflow-ledger-source';
let app: App;
let db: Firestore;

beforeAll(async () => {
  const { firestore } = emulatorHosts();
  await fetch(`http://${firestore}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: 'DELETE' });
  app = initializeApp({ projectId: PROJECT_ID }, `ledger-source-${Date.now()}`);
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
});

const entry = async (uid: string, key: string) => {
  const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(uid, key)).get();
  return usageEntryFromData(snapshot.id, snapshot.data() ?? {});
};

test('a debit and a refund name the workflow and run they were for; other entries name none', async () => {
  const source = { workflowId: 'wf-orders', workflowName: 'Orders', runId: 'run123' };
  await debit(db, { uid: 'ann', feature: 'workflow_run', amount: 1, idempotencyKey: 'run:run123:start', source });
  await credit(db, { uid: 'ann', amount: 1, reason: 'refund', idempotencyKey: 'run:run123:refund', source });
  await debit(db, { uid: 'ann', feature: 'agent', amount: 2, idempotencyKey: 'plain' });
  expect(await entry('ann', 'run:run123:start')).toMatchObject({ feature: 'workflow_run', tokensUsed: 1, ...source });
  expect(await entry('ann', 'run:run123:refund')).toMatchObject({ feature: 'refund', tokensUsed: -1, ...source });
  const plain = await entry('ann', 'plain');
  expect(plain).toMatchObject({ feature: 'agent', tokensUsed: 2 });
  expect(plain).not.toHaveProperty('workflowId');
  expect(plain).not.toHaveProperty('runId');
});
