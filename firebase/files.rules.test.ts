// Security rules of file metadata (files/{id}), the owners' stored totals
// (storageUsage/{uid}) and the housekeeping lease, against the real Firestore
// emulator: a browser can neither read nor write any of them, not even its
// owner (platform-api writes them with the Admin SDK and answers for them).
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { FILES_COLLECTION, STORAGE_USAGE_COLLECTION, type FileMetadata } from '@agentflow/shared/files';
import { rulesSuite } from './rulesTestEnv';

const FILE: FileMetadata = {
  id: 'AbCdEfGhIjKlMnOpQrSt',
  ownerId: 'alice',
  organizationId: null,
  name: 'contract.pdf',
  contentType: 'application/pdf',
  size: 1234,
  sha256: 'a'.repeat(64),
  objectPath: 'files/alice/AbCdEfGhIjKlMnOpQrSt',
  use: { kind: 'run', runId: 'run1', workflowId: 'wf1', stepId: null },
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: null,
};

const suite = rulesSuite('demo-agentflow-files-rules', async (db) => {
  await setDoc(doc(db, FILES_COLLECTION, FILE.id), FILE);
  await setDoc(doc(db, STORAGE_USAGE_COLLECTION, 'alice'), { bytes: 1234 });
  await setDoc(doc(db, 'housekeeping', 'runs'), { holder: null, expiresAt: 0 });
});
const alice = () => suite.dbOf('alice');

describe('file metadata', () => {
  it('is not readable by a browser, its owner included, one by one or by query', async () => {
    await assertFails(getDoc(doc(alice(), FILES_COLLECTION, FILE.id)));
    await assertFails(getDocs(query(collection(alice(), FILES_COLLECTION), where('ownerId', '==', 'alice'))));
    await assertFails(getDoc(doc(suite.guestDb(), FILES_COLLECTION, FILE.id)));
  });

  it('is not writable by a browser: no new file, no change of owner or use, no delete', async () => {
    await assertFails(setDoc(doc(alice(), FILES_COLLECTION, 'ZZZZZZZZZZZZZZZZZZZZ'), { ...FILE, id: 'ZZZZZZZZZZZZZZZZZZZZ' }));
    await assertFails(updateDoc(doc(alice(), FILES_COLLECTION, FILE.id), { use: { kind: 'upload' } }));
    await assertFails(deleteDoc(doc(alice(), FILES_COLLECTION, FILE.id)));
  });
});

describe('stored totals and the housekeeping lease', () => {
  it('cannot be read or lowered by a browser (a lowered total would lift the plan limit)', async () => {
    await assertFails(getDoc(doc(alice(), STORAGE_USAGE_COLLECTION, 'alice')));
    await assertFails(setDoc(doc(alice(), STORAGE_USAGE_COLLECTION, 'alice'), { bytes: 0 }));
    await assertFails(getDoc(doc(alice(), 'housekeeping', 'runs')));
    await assertFails(setDoc(doc(alice(), 'housekeeping', 'runs'), { holder: 'me', expiresAt: Date.now() + 60_000 }));
  });
});
