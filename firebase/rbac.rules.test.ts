// Security rules of the access-control collections, against the real
// Firestore emulator: browsers read roles, permissions, their own assignments
// and organizations, and the audit log only with the audit-read permission;
// they never write any of it (platform-api does, with the Admin SDK).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesSuite } from './rulesTestEnv';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';

const suite = rulesSuite('demo-agentflow-rbac-rules', async (db) => {
  await setDoc(doc(db, 'permissions/manage_all'), { name: 'Manage All', description: 'Full control over all resources', resource: '*', action: 'manage', system: 'core' });
  await setDoc(doc(db, 'roles/admin'), { name: 'Admin', description: 'Administrator with full access', system: 'core', permissions: ['manage_all'] });
  await setDoc(doc(db, 'roles/org_admin'), { name: 'Organization admin', description: '', system: 'core', permissions: ['read_audit_log', 'assign_roles'] });
  await setDoc(doc(db, 'organizations/acme'), { name: 'Acme', description: '', createdBy: 'root' });
  await setDoc(doc(db, 'organizations/globex'), { name: 'Globex', description: '', createdBy: 'root' });
  await setDoc(doc(db, 'userRoles/alice-org'), { userId: 'alice', roleId: 'org_admin', organizationId: 'acme', assignedBy: 'root' });
  await setDoc(doc(db, 'userRoles/root-admin'), { userId: 'root', roleId: 'admin', organizationId: null, assignedBy: 'system' });
  // The access summaries platform-api keeps.
  await setDoc(doc(db, 'userAccess/alice'), { userId: 'alice', roleIds: ['org_admin'], permissions: [], organizations: { acme: ['assign_roles', 'read_audit_log'] }, organizationIds: ['acme'] });
  await setDoc(doc(db, 'userAccess/root'), { userId: 'root', roleIds: ['admin'], permissions: ['manage_all'], organizations: {}, organizationIds: [] });
  await setDoc(doc(db, 'userAccess/bob'), { userId: 'bob', roleIds: [], permissions: [], organizations: {}, organizationIds: [] });
  await setDoc(doc(db, 'rbacAuditLogs/acme-entry'), { action: 'ASSIGN_ROLE', userId: 'root', organizationId: 'acme', status: 'success' });
  await setDoc(doc(db, 'rbacAuditLogs/globex-entry'), { action: 'ASSIGN_ROLE', userId: 'root', organizationId: 'globex', status: 'success' });
  await setDoc(doc(db, 'rbacAuditLogs/global-entry'), { action: 'CREATE_ROLE', userId: 'root', organizationId: null, status: 'success' });
});
const { dbOf, guestDb } = suite;

describe('roles and permissions', () => {
  test('anyone may read them, signed in or not', async () => {
    await assertSucceeds(getDocs(collection(guestDb(), 'roles')));
    await assertSucceeds(getDoc(doc(guestDb(), 'permissions/manage_all')));
    await assertSucceeds(getDocs(collection(dbOf('bob'), 'permissions')));
  });

  test('nobody may write them from a browser, admins included', async () => {
    for (const db of [guestDb(), dbOf('bob'), dbOf('root')]) {
      await assertFails(setDoc(doc(db, 'roles/hacker'), { name: 'Hacker', permissions: ['manage_all'] }));
      await assertFails(updateDoc(doc(db, 'roles/admin'), { permissions: [] }));
      await assertFails(deleteDoc(doc(db, 'permissions/manage_all')));
    }
  });
});

describe('assignments', () => {
  test('a user reads only their own assignments', async () => {
    await assertSucceeds(getDocs(query(collection(dbOf('alice'), 'userRoles'), where('userId', '==', 'alice'))));
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'userRoles/alice-org')));
    await assertFails(getDoc(doc(dbOf('alice'), 'userRoles/root-admin')));
    await assertFails(getDocs(collection(dbOf('alice'), 'userRoles')));
    await assertFails(getDocs(query(collection(guestDb(), 'userRoles'), where('userId', '==', 'alice'))));
  });

  test('escalation by writing userRoles or userAccess directly is denied', async () => {
    const bob = dbOf('bob');
    await assertFails(setDoc(doc(bob, 'userRoles/bob-admin'), { userId: 'bob', roleId: 'admin', organizationId: null, assignedBy: 'bob' }));
    await assertFails(updateDoc(doc(bob, 'userAccess/bob'), { permissions: ['manage_all'] }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'userRoles/alice-org')));
    await assertFails(setDoc(doc(dbOf('root'), 'userRoles/anything'), { userId: 'bob', roleId: 'admin' }));
  });

  test('a user reads their own access summary only', async () => {
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'userAccess/alice')));
    await assertFails(getDoc(doc(dbOf('alice'), 'userAccess/root')));
    await assertFails(getDoc(doc(guestDb(), 'userAccess/alice')));
  });
});

describe('organizations', () => {
  test('members read their organization; others and guests do not', async () => {
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'organizations/acme')));
    await assertFails(getDoc(doc(dbOf('alice'), 'organizations/globex')));
    await assertFails(getDoc(doc(dbOf('bob'), 'organizations/acme')));
    await assertFails(getDoc(doc(guestDb(), 'organizations/acme')));
  });

  test('a global manager of organizations reads them all; nobody writes', async () => {
    await assertSucceeds(getDocs(collection(dbOf('root'), 'organizations')));
    await assertFails(setDoc(doc(dbOf('root'), 'organizations/initech'), { name: 'Initech' }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'organizations/acme'), { name: 'Mine now' }));
  });
});

describe('audit log', () => {
  test('readable with the audit-read permission: globally, or per organization', async () => {
    await assertSucceeds(getDocs(collection(dbOf('root'), 'rbacAuditLogs')));
    await assertSucceeds(getDocs(query(collection(dbOf('alice'), 'rbacAuditLogs'), where('organizationId', '==', 'acme'))));
    await assertSucceeds(getDoc(doc(dbOf('alice'), 'rbacAuditLogs/acme-entry')));
  });

  test('not readable without it, nor outside the organization it is held in', async () => {
    await assertFails(getDocs(collection(dbOf('bob'), 'rbacAuditLogs')));
    await assertFails(getDocs(collection(dbOf('alice'), 'rbacAuditLogs')));
    await assertFails(getDoc(doc(dbOf('alice'), 'rbacAuditLogs/globex-entry')));
    await assertFails(getDoc(doc(dbOf('alice'), 'rbacAuditLogs/global-entry')));
    await assertFails(getDocs(collection(guestDb(), 'rbacAuditLogs')));
    await assertFails(getDocs(collection(dbOf('nobody'), 'rbacAuditLogs')));
  });

  test('nobody forges or erases audit entries from a browser', async () => {
    await assertFails(setDoc(doc(dbOf('root'), 'rbacAuditLogs/forged'), { action: 'ASSIGN_ROLE', status: 'success' }));
    await assertFails(updateDoc(doc(dbOf('root'), 'rbacAuditLogs/acme-entry'), { status: 'failure' }));
    await assertFails(deleteDoc(doc(dbOf('root'), 'rbacAuditLogs/acme-entry')));
  });
});
