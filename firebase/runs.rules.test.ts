// Security rules of workflow runs and the run engine's server-only
// collections, against the real Firestore emulator.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesSuite } from './rulesTestEnv';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';

const suite = rulesSuite('demo-agentflow-runs-rules', async (db) => {
  await setDoc(doc(db, 'workflowRuns/run-a'), { ownerId: 'alice', workflowId: 'wf1', status: 'running', createdAt: '2026-01-01T00:00:00.000Z' });
  await setDoc(doc(db, 'workflowRuns/run-b'), { ownerId: 'bob', workflowId: 'wf1', status: 'succeeded', createdAt: '2026-01-01T00:00:00.000Z' });
  await setDoc(doc(db, 'workflowRuns/run-a/stepOutputs/s1'), { json: '{"big":true}' });
  // Issue 21: a run of an organization workflow, paid by the workspace owner, started by a member.
  await setDoc(doc(db, 'workflowRuns/run-acme'), { ownerId: 'olga', startedBy: 'rob', organizationId: 'acme', workspaceId: 'acme', workflowId: 'wf2', status: 'succeeded', createdAt: '2026-01-01T00:00:00.000Z' });
  await setDoc(doc(db, 'userAccess/vic'), { userId: 'vic', roleIds: ['workspace_viewer'], permissions: [], organizations: { acme: ['view_workflows'] }, organizationIds: ['acme'] });
  await setDoc(doc(db, 'userAccess/lou'), { userId: 'lou', roleIds: ['member'], permissions: [], organizations: { acme: ['read_users'] }, organizationIds: ['acme'] });
  await setDoc(doc(db, 'userAccess/mallory'), { userId: 'mallory', roleIds: ['workspace_admin'], permissions: [], organizations: { globex: ['view_workflows'] }, organizationIds: ['globex'] });
  await setDoc(doc(db, 'userAccess/gail'), { userId: 'gail', roleIds: ['admin'], permissions: ['manage_all'], organizations: {}, organizationIds: [] });
  await setDoc(doc(db, 'workflowSecrets/wf1'), { secret: 'top-secret', ownerId: 'alice' });
  await setDoc(doc(db, 'scheduleTicks/wf1_2026-01-01T09:00:00.000Z'), { workflowId: 'wf1', runId: 'run-a' });
  await setDoc(doc(db, 'credentials/c1'), { type: 'openai', name: 'Mine', ownerKind: 'user', ownerId: 'alice', settings: {}, secretHints: { apiKey: '••••1234' }, sealed: { v: 1 } });
  await setDoc(doc(db, 'oauthStates/s1'), { userId: 'alice', provider: 'hubspot', credentialType: 'hubspotOAuth', codeVerifier: 'verifier', expiresAt: Date.now() + 600_000 });
});
const { guestDb } = suite;
/** The run rules read no e-mail: these tokens carry none. */
const dbOf = (uid: string) => suite.dbOf(uid, {});

describe('workflowRuns', () => {
  it('lets the owner read their run and query their own runs', async () => {
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'workflowRuns/run-a')));
    const own = await assertSucceeds(getDocs(query(collection(dbOf('alice'), 'workflowRuns'), where('ownerId', '==', 'alice'))));
    expect(own.docs.map((d) => d.id)).toEqual(['run-a']);
  });

  it("refuses another user's run, a query over everyone's runs, and guests", async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'workflowRuns/run-b')));
    await assertFails(getDocs(query(collection(dbOf('alice'), 'workflowRuns'), where('workflowId', '==', 'wf1'))));
    await assertFails(getDoc(doc(guestDb(), 'workflowRuns/run-a')));
  });

  it('lets who started it, the payer and view_workflows holders in its organization read an organization run (issue 21)', async () => {
    for (const who of ['olga', 'rob', 'vic', 'gail']) await assertSucceeds(getDoc(doc(dbOf(who), 'workflowRuns/run-acme')));
    // A member without view_workflows there, another organization's viewer, someone outside.
    for (const who of ['lou', 'mallory', 'alice']) await assertFails(getDoc(doc(dbOf(who), 'workflowRuns/run-acme')));
    // A workspace's runs by one equality filter (workspaceId), and the runs I started.
    const workspace = await assertSucceeds(getDocs(query(collection(dbOf('vic'), 'workflowRuns'), where('organizationId', '==', 'acme'))));
    expect(workspace.docs.map((d) => d.id)).toEqual(['run-acme']);
    const started = await assertSucceeds(getDocs(query(collection(dbOf('rob'), 'workflowRuns'), where('startedBy', '==', 'rob'))));
    expect(started.docs.map((d) => d.id)).toEqual(['run-acme']);
    await assertFails(getDocs(query(collection(dbOf('lou'), 'workflowRuns'), where('organizationId', '==', 'acme'))));
  });

  it('gives a personal run to nobody but its payer and starter for holding a permission elsewhere', async () => {
    await assertFails(getDoc(doc(dbOf('vic'), 'workflowRuns/run-a')));
    await assertSucceeds(getDoc(doc(dbOf('gail'), 'workflowRuns/run-a')));
  });

  it('lets no browser write a run, not even its owner', async () => {
    await assertFails(setDoc(doc(dbOf('alice'), 'workflowRuns/new'), { ownerId: 'alice', workflowId: 'wf1', status: 'queued' }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflowRuns/run-a'), { status: 'succeeded' }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflowRuns/run-a'), { tokensUsed: 0 }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'workflowRuns/run-a')));
  });

  it('keeps full step outputs server-side', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'workflowRuns/run-a/stepOutputs/s1')));
    await assertFails(setDoc(doc(dbOf('alice'), 'workflowRuns/run-a/stepOutputs/s2'), { json: '{}' }));
  });
});

describe('server-only collections', () => {
  it('hides webhook secrets from everyone, the workflow owner included', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'workflowSecrets/wf1')));
    await assertFails(setDoc(doc(dbOf('alice'), 'workflowSecrets/wf1'), { secret: 'mine', ownerId: 'alice' }));
    await assertFails(getDoc(doc(guestDb(), 'workflowSecrets/wf1')));
  });

  it('hides credentials from everyone, their owner included, and lets no browser write one', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'credentials/c1')));
    await assertFails(getDocs(query(collection(dbOf('alice'), 'credentials'), where('ownerId', '==', 'alice'))));
    await assertFails(setDoc(doc(dbOf('alice'), 'credentials/c2'), { type: 'openai', name: 'Forged', ownerKind: 'user', ownerId: 'alice' }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'credentials/c1'), { name: 'Renamed' }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'credentials/c1')));
    await assertFails(getDoc(doc(guestDb(), 'credentials/c1')));
  });

  it('lets no browser read, list or forge a started app sign-in (its state and PKCE verifier)', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'oauthStates/s1')));
    await assertFails(getDocs(query(collection(dbOf('alice'), 'oauthStates'), where('userId', '==', 'alice'))));
    await assertFails(setDoc(doc(dbOf('alice'), 'oauthStates/s2'), { userId: 'alice', provider: 'hubspot', codeVerifier: 'x' }));
    await assertFails(getDoc(doc(guestDb(), 'oauthStates/s1')));
  });

  it('lets no browser read or forge schedule ticks', async () => {
    await assertFails(getDoc(doc(dbOf('alice'), 'scheduleTicks/wf1_2026-01-01T09:00:00.000Z')));
    await assertFails(setDoc(doc(dbOf('alice'), 'scheduleTicks/wf1_2026-01-02T09:00:00.000Z'), { workflowId: 'wf1' }));
  });
});
