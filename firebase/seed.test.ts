// The seed script, run as `npm start` runs it (a separate process), twice.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { WORKFLOW_TEMPLATES } from '@agentflow/shared/workflow';
import { WORKSPACE_ROLE_PERMISSIONS } from '@agentflow/shared/rbac';

const run = promisify(execFile);
const SEED = path.join(__dirname, 'seed.mjs');
const ADMIN = { uid: 'admin-user', email: 'admin@agentflow.local', password: 'agentflow-admin' };

async function deleteAccount(uid: string): Promise<void> {
  await getAdminAuth()
    .deleteUser(uid)
    .catch((error: { code?: string }) => {
      if (error.code !== 'auth/user-not-found') throw error;
    });
}

/** The admin account's Firestore state, so the first run below starts from nothing. */
async function forgetAdmin(): Promise<void> {
  const db = getAdminDb();
  const assignments = await db.collection('userRoles').where('userId', '==', ADMIN.uid).get();
  const batch = db.batch();
  for (const doc of assignments.docs) batch.delete(doc.ref);
  for (const ref of [db.collection('userAccess').doc(ADMIN.uid), db.collection('rbacBootstrap').doc(ADMIN.uid), db.collection('users').doc(ADMIN.uid)]) batch.delete(ref);
  await batch.commit();
}

/** The demo workspace and the demo user's roles, so the first run below creates them. */
async function forgetDemoWorkspace(): Promise<void> {
  const db = getAdminDb();
  const assignments = await db.collection('userRoles').where('userId', '==', 'demo-user').get();
  const batch = db.batch();
  for (const doc of assignments.docs) batch.delete(doc.ref);
  for (const ref of [db.collection('userAccess').doc('demo-user'), db.collection('organizations').doc('demo-team')]) batch.delete(ref);
  await batch.commit();
}

const adminAssignEntries = async () =>
  (await getAdminDb().collection('rbacAuditLogs').where('targetId', '==', ADMIN.uid).where('action', '==', 'ASSIGN_ROLE').get()).docs.map((doc) => doc.data());

test('seeding is safe to run twice: the demo and admin accounts, access control and the admin role are created once, then left unchanged', async () => {
  const { auth: authHost } = emulatorHosts();
  await deleteAccount('demo-user');
  await deleteAccount(ADMIN.uid);
  await forgetAdmin();
  await forgetDemoWorkspace();
  const templates = await getAdminDb().collection('workflows').where('visibility', '==', 'template').get();
  await Promise.all(templates.docs.map((doc) => doc.ref.delete()));
  const entriesBefore = (await adminAssignEntries()).length;

  const first = await run(process.execPath, [SEED]);
  expect(first.stdout).toContain('demo user created (demo@agentflow.local)');
  expect(first.stdout).toContain('admin user created (admin@agentflow.local), profile created, admin role assigned');
  const second = await run(process.execPath, [SEED]);
  expect(second.stdout).toContain('demo user unchanged');
  expect(second.stdout).toContain('access control unchanged');
  expect(first.stdout).toMatch(/workflow templates \d+ created, 0 updated, 0 unchanged/);
  expect(second.stdout).toMatch(/workflow templates 0 created, 0 updated, \d+ unchanged/);
  const stored = await getAdminDb().collection('workflows').where('visibility', '==', 'template').get();
  expect(stored.docs.map((doc) => doc.id).sort()).toEqual(WORKFLOW_TEMPLATES.map((template) => template.id).sort());
  expect(stored.docs.every((doc) => doc.get('ownerId') === 'system' && Array.isArray(doc.get('nodes')))).toBe(true);
  expect(second.stdout).toContain('admin user unchanged (admin@agentflow.local), profile unchanged, admin role already-bootstrapped');
  expect(first.stdout).toContain('demo workspace created (demo-team, workspace_owner: demo@agentflow.local)');
  expect(second.stdout).toContain('demo workspace unchanged');

  const demo = await getAdminAuth().getUser('demo-user');
  expect(demo.email).toBe('demo@agentflow.local');
  expect(demo.displayName).toBe('Demo User');
  const { users } = await getAdminAuth().getUsers([{ email: 'demo@agentflow.local' }]);
  expect(users).toHaveLength(1);

  // The admin account: verified, signs in with the local password, has a profile.
  const admin = await getAdminAuth().getUser(ADMIN.uid);
  expect(admin).toMatchObject({ email: ADMIN.email, emailVerified: true });
  const signIn = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, returnSecureToken: true }),
  });
  expect(signIn.status).toBe(200);
  const db = getAdminDb();
  expect((await db.collection('users').doc(ADMIN.uid).get()).data()).toMatchObject({ email: ADMIN.email, roles: ['b2c_user'] });

  // Access control: the built-ins once, the admin role assigned once by 'system'.
  expect((await db.collection('roles').doc('admin').get()).get('permissions')).toEqual(['manage_all']);
  expect((await db.collection('roles').doc('guest').get()).exists).toBe(true);
  expect((await db.collection('permissions').doc('manage_all').get()).exists).toBe(true);
  expect((await db.collection('rbacAuditLogs').where('action', '==', 'INITIALIZE_RBAC').get()).size).toBe(1);
  const assignments = (await db.collection('userRoles').where('userId', '==', ADMIN.uid).get()).docs.map((doc) => doc.data());
  expect(assignments).toEqual([{ userId: ADMIN.uid, roleId: 'admin', organizationId: null, assignedBy: 'system', assignedAt: expect.anything() }]);
  expect((await db.collection('userAccess').doc(ADMIN.uid).get()).data()).toMatchObject({ roleIds: ['admin'], permissions: ['manage_all'] });
  // The demo workspace: an organization the demo user owns, with the rights the rules read in userAccess.
  expect((await db.collection('organizations').doc('demo-team').get()).data()).toMatchObject({ name: 'Demo team', ownerId: 'demo-user', createdBy: 'demo-user' });
  const demoAssignments = (await db.collection('userRoles').where('userId', '==', 'demo-user').get()).docs.map((doc) => doc.data());
  expect(demoAssignments).toEqual([{ userId: 'demo-user', roleId: 'workspace_owner', organizationId: 'demo-team', assignedBy: 'system', assignedAt: expect.anything() }]);
  const demoAccess = (await db.collection('userAccess').doc('demo-user').get()).data();
  expect(demoAccess).toMatchObject({ roleIds: ['workspace_owner'], permissions: [], organizationIds: ['demo-team'] });
  expect([...(demoAccess?.organizations['demo-team'] as string[])].sort()).toEqual([...WORKSPACE_ROLE_PERMISSIONS.workspace_owner].sort());
  const entries = await adminAssignEntries();
  expect(entries).toHaveLength(entriesBefore + 1);
  expect(entries).toContainEqual(expect.objectContaining({ userId: 'system', status: 'success', details: { roleId: 'admin', organizationId: null, source: 'seed' } }));
});

test('seeding refuses to run against a real project by accident', async () => {
  const env = { ...process.env, FIRESTORE_EMULATOR_HOST: '', FIREBASE_AUTH_EMULATOR_HOST: '' };
  await expect(run(process.execPath, [SEED], { env })).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('Refusing to seed'),
  });
});
