// A workspace's settings (approvalLinksRequireSignIn; set by platform-api's
// PATCH /api/workspaces/:id/settings) are written by no browser, not even
// the workspace's owner: on organizations/{id}, on the personal workspace's
// workspaceSettings/user:<uid>, or smuggled into the owner's own profile.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const OWNER_PERMISSIONS = ['view_workflows', 'run_workflows', 'edit_workflows', 'manage_members', 'assign_roles', 'manage_organizations'];

const { dbOf, asAdmin } = rulesSuite('demo-agentflow-workspace-settings-rules', async (db) => {
  await setDoc(doc(db, 'organizations/acme'), { name: 'Acme', ownerId: 'olga', approvalLinksRequireSignIn: true });
  await setDoc(doc(db, 'userAccess/olga'), { permissions: [], organizationIds: ['acme'], organizations: { acme: OWNER_PERMISSIONS } });
  await setDoc(doc(db, 'workspaceSettings/user:olga'), { approvalLinksRequireSignIn: true });
  await setDoc(doc(db, 'users/olga'), { email: 'olga@example.com', displayName: 'Olga', photoURL: null, phoneNumber: null, roles: ['free'], preferences: {}, createdAt: new Date(), lastLogin: new Date() });
});

test("the organization's owner reads it but cannot switch its approval links' sign-in off", async () => {
  await assertSucceeds(getDoc(doc(dbOf('olga'), 'organizations/acme')));
  await assertFails(updateDoc(doc(dbOf('olga'), 'organizations/acme'), { approvalLinksRequireSignIn: false }));
});

test("a personal workspace's settings are neither written nor read by browsers, and a profile cannot carry them", async () => {
  await assertFails(setDoc(doc(dbOf('olga'), 'workspaceSettings/user:olga'), { approvalLinksRequireSignIn: false }));
  await assertFails(getDoc(doc(dbOf('olga'), 'workspaceSettings/user:olga')));
  await assertFails(updateDoc(doc(dbOf('olga'), 'users/olga'), { approvalLinksRequireSignIn: false }));
  // The profile's own display fields stay writable (the refusal above is the field, not the document).
  await assertSucceeds(updateDoc(doc(dbOf('olga'), 'users/olga'), { displayName: 'Olga K.' }));
  await asAdmin(async (db) => {
    expect((await getDoc(doc(db, 'organizations/acme'))).get('approvalLinksRequireSignIn')).toBe(true);
  });
});
