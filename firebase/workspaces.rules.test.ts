// The one table of who may do what with a workflow
// (shared/testing/workspaceAccessCases.ts), run against the security rules:
// what a browser can do directly. The same table runs against the domain's
// decision (shared/src/domain/rbac/workspaces.test.ts) and platform-api's
// endpoints, so the three cannot drift apart.
//
// view = getDoc; edit = saving a new name; delete = moving it to the trash and
// deleting it for good. run, share, useCredential and approve are the
// services' alone: for every row the browser is refused the direct write
// (starting a run, writing sharedWith, reading a credential, deciding a
// waiting run), whatever the table says; the service test proves who may do
// them through the API.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import * as firestoreSdk from 'firebase/firestore';
import { collection, deleteDoc, deleteField, doc, getDoc, getDocs, increment, query, serverTimestamp, setDoc, updateDoc, where, writeBatch, type Firestore } from 'firebase/firestore';
import { BUILT_IN_ROLES, grantsFor, permissionIdsIn, type Role } from '@agentflow/shared/rbac';
import { ACCESS_CASES, ACCESS_ORG, ACCESS_WORLD, type AccessCase, type AccessWorldAssignment } from '@agentflow/shared/testing/workspaceAccessCases';
import type { FirestoreLite } from '@agentflow/shared';
import { createFirestoreCatalogueSource } from '../mf-workflows/src/api/catalogue';
import { rulesSuite } from './rulesTestEnv';

const ROLES: ReadonlyMap<string, Role> = new Map(BUILT_IN_ROLES.map((role) => [role.id, role]));

/** userAccess/{uid} as platform-api writes it (platform-api/src/access/store.ts computeUserAccess). */
export function userAccessOf(uid: string, assignments: readonly AccessWorldAssignment[]) {
  const grants = grantsFor(
    assignments.filter((assignment) => assignment.uid === uid),
    ROLES,
  );
  const organizationIds = [...new Set(grants.map((grant) => grant.organizationId).filter((id): id is string => !!id))].sort();
  const organizations: Record<string, string[]> = {};
  for (const organizationId of organizationIds) {
    organizations[organizationId] = permissionIdsIn(
      grants.filter((grant) => grant.organizationId === organizationId),
      organizationId,
    );
  }
  return {
    userId: uid,
    roleIds: [...new Set(grants.map((grant) => grant.roleId))].sort(),
    permissions: permissionIdsIn(grants.filter((grant) => !grant.organizationId)),
    organizations,
    organizationIds,
  };
}

const storedWorkflow = (world: (typeof ACCESS_WORLD.workflows)[number]) => ({
  ownerId: world.ownerId,
  organizationId: world.organizationId,
  name: `Workflow ${world.id}`,
  description: '',
  category: 'automation',
  industry: 'general',
  tags: [],
  visibility: world.visibility,
  version: 1,
  nodes: [{ id: 'trigger', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} }],
  edges: [],
  sharedWith: world.sharedWith,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
});

const usersWithAssignments = [...new Set(ACCESS_WORLD.assignments.map((assignment) => assignment.uid))];

const suite = rulesSuite('demo-agentflow-workspaces-rules', async (db) => {
  for (const uid of usersWithAssignments) await setDoc(doc(db, 'userAccess', uid), userAccessOf(uid, ACCESS_WORLD.assignments));
  for (const world of ACCESS_WORLD.workflows) {
    await setDoc(doc(db, 'workflows', world.id), storedWorkflow(world));
    await setDoc(doc(db, 'workflows', world.id, 'versions', '1'), { version: 1, name: `Workflow ${world.id}`, nodes: [], edges: [], savedBy: world.ownerId, savedAt: new Date('2026-01-01T00:00:00Z') });
    // A run of each waiting for its approval step (what `approve` would decide).
    await setDoc(doc(db, 'workflowRuns', `run-${world.id}`), {
      workflowId: world.id,
      ownerId: world.ownerId,
      organizationId: world.organizationId,
      status: 'waiting',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  }
  await setDoc(doc(db, 'credentials/acme-openai'), { type: 'openai', name: 'Acme', ownerKind: 'organization', ownerId: ACCESS_ORG, sealed: { v: 1 } });
});
const { dbOf } = suite;

/** Removes `uid` from acme the way platform-api does: userAccess recomputed without their acme assignments. */
async function removeFromAcme(uid: string): Promise<void> {
  const remaining = ACCESS_WORLD.assignments.filter((assignment) => !(assignment.uid === uid && assignment.organizationId === ACCESS_ORG));
  await suite.asAdmin((db) => setDoc(doc(db, 'userAccess', uid), userAccessOf(uid, remaining)));
}

const allowedIf = <T>(allowed: boolean, attempt: Promise<T>) => (allowed ? assertSucceeds(attempt) : assertFails(attempt));

async function checkRow(db: Firestore, row: AccessCase): Promise<void> {
  const workflow = doc(db, 'workflows', row.workflow);
  const save = (fields: Record<string, unknown>) => updateDoc(workflow, { ...fields, version: increment(1), updatedAt: serverTimestamp() });

  await allowedIf(row.expect.view, getDoc(workflow));
  await allowedIf(row.expect.view, getDoc(doc(workflow, 'versions/1')));
  await allowedIf(row.expect.edit, save({ name: `Renamed by ${row.who}` }));
  // The builder's save with a version snapshot: the same decision as the save.
  let next = 0;
  await suite.asAdmin(async (admin) => {
    next = ((await getDoc(doc(admin, 'workflows', row.workflow))).get('version') as number) + 1;
  });
  const batch = writeBatch(db);
  batch.update(workflow, { name: `Saved by ${row.who}`, version: next, updatedAt: serverTimestamp() });
  batch.set(doc(workflow, 'versions', String(next)), { version: next, name: `Saved by ${row.who}`, nodes: [], edges: [], savedBy: row.who, savedAt: serverTimestamp() });
  await allowedIf(row.expect.edit, batch.commit());

  // Service-only, refused to every browser (the service test covers who may):
  // share: sharedWith is platform-api's (PUT /api/workflows/:id/shares).
  await assertFails(save({ [`sharedWith.${row.who}-friend`]: 'workspace_editor' }));
  await assertFails(save({ sharedWith: deleteField() }));
  // run: runs are started by platform-api (POST /api/workflows/:id/runs).
  await assertFails(setDoc(doc(db, 'workflowRuns', `forged-${row.who}`), { workflowId: row.workflow, ownerId: row.who, status: 'queued' }));
  // useCredential: credentials are decrypted inside platform-api only.
  await assertFails(getDoc(doc(db, 'credentials/acme-openai')));
  // approve: decided through the run's decide route, never by writing the run.
  await assertFails(updateDoc(doc(db, 'workflowRuns', `run-${row.workflow}`), { status: 'running' }));

  // delete: into the trash (a save stamped with the server clock), then for good.
  await allowedIf(row.expect.delete, save({ deletedAt: serverTimestamp() }));
  await allowedIf(row.expect.delete, deleteDoc(workflow));
}

const title = (row: AccessCase) =>
  `${row.who} on ${row.workflow}${row.removedFirst ? ' (after being removed from acme)' : ''}: ` +
  Object.entries(row.expect)
    .map(([action, allowed]) => `${action} ${allowed ? 'yes' : 'no'}`)
    .join(', ');

describe('the access table against the rules', () => {
  test.each(ACCESS_CASES.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    if (row.removedFirst) await removeFromAcme(row.who);
    await checkRow(dbOf(row.who), row);
  });

  test('the table has a row asked after the removal, and the removed user could act before it', () => {
    const removed = ACCESS_CASES.filter((row) => row.who === ACCESS_WORLD.removedUser);
    expect(removed.some((row) => row.removedFirst)).toBe(true);
    expect(removed.some((row) => !row.removedFirst && row.expect.view)).toBe(true);
  });
});

// The catalogue's own code (Firestore Lite in the browser; the full SDK here
// has the same functions), so every query it issues is one the rules allow.
describe('the catalogue’s queries (mf-workflows/src/api/catalogue.ts) are provably readable', () => {
  const catalogueOf = (uid: string) => createFirestoreCatalogueSource(async () => ({ db: dbOf(uid), sdk: firestoreSdk }) as unknown as FirestoreLite);
  const ids = (workflows: ReadonlyArray<{ id: string }>) => workflows.map((workflow) => workflow.id).sort();

  test('personal: my private workflows only (ownerId == me and visibility == private)', async () => {
    expect(ids(await assertSucceeds(catalogueOf('pat').listMine('pat')))).toEqual(['P']);
    // A creator's organization workflows are not "mine", and asking for them alone is refused.
    expect(ids(await assertSucceeds(catalogueOf('erin').listMine('erin')))).toEqual([]);
    await assertFails(getDocs(query(collection(dbOf('erin'), 'workflows'), where('ownerId', '==', 'erin'))));
  });

  test('an organization: the organizations where I hold view_workflows, and their workflows', async () => {
    for (const who of ['olga', 'erin', 'vic']) {
      const catalogue = catalogueOf(who);
      const organizations = await assertSucceeds(catalogue.listOrganizationIds(who));
      expect(organizations).toEqual([ACCESS_ORG]);
      expect(ids(await assertSucceeds(catalogue.listOrganization(organizations)))).toEqual(['S', 'W']);
    }
    expect(await catalogueOf('out').listOrganizationIds('out')).toEqual([]);
    // Not a member (or no longer one): asking for acme's workflows is refused as a whole.
    await assertFails(catalogueOf('out').listOrganization([ACCESS_ORG]));
    await removeFromAcme('max');
    expect(await catalogueOf('max').listOrganizationIds('max')).toEqual([]);
    await assertFails(catalogueOf('max').listOrganization([ACCESS_ORG]));
  });

  test('a member without view_workflows there is not offered the organization (the query would be refused)', async () => {
    await suite.asAdmin((db) => setDoc(doc(db, 'userAccess/lou'), { userId: 'lou', roleIds: ['sales_manager'], permissions: [], organizations: { [ACCESS_ORG]: [] }, organizationIds: [ACCESS_ORG] }));
    expect(await catalogueOf('lou').listOrganizationIds('lou')).toEqual([]);
    await assertFails(catalogueOf('lou').listOrganization([ACCESS_ORG]));
  });

  test('shared with me: sharedWith.<me> in the share roles, from any workspace', async () => {
    expect(ids(await assertSucceeds(catalogueOf('sam').listSharedWithMe('sam')))).toEqual(['P', 'S']);
    expect(await assertSucceeds(catalogueOf('vic').listSharedWithMe('vic'))).toEqual([]);
    // Asking for someone else's shares is refused.
    await assertFails(catalogueOf('out').listSharedWithMe('sam'));
  });

  test('creating in an organization needs edit_workflows there', async () => {
    const blank = { name: 'New', description: '', category: 'automation' as const, industry: 'general' as const, tags: [], nodes: [], edges: [] };
    await assertSucceeds(catalogueOf('erin').createWorkflow({ ...blank, organizationId: ACCESS_ORG }, { uid: 'erin', name: 'Erin' }));
    await assertFails(catalogueOf('rob').createWorkflow({ ...blank, organizationId: ACCESS_ORG }, { uid: 'rob', name: 'Rob' }));
    await assertSucceeds(catalogueOf('rob').createWorkflow(blank, { uid: 'rob', name: 'Rob' }));
  });
});

describe('the workspaces’ server-only collections', () => {
  test('no browser reads, lists or writes a waiting approval or a workspace invitation, not even the one it names', async () => {
    await suite.asAdmin(async (db) => {
      await setDoc(doc(db, 'approvalRequests/run-W_approve'), { runId: 'run-W', nodeId: 'approve', workflowId: 'W', workspaceId: ACCESS_ORG, approvers: ['workspace_editor'] });
      await setDoc(doc(db, 'workspaceInvitations/i1'), { workspaceId: ACCESS_ORG, email: 'sam@example.com', roleId: 'workspace_viewer', invitedBy: 'olga' });
    });
    const olga = dbOf('olga');
    const sam = dbOf('sam', { email: 'sam@example.com', email_verified: true });
    await assertFails(getDoc(doc(olga, 'approvalRequests/run-W_approve')));
    await assertFails(getDocs(query(collection(olga, 'approvalRequests'), where('workspaceId', '==', ACCESS_ORG))));
    await assertFails(setDoc(doc(olga, 'approvalRequests/forged'), { runId: 'run-W', nodeId: 'approve' }));
    await assertFails(getDoc(doc(sam, 'workspaceInvitations/i1')));
    await assertFails(getDocs(query(collection(sam, 'workspaceInvitations'), where('email', '==', 'sam@example.com'))));
    await assertFails(setDoc(doc(sam, 'workspaceInvitations/forged'), { workspaceId: ACCESS_ORG, email: 'sam@example.com', roleId: 'workspace_owner' }));
  });
});
