// An organization workspace's trash through the catalogue's own code
// (mf-workflows/src/api/catalogue.ts) against the rules (issue 21): who may
// delete the workspace's workflows (admin, owner) moves one to the trash,
// lists the trash, restores and deletes forever; an editor, a runner and a
// viewer are refused those writes, and someone outside the workspace reads
// nothing of it. The catalogue's Trash tab is shown to the first only.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import * as firestoreSdk from 'firebase/firestore';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { BUILT_IN_ROLES, grantsFor, permissionIdsIn } from '@agentflow/shared/rbac';
import type { FirestoreLite } from '@agentflow/shared';
import { workflowFromDocument } from '@agentflow/shared/workflow';
import { createFirestoreCatalogueSource } from '../mf-workflows/src/api/catalogue';
import { rulesSuite } from './rulesTestEnv';

const ORG = 'acme';
const ROLES = new Map(BUILT_IN_ROLES.map((role) => [role.id, role]));
const MEMBERS = { olga: 'workspace_owner', adam: 'workspace_admin', erin: 'workspace_editor', rob: 'workspace_runner', vic: 'workspace_viewer' } as const;

/** userAccess/{uid} as platform-api writes it for a member of acme. */
function memberAccess(uid: string, roleId: string) {
  const grants = grantsFor([{ roleId, organizationId: ORG }], ROLES);
  return { userId: uid, roleIds: [roleId], permissions: [], organizations: { [ORG]: permissionIdsIn(grants, ORG) }, organizationIds: [ORG] };
}

const stored = (name: string, deletedAt: Date | null) => ({
  ownerId: 'erin',
  organizationId: ORG,
  name,
  description: '',
  category: 'automation',
  industry: 'general',
  tags: [],
  visibility: 'organization',
  version: 1,
  nodes: [],
  edges: [],
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  deletedAt,
});

const suite = rulesSuite('demo-agentflow-workspace-trash-rules', async (db) => {
  for (const [uid, roleId] of Object.entries(MEMBERS)) await setDoc(doc(db, 'userAccess', uid), memberAccess(uid, roleId));
  await setDoc(doc(db, 'workflows/live'), stored('Live', null));
  await setDoc(doc(db, 'workflows/old'), stored('Old', new Date('2026-03-01T10:00:00Z')));
});
const catalogueOf = (uid: string) => createFirestoreCatalogueSource(async () => ({ db: suite.dbOf(uid), sdk: firestoreSdk }) as unknown as FirestoreLite);
const ids = (workflows: ReadonlyArray<{ id: string }>) => workflows.map((workflow) => workflow.id);
/** The workflow as the catalogue holds it (read past the rules). */
async function workflow(id: string) {
  let data: Record<string, unknown> = {};
  await suite.asAdmin(async (db) => {
    data = (await getDoc(doc(db, 'workflows', id))).data() ?? {};
  });
  return workflowFromDocument(id, data);
}

describe.each(['olga', 'adam'])('%s (who may delete in the workspace)', (uid) => {
  test('lists the trash, restores, trashes and deletes forever', async () => {
    const catalogue = catalogueOf(uid);
    expect(ids(await assertSucceeds(catalogue.listOrganizationTrash(ORG)))).toEqual(['old']);
    await assertSucceeds(catalogue.setTrashed(await workflow('old'), false));
    expect(ids(await catalogue.listOrganization([ORG]))).toEqual(['live', 'old']);
    await assertSucceeds(catalogue.setTrashed(await workflow('live'), true));
    expect(ids(await catalogue.listOrganizationTrash(ORG))).toEqual(['live']);
    await assertSucceeds(catalogue.deleteForever(await workflow('live')));
    expect(await catalogue.listOrganizationTrash(ORG)).toEqual([]);
  });
});

describe.each(['erin', 'rob', 'vic'])('%s (a member who may not delete)', (uid) => {
  test('is refused trashing, restoring and deleting forever', async () => {
    const catalogue = catalogueOf(uid);
    await assertFails(catalogue.setTrashed(await workflow('live'), true));
    await assertFails(catalogue.setTrashed(await workflow('old'), false));
    await assertFails(catalogue.deleteForever(await workflow('old')));
    expect(ids(await catalogueOf('adam').listOrganizationTrash(ORG))).toEqual(['old']);
  });
});

test('someone outside the workspace reads nothing of its trash', async () => {
  await assertFails(catalogueOf('out').listOrganizationTrash(ORG));
});
