// Security rules of workflows and their version snapshots, against the real
// Firestore emulator: each allow and each deny of issue 8 §5.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesSuite } from './rulesTestEnv';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, updateDoc, writeBatch } from 'firebase/firestore';

const node = (id: string, type = 'agent') => ({ id, type, name: id, position: { x: 0, y: 0 }, params: {} });
const workflow = (ownerId: string, overrides: Record<string, unknown> = {}) => ({
  ownerId,
  name: 'Lead follow-up',
  description: 'Drafts a follow-up e-mail',
  category: 'ai',
  industry: 'sales',
  tags: ['leads'],
  visibility: 'private',
  version: 1,
  nodes: [node('trigger', 'trigger.manual'), node('writer')],
  edges: [{ id: 'e1', source: 'trigger', target: 'writer' }],
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});

// Stored copies as the rules see them after creation (timestamps resolved).
const suite = rulesSuite('demo-agentflow-workflow-rules', async (db) => {
  await setDoc(doc(db, 'userAccess/alice'), { userId: 'alice', roleIds: [], permissions: [], organizations: {}, organizationIds: [] });
  await setDoc(doc(db, 'userAccess/olga'), { userId: 'olga', roleIds: ['member'], permissions: [], organizations: { acme: ['read_users'] }, organizationIds: ['acme'] });
  await setDoc(doc(db, 'userAccess/erin'), { userId: 'erin', roleIds: ['workspace_editor'], permissions: [], organizations: { acme: ['edit_workflows', 'view_workflows'] }, organizationIds: ['acme'] });
  await setDoc(doc(db, 'userAccess/vic'), { userId: 'vic', roleIds: ['workspace_viewer'], permissions: [], organizations: { acme: ['view_workflows'] }, organizationIds: ['acme'] });
  await setDoc(doc(db, 'userAccess/mallory'), { userId: 'mallory', roleIds: [], permissions: [], organizations: { globex: ['edit_workflows'] }, organizationIds: ['globex'] });
  await setDoc(doc(db, 'workflows', 'template-1'), { ...workflow('system', { visibility: 'template' }), createdAt: new Date(), updatedAt: new Date() });
  await setDoc(doc(db, 'workflows', 'alice-private'), { ...workflow('alice'), createdAt: new Date(), updatedAt: new Date() });
  await setDoc(doc(db, 'workflows', 'acme-shared'), { ...workflow('olga', { visibility: 'organization', organizationId: 'acme' }), createdAt: new Date(), updatedAt: new Date() });
});
const { dbOf, guestDb } = suite;

describe('reading', () => {
  test('templates are readable by everyone, guests included', async () => {
    await assertSucceeds(getDoc(doc(guestDb(), 'workflows/template-1')));
    await assertSucceeds(getDoc(doc(dbOf('mallory'), 'workflows/template-1')));
  });

  test('a private workflow only by its owner', async () => {
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'workflows/alice-private')));
    await assertFails(getDoc(doc(dbOf('mallory'), 'workflows/alice-private')));
    await assertFails(getDoc(doc(guestDb(), 'workflows/alice-private')));
  });

  // Issue 21: reading needs view_workflows in the organization; being a
  // member (olga holds only read_users there) or its creator is not enough.
  test('an organization workflow by those holding view_workflows there only', async () => {
    await assertSucceeds(getDoc(doc(dbOf('erin'), 'workflows/acme-shared')));
    await assertSucceeds(getDoc(doc(dbOf('vic'), 'workflows/acme-shared')));
    await assertFails(getDoc(doc(dbOf('olga'), 'workflows/acme-shared')));
    await assertFails(getDoc(doc(dbOf('mallory'), 'workflows/acme-shared')));
    await assertFails(getDoc(doc(dbOf('alice'), 'workflows/acme-shared')));
  });
});

describe('creating', () => {
  test('as its owner, with its first version snapshot in the same batch', async () => {
    const db = dbOf('alice');
    const batch = writeBatch(db);
    batch.set(doc(db, 'workflows/new-1'), workflow('alice'));
    batch.set(doc(db, 'workflows/new-1/versions/1'), { version: 1, nodes: [node('trigger', 'trigger.manual')], edges: [], savedBy: 'alice', savedAt: serverTimestamp() });
    await assertSucceeds(batch.commit());
  });

  test('denied: for someone else, as a template, or signed out', async () => {
    await assertFails(setDoc(doc(dbOf('mallory'), 'workflows/forged'), workflow('alice')));
    await assertFails(setDoc(doc(dbOf('alice'), 'workflows/fake-template'), workflow('alice', { visibility: 'template' })));
    await assertFails(setDoc(doc(guestDb(), 'workflows/anon'), workflow('anonymous')));
  });

  test('denied: breaking the shape or the sizes', async () => {
    const alice = dbOf('alice');
    const tooMany = Array.from({ length: 201 }, (_, index) => node(`n${index}`));
    await assertFails(setDoc(doc(alice, 'workflows/big'), workflow('alice', { nodes: tooMany })));
    await assertFails(setDoc(doc(alice, 'workflows/no-name'), workflow('alice', { name: '' })));
    await assertFails(setDoc(doc(alice, 'workflows/odd-category'), workflow('alice', { category: 'magic' })));
    await assertFails(setDoc(doc(alice, 'workflows/extra'), workflow('alice', { secret: true })));
    await assertFails(setDoc(doc(alice, 'workflows/v7'), workflow('alice', { version: 7 })));
    await assertFails(setDoc(doc(alice, 'workflows/stale'), workflow('alice', { updatedAt: new Date('2020-01-01') })));
  });

  test('an organization workflow needs edit_workflows in that organization', async () => {
    await assertSucceeds(setDoc(doc(dbOf('erin'), 'workflows/erin-acme'), workflow('erin', { visibility: 'organization', organizationId: 'acme' })));
    await assertFails(setDoc(doc(dbOf('olga'), 'workflows/olga-acme'), workflow('olga', { visibility: 'organization', organizationId: 'acme' })));
    await assertFails(setDoc(doc(dbOf('mallory'), 'workflows/mallory-acme'), workflow('mallory', { visibility: 'organization', organizationId: 'acme' })));
  });
});

describe('updating and deleting', () => {
  const next = (overrides: Record<string, unknown> = {}) => ({ name: 'Renamed', version: 2, updatedAt: serverTimestamp(), ...overrides });

  test('the owner saves the next version; skipping a version or changing the owner is denied', async () => {
    await assertSucceeds(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), next()));
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), next({ version: 4 })));
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), next({ ownerId: 'mallory', version: 3 })));
  });

  test("others cannot write a private workflow; organization editors can write the organization's", async () => {
    await assertFails(updateDoc(doc(dbOf('mallory'), 'workflows/alice-private'), next()));
    await assertSucceeds(updateDoc(doc(dbOf('erin'), 'workflows/acme-shared'), next()));
    await assertFails(updateDoc(doc(dbOf('mallory'), 'workflows/acme-shared'), next()));
  });

  test('templates are read-only to browsers; only the owner deletes', async () => {
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflows/template-1'), next()));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'workflows/template-1')));
    await assertFails(deleteDoc(doc(dbOf('mallory'), 'workflows/alice-private')));
    await assertSucceeds(deleteDoc(doc(dbOf('alice'), 'workflows/alice-private')));
  });
});

// Issue 21: sharing and moving between workspaces go through platform-api.
describe('the workspace and the shares are platform-api’s', () => {
  const next = (overrides: Record<string, unknown> = {}) => ({ version: 2, updatedAt: serverTimestamp(), ...overrides });

  test('denied: moving a workflow between personal and organization workspaces, even for an editor of both', async () => {
    await assertSucceeds(setDoc(doc(dbOf('erin'), 'workflows/erin-own'), workflow('erin')));
    await assertFails(updateDoc(doc(dbOf('erin'), 'workflows/erin-own'), next({ visibility: 'organization', organizationId: 'acme' })));
    await assertFails(updateDoc(doc(dbOf('erin'), 'workflows/acme-shared'), next({ visibility: 'private', organizationId: null })));
    await assertFails(updateDoc(doc(dbOf('erin'), 'workflows/acme-shared'), next({ organizationId: 'globex' })));
  });

  test('denied: writing sharedWith, on a save or on creation', async () => {
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), next({ sharedWith: { bob: 'workspace_editor' } })));
    await assertFails(setDoc(doc(dbOf('alice'), 'workflows/born-shared'), workflow('alice', { sharedWith: { bob: 'workspace_viewer' } })));
  });

  test('a personal workflow names no organization, an organization workflow names one', async () => {
    await assertFails(setDoc(doc(dbOf('erin'), 'workflows/mixed'), workflow('erin', { visibility: 'private', organizationId: 'acme' })));
    await assertFails(setDoc(doc(dbOf('erin'), 'workflows/nowhere'), workflow('erin', { visibility: 'organization', organizationId: null })));
  });

  test('the builder’s save (organizationId null on a workflow stored without it) keeps its place', async () => {
    await assertSucceeds(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), next({ organizationId: null, visibility: 'private', name: 'Saved' })));
  });
});

describe('the trash (deletedAt)', () => {
  const trash = (version: number, deletedAt: unknown = serverTimestamp()) => ({ deletedAt, version, updatedAt: serverTimestamp() });

  test('the owner moves a workflow to the trash and restores it', async () => {
    const db = dbOf('alice');
    await assertSucceeds(updateDoc(doc(db, 'workflows/alice-private'), trash(2)));
    // A later save that leaves it in the trash keeps the stored time.
    await assertSucceeds(updateDoc(doc(db, 'workflows/alice-private'), { name: 'Still trashed', version: 3, updatedAt: serverTimestamp() }));
    await assertSucceeds(updateDoc(doc(db, 'workflows/alice-private'), trash(4, null)));
  });

  test('denied: a client clock, or a new workflow created in the trash', async () => {
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), trash(2, new Date('2020-01-01T00:00:00Z'))));
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), trash(2, 'yesterday')));
    await assertFails(setDoc(doc(dbOf('alice'), 'workflows/born-trashed'), workflow('alice', { deletedAt: serverTimestamp() })));
    await assertSucceeds(setDoc(doc(dbOf('alice'), 'workflows/born-clean'), workflow('alice', { deletedAt: null })));
  });

  test('denied: another user trashes or restores it, even an organization editor', async () => {
    await assertFails(updateDoc(doc(dbOf('mallory'), 'workflows/alice-private'), trash(2)));
    // Erin may edit acme's workflows (she saves one), but the trash is its owner's call.
    await assertSucceeds(updateDoc(doc(dbOf('erin'), 'workflows/acme-shared'), { name: 'Edited', version: 2, updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(dbOf('erin'), 'workflows/acme-shared'), trash(3)));
    await suite.asAdmin((db) => updateDoc(doc(db, 'workflows/alice-private'), { deletedAt: new Date() }));
    await assertFails(updateDoc(doc(dbOf('mallory'), 'workflows/alice-private'), trash(2, null)));
    await assertSucceeds(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), trash(2, null)));
  });
});

describe('the on/off switch (active) and the error workflow (errorWorkflowId)', () => {
  const save = (version: number, fields: Record<string, unknown>) => ({ ...fields, version, updatedAt: serverTimestamp() });

  test('the owner switches a workflow off and on, with a save of the next version (the catalogue’s direct update)', async () => {
    const db = dbOf('alice');
    await assertSucceeds(updateDoc(doc(db, 'workflows/alice-private'), save(2, { active: false })));
    await assertSucceeds(updateDoc(doc(db, 'workflows/alice-private'), save(3, { active: true })));
    await assertSucceeds(setDoc(doc(db, 'workflows/born-off'), workflow('alice', { active: false })));
  });

  test('denied: a value that is not true or false', async () => {
    const db = dbOf('alice');
    for (const active of ['no', 0, null, { on: true }]) await assertFails(updateDoc(doc(db, 'workflows/alice-private'), save(2, { active })));
    await assertFails(setDoc(doc(db, 'workflows/odd-switch'), workflow('alice', { active: 'yes' })));
  });

  // Issue 21: whoever may edit the workflow turns it (before, only its owner).
  test('whoever may edit turns it, an organization editor included; nobody else', async () => {
    await assertFails(updateDoc(doc(dbOf('mallory'), 'workflows/alice-private'), save(2, { active: false })));
    await assertFails(updateDoc(doc(dbOf('vic'), 'workflows/acme-shared'), save(2, { active: false })));
    await assertSucceeds(updateDoc(doc(dbOf('erin'), 'workflows/acme-shared'), save(2, { active: false })));
  });

  test('errorWorkflowId: null or a workflow id', async () => {
    const db = dbOf('alice');
    await assertSucceeds(updateDoc(doc(db, 'workflows/alice-private'), save(2, { errorWorkflowId: 'alice-errors' })));
    await assertSucceeds(updateDoc(doc(db, 'workflows/alice-private'), save(3, { errorWorkflowId: null })));
    await assertFails(updateDoc(doc(db, 'workflows/alice-private'), save(4, { errorWorkflowId: '' })));
    await assertFails(updateDoc(doc(db, 'workflows/alice-private'), save(4, { errorWorkflowId: 42 })));
    await assertFails(updateDoc(doc(db, 'workflows/alice-private'), save(4, { errorWorkflowId: 'x'.repeat(129) })));
  });
});

// Issue 24: offered to MCP clients (Workflow.mcp) is a save like any other.
describe('offered to MCP clients (mcp)', () => {
  const save = (version: number, fields: Record<string, unknown>) => ({ ...fields, version, updatedAt: serverTimestamp() });

  test('whoever may edit marks it, with a tool name and description, and unmarks it; nobody else', async () => {
    await assertSucceeds(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), save(2, { mcp: { enabled: true, toolName: 'lead_follow-up', description: 'Drafts a follow-up' } })));
    await assertSucceeds(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), save(3, { mcp: { enabled: false } })));
    await assertSucceeds(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), save(4, { mcp: null })));
    await assertSucceeds(setDoc(doc(dbOf('alice'), 'workflows/born-mcp'), workflow('alice', { mcp: { enabled: true, toolName: null, description: null } })));
    await assertSucceeds(updateDoc(doc(dbOf('erin'), 'workflows/acme-shared'), save(2, { mcp: { enabled: true } })));
    await assertFails(updateDoc(doc(dbOf('vic'), 'workflows/acme-shared'), save(2, { mcp: { enabled: true } })));
    await assertFails(updateDoc(doc(dbOf('mallory'), 'workflows/alice-private'), save(5, { mcp: { enabled: true } })));
  });

  test.each([
    ['a switch that is not true or false', { enabled: 'yes' }],
    ['no switch', { toolName: 'x' }],
    ['a tool name with a space', { enabled: true, toolName: 'lead follow up' }],
    ['a tool name of 65 characters', { enabled: true, toolName: 'x'.repeat(65) }],
    ['an empty tool name', { enabled: true, toolName: '' }],
    ['a description of 1001 characters', { enabled: true, description: 'x'.repeat(1001) }],
    ['an unknown field', { enabled: true, secret: 'x' }],
    ['a value that is not a map', true],
  ])('denied: %s', async (_label, mcp) => {
    await assertFails(updateDoc(doc(dbOf('alice'), 'workflows/alice-private'), save(2, { mcp })));
  });
});

/** A version snapshot as the builder writes it. */
const snapshot = (version: number, savedBy = 'alice', extra: Record<string, unknown> = {}) => ({
  version,
  name: 'Second',
  nodes: [],
  edges: [],
  savedBy,
  savedByName: 'Alice',
  savedAt: serverTimestamp(),
  ...extra,
});

describe('versions are append-only', () => {
  beforeEach(async () => {
    await suite.asAdmin((db) => setDoc(doc(db, 'workflows/alice-private/versions/1'), { version: 1, nodes: [], edges: [] }));
  });

  test('a snapshot is added with the save that creates its version', async () => {
    const db = dbOf('alice');
    const batch = writeBatch(db);
    batch.update(doc(db, 'workflows/alice-private'), { name: 'Second', version: 2, updatedAt: serverTimestamp() });
    batch.set(doc(db, 'workflows/alice-private/versions/2'), snapshot(2));
    await assertSucceeds(batch.commit());
    await assertSucceeds(getDoc(doc(db, 'workflows/alice-private/versions/2')));
  });

  test('denied: a snapshot for another version, changing or deleting one, or another user adding one', async () => {
    const db = dbOf('alice');
    const batch = writeBatch(db);
    batch.update(doc(db, 'workflows/alice-private'), { version: 2, updatedAt: serverTimestamp() });
    batch.set(doc(db, 'workflows/alice-private/versions/5'), snapshot(5));
    await assertFails(batch.commit());
    await assertFails(updateDoc(doc(db, 'workflows/alice-private/versions/1'), { nodes: [node('x')] }));
    await assertFails(deleteDoc(doc(db, 'workflows/alice-private/versions/1')));
    await assertFails(setDoc(doc(dbOf('mallory'), 'workflows/alice-private/versions/2'), snapshot(2, 'mallory')));
    await assertFails(getDoc(doc(dbOf('mallory'), 'workflows/alice-private/versions/1')));
  });

  test.each([
    ['with a label', snapshot(2, 'alice', { label: 'Before the big change' })],
    ['with a label of 80 characters', snapshot(2, 'alice', { label: 'x'.repeat(80) })],
    ['with a null label', snapshot(2, 'alice', { label: null })],
  ])('a snapshot %s is accepted', async (_label, data) => {
    const db = dbOf('alice');
    const batch = writeBatch(db);
    batch.update(doc(db, 'workflows/alice-private'), { version: 2, updatedAt: serverTimestamp() });
    batch.set(doc(db, 'workflows/alice-private/versions/2'), data);
    await assertSucceeds(batch.commit());
  });

  test.each([
    ['with a label of 81 characters', snapshot(2, 'alice', { label: 'x'.repeat(81) })],
    ['with a label that is not text', snapshot(2, 'alice', { label: 7 })],
    ['saved by someone else', snapshot(2, 'bob')],
    ['without who saved it', { version: 2, nodes: [], edges: [], savedAt: serverTimestamp() }],
    ['with a client clock', snapshot(2, 'alice', { savedAt: new Date('2020-01-01T00:00:00Z') })],
    ['with an unknown field', snapshot(2, 'alice', { approvedBy: 'ceo' })],
    ['with a name that is not text', snapshot(2, 'alice', { savedByName: 42 })],
  ])('denied: a snapshot %s', async (_label, data) => {
    const db = dbOf('alice');
    const batch = writeBatch(db);
    batch.update(doc(db, 'workflows/alice-private'), { version: 2, updatedAt: serverTimestamp() });
    batch.set(doc(db, 'workflows/alice-private/versions/2'), data);
    await assertFails(batch.commit());
  });
});
