// Security rules of the collections only platform-api reads and writes (issue
// 24), from one table: browsers may neither read, list nor write them, not even
// the user a document is about. Why each is closed:
// - apiKeys: a key's hash, scopes and allow-list; a written hash would be a key
//   (the management routes show what may be shown);
// - mcpServers: a server names the credential platform-api sends it (members see
//   them through /api/mcp-servers);
// - apiIdempotency: a public API retry's reservation and the run it replays; a
//   browser that could write one could make another key's retry replay a run of
//   its choosing, or lock a key.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc, type DocumentData } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

interface ServerOnlyCase {
  collection: string;
  /** The seeded document (written past the rules). */
  existing: { id: string; data: DocumentData };
  /** A new document a browser tries to create. */
  created: DocumentData;
  /** Changes a browser tries to make to the existing one. */
  updates: DocumentData[];
}

const IN_A_DAY = new Date(Date.now() + 86_400_000);
const CASES: ServerOnlyCase[] = [
  {
    collection: 'apiKeys',
    existing: { id: 'key1', data: { createdBy: 'alice', workspaceId: 'personal', scopes: ['runs:write'], secretHash: 'ab'.repeat(32), revokedAt: null } },
    created: { createdBy: 'alice', secretHash: 'cd'.repeat(32), scopes: ['runs:write'] },
    updates: [{ scopes: ['runs:write', 'credentials:read'] }, { revokedAt: null }],
  },
  {
    collection: 'mcpServers',
    existing: { id: 'srv1', data: { createdBy: 'alice', workspaceId: 'personal:alice', name: 'Docs', url: 'https://mcp.example.com', credentialId: 'cred1' } },
    created: { createdBy: 'alice', url: 'https://evil.example', credentialId: 'cred1' },
    updates: [{ url: 'https://evil.example' }],
  },
  {
    collection: 'apiIdempotency',
    existing: { id: 'h1', data: { apiKeyId: 'key1', workspaceId: 'personal', requestHash: 'ab'.repeat(32), holder: 'x', runId: 'run1', answer: null, expireAt: IN_A_DAY } },
    created: { apiKeyId: 'key1', requestHash: 'cd'.repeat(32), runId: null },
    updates: [{ runId: 'run2' }],
  },
];

const suite = rulesSuite('demo-agentflow-serveronly-rules', async (db) => {
  for (const { collection: name, existing } of CASES) await setDoc(doc(db, name, existing.id), existing.data);
});
const dbOf = (uid: string) => suite.dbOf(uid, {});

describe.each(CASES)('$collection', ({ collection: name, existing, created, updates }) => {
  it('the document exists (the denials below are the rules’ doing)', async () => {
    await suite.asAdmin(async (db) => expect((await getDoc(doc(db, name, existing.id))).exists()).toBe(true));
  });

  it('lets neither its creator, another user nor a guest read it or list them', async () => {
    for (const db of [dbOf('alice'), dbOf('bob'), suite.guestDb()]) {
      await assertFails(getDoc(doc(db, name, existing.id)));
      await assertFails(getDocs(collection(db, name)));
    }
  });

  it('lets nobody write one: not a new one, not a change, not a delete', async () => {
    await assertFails(setDoc(doc(dbOf('alice'), name, `${existing.id}-new`), created));
    for (const update of updates) await assertFails(updateDoc(doc(dbOf('alice'), name, existing.id), update));
    await assertFails(deleteDoc(doc(dbOf('alice'), name, existing.id)));
  });
});
