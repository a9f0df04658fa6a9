// Initialisation at service start (idempotent when instances race) and the
// ADMIN_EMAILS bootstrap of the first administrators.
import { deleteApp } from 'firebase-admin/app';
import { ACCESS_API, ADMIN_ROLE, APPROVER_ROLES, BUILT_IN_ROLES, CORE_PERMISSIONS, GUEST_ROLE, MANAGE_ALL_PERMISSION, ORG_ADMIN_ROLE } from '@agentflow/shared/rbac';
import { type AccessHarness, clearFirestore, firestoreFor, signIn, startAccessHarness } from '../../testing/harness';
import { firestoreAuditWriter } from './audit';
import { bootstrapAdmin } from './bootstrap';
import { INITIALIZE_MESSAGE, initializeRbac } from './initialize';

describe('initializeRbac', () => {
  const projectId = 'demo-agentflow-init';
  const instances = [firestoreFor(projectId), firestoreFor(projectId), firestoreFor(projectId)];
  const db = instances[0]!.db;

  afterAll(async () => {
    for (const instance of instances) await deleteApp(instance.app);
  });

  const initializeEntries = async () => (await db.collection('rbacAuditLogs').where('action', '==', 'INITIALIZE_RBAC').get()).docs.map((doc) => doc.data());

  test.each([1, 2, 3])('three instances starting at once create one admin role and one INITIALIZE_RBAC entry (round %i)', async () => {
    await clearFirestore(projectId);
    const results = await Promise.all(instances.map((instance) => initializeRbac(instance.db)));
    expect(results.filter((result) => result.adminCreated)).toHaveLength(1);
    const roles = await db.collection('roles').get();
    expect(roles.docs.map((doc) => doc.id).sort()).toEqual(BUILT_IN_ROLES.map((role) => role.id).sort());
    expect(roles.docs.find((doc) => doc.id === 'admin')!.data()).toEqual(ADMIN_ROLE);
    expect(roles.docs.find((doc) => doc.id === 'guest')!.data()).toEqual(GUEST_ROLE);
    expect(roles.docs.find((doc) => doc.id === 'org_admin')!.data()).toEqual(ORG_ADMIN_ROLE);
    for (const role of APPROVER_ROLES) expect(roles.docs.find((doc) => doc.id === role.id)!.data()).toEqual(role);
    // A fresh database is audited once, as a whole.
    expect((await db.collection('rbacAuditLogs').get()).size).toBe(1);
    const permissions = await db.collection('permissions').get();
    expect(permissions.size).toBe(1 + CORE_PERMISSIONS.length);
    expect((await db.collection('permissions').doc('manage_all').get()).data()).toEqual(MANAGE_ALL_PERMISSION);
    const entries = await initializeEntries();
    expect(entries).toEqual([
      {
        userId: 'system',
        userEmail: null,
        action: 'INITIALIZE_RBAC',
        targetType: 'rbac',
        targetId: 'admin',
        organizationId: null,
        details: { message: INITIALIZE_MESSAGE },
        status: 'success',
        ipAddress: null,
        userAgent: null,
        timestamp: expect.anything(),
      },
    ]);
    expect(INITIALIZE_MESSAGE).toBe('Default admin role and manage_all permission created');
  });

  test('when everything exists, nothing is written', async () => {
    await clearFirestore(projectId);
    await initializeRbac(db);
    const before = (await db.collection('roles').get()).docs.map((doc) => [doc.id, doc.updateTime.toMillis()]);
    expect(await initializeRbac(db)).toEqual({ adminCreated: false, created: [] });
    const after = (await db.collection('roles').get()).docs.map((doc) => [doc.id, doc.updateTime.toMillis()]);
    expect(after).toEqual(before);
    expect(await initializeEntries()).toHaveLength(1);
  });

  test('when admin exists, it is left alone (no INITIALIZE_RBAC); missing built-ins are still created', async () => {
    await clearFirestore(projectId);
    await db.collection('roles').doc('admin').set({ ...ADMIN_ROLE, description: 'Customised' });
    const result = await initializeRbac(db);
    expect(result.adminCreated).toBe(false);
    expect(result.created).toEqual(expect.arrayContaining(['role:guest', 'role:org_admin', 'permission:manage_roles']));
    expect(result.created).not.toContain('permission:manage_all');
    expect((await db.collection('roles').doc('admin').get()).get('description')).toBe('Customised');
    expect(await initializeEntries()).toEqual([]);
  });

  test('an existing database gains the approver roles it lacks, each audited once; existing roles are left alone', async () => {
    await clearFirestore(projectId);
    await initializeRbac(db);
    // A database initialised before the approver roles existed, one of them already made by hand.
    for (const role of APPROVER_ROLES) await db.collection('roles').doc(role.id).delete();
    await db.collection('roles').doc('sales_manager').set({ ...APPROVER_ROLES[0]!, name: 'Head of sales', permissions: ['read_users'] });
    const before = (await db.collection('roles').get()).docs.map((doc) => [doc.id, doc.updateTime.toMillis()]);

    const results = await Promise.all(instances.map((instance) => initializeRbac(instance.db)));
    const missing = APPROVER_ROLES.filter((role) => role.id !== 'sales_manager').map((role) => `role:${role.id}`);
    expect(results.map((result) => result.created).sort((a, b) => b.length - a.length)).toEqual([missing, [], []]);
    expect(results.every((result) => !result.adminCreated)).toBe(true);

    const roles = await db.collection('roles').get();
    expect(roles.docs.map((doc) => doc.id).sort()).toEqual(BUILT_IN_ROLES.map((role) => role.id).sort());
    expect(roles.docs.find((doc) => doc.id === 'sales_manager')!.data()).toMatchObject({ name: 'Head of sales', permissions: ['read_users'] });
    for (const [id, millis] of before) expect(roles.docs.find((doc) => doc.id === id)!.updateTime.toMillis()).toBe(millis);
    for (const role of APPROVER_ROLES.slice(1)) expect(roles.docs.find((doc) => doc.id === role.id)!.data()).toEqual(role);

    const created = (await db.collection('rbacAuditLogs').where('action', '==', 'CREATE_ROLE').get()).docs.map((doc) => doc.data());
    expect(created.map((entry) => entry.targetId).sort()).toEqual(APPROVER_ROLES.slice(1).map((role) => role.id).sort());
    expect(created[0]).toEqual({
      userId: 'system',
      userEmail: null,
      action: 'CREATE_ROLE',
      targetType: 'role',
      targetId: expect.any(String),
      organizationId: null,
      details: { name: expect.any(String), permissions: [], source: 'initialize' },
      status: 'success',
      ipAddress: null,
      userAgent: null,
      timestamp: expect.anything(),
    });
    expect(await initializeEntries()).toHaveLength(1);
    expect(await initializeRbac(db)).toEqual({ adminCreated: false, created: [] });
  });
});

describe('ADMIN_EMAILS', () => {
  let h: AccessHarness;
  const tag = Date.now().toString(36);
  const boss = `boss-${tag}@example.com`;
  const chief = `chief-${tag}@example.com`;
  const unverified = `unverified-${tag}@example.com`;

  beforeAll(async () => {
    h = await startAccessHarness('bootstrap', { adminEmails: [boss, chief.toUpperCase(), unverified] });
  });

  afterAll(() => h?.close());

  const adminAssignments = async (uid: string) => (await h.db.collection('userRoles').where('userId', '==', uid).where('roleId', '==', 'admin').get()).docs.map((doc) => doc.data());
  const bootstrapEntries = async (uid: string) =>
    (await h.db.collection('rbacAuditLogs').where('targetId', '==', uid).where('action', '==', 'ASSIGN_ROLE').get()).docs.map((doc) => doc.data());

  test('a listed, verified user becomes a global admin on their first call, assigned and audited by system, once', async () => {
    const user = await h.createUser('boss', { email: boss, emailVerified: true });
    // Several first calls at once: one assignment, one entry.
    const responses = await Promise.all([
      h.call('GET', ACCESS_API.me, { user }),
      h.call('GET', ACCESS_API.roles, { user }),
      h.call('GET', ACCESS_API.audit, { user }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await adminAssignments(user.uid)).toEqual([{ userId: user.uid, roleId: 'admin', organizationId: null, assignedBy: 'system', assignedAt: expect.anything() }]);
    expect(await bootstrapEntries(user.uid)).toEqual([
      expect.objectContaining({ userId: 'system', status: 'success', targetType: 'userRole', organizationId: null, details: { roleId: 'admin', organizationId: null, source: 'ADMIN_EMAILS' } }),
    ]);
    expect((await h.db.collection('userAccess').doc(user.uid).get()).data()).toMatchObject({ roleIds: ['admin'], permissions: ['manage_all'] });
    const me = await h.call('GET', ACCESS_API.me, { user });
    expect(me.body.roles).toEqual(['admin']);
    const created = await h.call('POST', ACCESS_API.organizations, { user, body: { name: 'Bootstrapped' } });
    expect(created.status).toBe(201);
  });

  test('two service instances bootstrapping the same user at once: one assignment, one entry', async () => {
    const user = await h.createUser('race', { emailVerified: true });
    const instances = [firestoreFor(h.projectId), firestoreFor(h.projectId)];
    try {
      const outcomes = await Promise.all(
        instances.map(({ db }) => {
          const writer = firestoreAuditWriter(db);
          return bootstrapAdmin(db, user, (entry) => writer.write(entry));
        }),
      );
      expect(outcomes.sort()).toEqual(['already-bootstrapped', 'assigned']);
      expect(await adminAssignments(user.uid)).toHaveLength(1);
      expect(await bootstrapEntries(user.uid)).toHaveLength(1);
    } finally {
      for (const instance of instances) await deleteApp(instance.app);
    }
  });

  test('the list is case-insensitive', async () => {
    const user = await h.createUser('chief', { email: chief, emailVerified: true });
    expect((await h.call('GET', ACCESS_API.me, { user })).body.roles).toEqual(['admin']);
  });

  test('an unverified e-mail is not enough, until it is verified', async () => {
    const user = await h.createUser('unverified', { email: unverified, emailVerified: false });
    const me = await h.call('GET', ACCESS_API.me, { user });
    expect(me.body).toMatchObject({ roles: [], permissions: [] });
    expect(await adminAssignments(user.uid)).toEqual([]);
    expect((await h.call('POST', ACCESS_API.organizations, { user, body: { name: 'No' } })).status).toBe(403);

    await h.auth.updateUser(user.uid, { emailVerified: true });
    const verifiedToken = await signIn(unverified, 'correct-horse-42');
    const after = await h.call('GET', ACCESS_API.me, { user: { ...user, idToken: verifiedToken } });
    expect(after.body.roles).toEqual(['admin']);
  });

  test('an unlisted verified user is not made admin', async () => {
    const user = await h.createUser('nobody', { emailVerified: true });
    expect((await h.call('GET', ACCESS_API.me, { user })).body.roles).toEqual([]);
    expect(await adminAssignments(user.uid)).toEqual([]);
  });

  test('a revoked bootstrap admin stays revoked, even for a new service instance', async () => {
    const user = await h.createUser('boss-again', { email: `again-${boss}`, emailVerified: true });
    const instance = await startAccessHarness('bootstrap', { adminEmails: [user.email], initialize: false, clear: false });
    try {
      expect((await instance.call('GET', ACCESS_API.me, { user })).body.roles).toEqual(['admin']);
      const other = await instance.createAdmin('other-admin');
      expect((await instance.call('POST', ACCESS_API.revoke, { user: other, body: { userId: user.uid, roleId: 'admin' } })).status).toBe(200);
      expect((await instance.call('GET', ACCESS_API.me, { user })).body.roles).toEqual([]);
    } finally {
      await instance.close();
    }
    // Another instance (nothing cached in memory) does not give it back.
    const restarted = await startAccessHarness('bootstrap', { adminEmails: [user.email], initialize: false, clear: false });
    try {
      expect((await restarted.call('GET', ACCESS_API.me, { user })).body.roles).toEqual([]);
      expect(await adminAssignments(user.uid)).toEqual([]);
      expect(await bootstrapEntries(user.uid)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  test('a service that starts on an empty database initialises before it bootstraps', async () => {
    const fresh = await startAccessHarness('bootstrap-empty', { adminEmails: [`first-${boss}`], initialize: false });
    try {
      const user = await fresh.createUser('first', { email: `first-${boss}`, emailVerified: true });
      const me = await fresh.call('GET', ACCESS_API.me, { user });
      expect(me.body.roles).toEqual(['admin']);
      expect(me.body.permissions).toContain('manage_roles');
      expect((await fresh.db.collection('rbacAuditLogs').where('action', '==', 'INITIALIZE_RBAC').get()).size).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
