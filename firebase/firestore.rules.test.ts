// Security rules, tested against the real Firestore emulator. For now every
// browser access is denied; later issues open collections one by one and
// extend this file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assertFails, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, setLogLevel } from 'firebase/firestore';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { splitHostPort } from '@agentflow/shared';

// Own project id: clearing its data never touches other suites' documents.
const PROJECT_ID = 'demo-agentflow-rules';
let env: RulesTestEnvironment;

beforeAll(async () => {
  setLogLevel('error'); // denied writes are the point here; keep the SDK's warnings out of the log
  const [host, port] = splitHostPort(emulatorHosts().firestore);
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host, port, rules: readFileSync(path.join(__dirname, 'firestore.rules'), 'utf8') },
  });
});

afterAll(() => env.cleanup());

beforeEach(async () => {
  await env.clearFirestore();
  // Data written by a service (rules bypassed), which browsers must still not see.
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), 'users/alice'), { displayName: 'Alice', roles: ['b2c_user'] });
    await setDoc(doc(context.firestore(), 'packages/free'), { name: 'Free' });
  });
});

describe('firestore.rules: deny by default', () => {
  test('a signed-out browser can neither read nor write', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertFails(getDoc(doc(db, 'users/alice')));
    await assertFails(getDocs(collection(db, 'packages')));
    await assertFails(setDoc(doc(db, 'users/mallory'), { roles: ['admin'] }));
  });

  test('a signed-in browser cannot read or write, not even its own user document (yet)', async () => {
    const db = env.authenticatedContext('alice', { email: 'alice@example.com' }).firestore();
    await assertFails(getDoc(doc(db, 'users/alice')));
    await assertFails(setDoc(doc(db, 'users/alice'), { displayName: 'Alice B' }));
    await assertFails(deleteDoc(doc(db, 'users/alice')));
    await assertFails(setDoc(doc(db, 'rbacAuditLogs/forged'), { action: 'grant' }));
  });

  test('another user cannot touch someone else’s document', async () => {
    const db = env.authenticatedContext('mallory').firestore();
    await assertFails(getDoc(doc(db, 'users/alice')));
    await assertFails(setDoc(doc(db, 'users/alice'), { roles: ['admin'] }, { merge: true }));
  });
});
