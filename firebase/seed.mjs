#!/usr/bin/env node
// Seeds what the local platform needs, safely repeatable: every step looks
// before it writes, so running it twice changes nothing the second time.
// Talks to the emulators (FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST)
// and refuses to run against a real project unless told to.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { DEFAULT_DEMO_USER } from '@agentflow/shared/runtime-config';
import { WORKFLOW_TEMPLATES } from '@agentflow/shared/workflow';

// The same account the browser's 'Try the demo' signs in with (run-time config).
export const DEMO_USER = {
  uid: 'demo-user',
  email: process.env.DEMO_USER_EMAIL || DEFAULT_DEMO_USER.email,
  password: process.env.DEMO_USER_PASSWORD || DEFAULT_DEMO_USER.password,
  displayName: 'Demo User',
};

// The local administrator: ADMIN_EMAILS names it for `npm start` and the e2e
// stack, and the seed makes it a global `admin` (assigned by 'system').
export const ADMIN_USER = {
  uid: 'admin-user',
  email: 'admin@agentflow.local',
  password: 'agentflow-admin',
  displayName: 'Agentflow Admin',
};

// A shared workspace (issue 21: an organization is a workspace) owned by the
// demo user, so a local user sees the workspace switcher with more than their
// personal workspace. Its id is fixed: seeding twice finds it.
export const DEMO_WORKSPACE = {
  id: 'demo-team',
  name: 'Demo team',
  description: 'A shared workspace for trying workflows together',
};
export const DEMO_WORKSPACE_ROLE = 'workspace_owner';

// Access-control initialisation and the admin bootstrap are platform-api's
// own code, loaded from its build so the seed and the service cannot differ.
const ACCESS_MODULE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../platform-api/dist/access/index.js');

async function loadAccessModule() {
  if (!existsSync(ACCESS_MODULE)) {
    throw new Error(`${path.relative(process.cwd(), ACCESS_MODULE)} is missing: build platform-api first (npm run build).`);
  }
  return import(pathToFileURL(ACCESS_MODULE).href);
}

/**
 * The industry templates (shared/src/domain/workflow/templates) as public
 * workflows/{id} documents: created when missing, brought up to date when the
 * shipped template changed, otherwise left alone.
 */
export async function ensureTemplates(db) {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const { id, createdAt: _created, updatedAt: _updated, ...template } of WORKFLOW_TEMPLATES) {
    const ref = db.collection('workflows').doc(id);
    const stored = await ref.get();
    if (!stored.exists) {
      await ref.set({ ...template, createdAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
      counts.created++;
      continue;
    }
    const { createdAt: _a, updatedAt: _b, ...current } = stored.data();
    if (JSON.stringify(sortKeys(current)) === JSON.stringify(sortKeys(template))) {
      counts.unchanged++;
    } else {
      await ref.set({ ...template, createdAt: stored.get('createdAt'), updatedAt: FieldValue.serverTimestamp() });
      counts.updated++;
    }
  }
  return counts;
}

/** A deep copy with object keys in order, so stored and shipped templates compare by content. */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
  return value;
}

/** Creates the account if missing; makes its e-mail and display name match. Never resets a password. */
async function ensureAccount(auth, account, { emailVerified }) {
  try {
    const existing = await auth.getUser(account.uid);
    if (existing.email === account.email && existing.displayName === account.displayName && (!emailVerified || existing.emailVerified)) {
      return 'unchanged';
    }
    await auth.updateUser(account.uid, { email: account.email, displayName: account.displayName, ...(emailVerified ? { emailVerified: true } : {}) });
    return 'updated';
  } catch (error) {
    if (error.code !== 'auth/user-not-found') throw error;
    await auth.createUser({ ...account, emailVerified: true });
    return 'created';
  }
}

/** users/{uid}, as the browser creates it on a first sign-in, if missing. */
async function ensureProfile(db, account) {
  const ref = db.collection('users').doc(account.uid);
  const created = await db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    tx.create(ref, {
      email: account.email,
      displayName: account.displayName,
      photoURL: null,
      phoneNumber: null,
      roles: ['b2c_user'],
      preferences: {},
      createdAt: FieldValue.serverTimestamp(),
      lastLogin: FieldValue.serverTimestamp(),
    });
    return true;
  });
  return created ? 'created' : 'unchanged';
}

/**
 * The demo workspace (organizations/{id}, owned by the demo user) and the
 * demo user's workspace_owner role in it, with their userAccess rebuilt as
 * platform-api does (computeUserAccess: the security rules read it), in one
 * transaction; audited by 'system' like the admin bootstrap.
 * @returns {Promise<'created' | 'unchanged'>}
 */
async function ensureDemoWorkspace(db, access, audit) {
  const { organizations, userRoles, userAccess, roles } = access.collections(db);
  const organizationRef = organizations.doc(DEMO_WORKSPACE.id);
  const assignmentRef = userRoles.doc(access.assignmentDocId(DEMO_USER.uid, DEMO_WORKSPACE_ROLE, DEMO_WORKSPACE.id));
  const outcome = await db.runTransaction(async (tx) => {
    const [organization, assignment] = await tx.getAll(organizationRef, assignmentRef);
    if (organization.exists && assignment.exists) return { organization: false, assignment: false };
    const held = (await tx.get(userRoles.where('userId', '==', DEMO_USER.uid))).docs.map((doc) => ({
      roleId: doc.get('roleId'),
      organizationId: doc.get('organizationId') ?? null,
    }));
    const after = assignment.exists ? held : [...held, { roleId: DEMO_WORKSPACE_ROLE, organizationId: DEMO_WORKSPACE.id }];
    const roleIds = [...new Set(after.map((item) => item.roleId))];
    const roleDocs = await tx.getAll(...roleIds.map((id) => roles.doc(id)));
    const roleMap = new Map(roleDocs.filter((doc) => doc.exists).map((doc) => [doc.id, { permissions: doc.get('permissions') ?? [] }]));
    if (!organization.exists) {
      tx.create(organizationRef, { id: DEMO_WORKSPACE.id, name: DEMO_WORKSPACE.name, description: DEMO_WORKSPACE.description, createdAt: FieldValue.serverTimestamp(), createdBy: DEMO_USER.uid, ownerId: DEMO_USER.uid });
    }
    if (!assignment.exists) {
      tx.create(assignmentRef, { userId: DEMO_USER.uid, roleId: DEMO_WORKSPACE_ROLE, assignedAt: FieldValue.serverTimestamp(), assignedBy: 'system', organizationId: DEMO_WORKSPACE.id });
    }
    tx.set(userAccess.doc(DEMO_USER.uid), access.computeUserAccess(DEMO_USER.uid, after, roleMap));
    return { organization: !organization.exists, assignment: !assignment.exists };
  });
  const entry = { userId: 'system', userEmail: null, organizationId: DEMO_WORKSPACE.id, status: 'success', ipAddress: null, userAgent: null };
  if (outcome.organization) {
    await audit({ ...entry, action: 'CREATE_ORGANIZATION', targetType: 'organization', targetId: DEMO_WORKSPACE.id, details: { name: DEMO_WORKSPACE.name, source: 'seed' } });
  }
  if (outcome.assignment) {
    await audit({ ...entry, action: 'ASSIGN_ROLE', targetType: 'userRole', targetId: DEMO_USER.uid, details: { roleId: DEMO_WORKSPACE_ROLE, organizationId: DEMO_WORKSPACE.id, source: 'seed' } });
  }
  return outcome.organization || outcome.assignment ? 'created' : 'unchanged';
}

/**
 * @returns {Promise<{
 *   demoUser: 'created' | 'unchanged' | 'updated',
 *   adminUser: 'created' | 'unchanged' | 'updated' | 'skipped',
 *   adminProfile: 'created' | 'unchanged' | 'skipped',
 *   rbac: { adminCreated: boolean, created: string[] },
 *   adminRole: 'assigned' | 'already-admin' | 'already-bootstrapped' | 'skipped',
 *   demoWorkspace: 'created' | 'unchanged' | 'skipped',
 * }>}
 */
export async function seed({ projectId = process.env.FIREBASE_PROJECT_ID || 'demo-agentflow', allowRealProject = false } = {}) {
  const onEmulators = Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST && process.env.FIRESTORE_EMULATOR_HOST);
  if (!onEmulators) {
    if (!allowRealProject) {
      throw new Error('Refusing to seed: FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST are not set (pass --real-project to seed a real project).');
    }
  }
  const app = getApps().find((candidate) => candidate.name === 'seed') ?? initializeApp({ projectId }, 'seed');
  const auth = getAuth(app);

  // The demo account behind "Try the demo" (the auth issue uses it).
  let demoUser;
  try {
    const existing = await auth.getUser(DEMO_USER.uid);
    if (existing.email === DEMO_USER.email && existing.displayName === DEMO_USER.displayName) {
      demoUser = 'unchanged';
    } else {
      await auth.updateUser(DEMO_USER.uid, { email: DEMO_USER.email, displayName: DEMO_USER.displayName });
      demoUser = 'updated';
    }
  } catch (error) {
    if (error.code !== 'auth/user-not-found') throw error;
    await auth.createUser({ ...DEMO_USER, emailVerified: true });
    demoUser = 'created';
  }

  // Access control: the built-in roles and permissions, then (on the
  // emulators only: its password is public) the local administrator with a
  // profile and the global `admin` role. A real project gets its first
  // administrators from platform-api's ADMIN_EMAILS instead.
  const access = await loadAccessModule();
  const db = getFirestore(app);
  const rbac = await access.initializeRbac(db);
  const templates = await ensureTemplates(db);
  if (!onEmulators) return { demoUser, adminUser: 'skipped', adminProfile: 'skipped', rbac, adminRole: 'skipped', templates, demoWorkspace: 'skipped' };
  const adminUser = await ensureAccount(auth, ADMIN_USER, { emailVerified: true });
  const adminProfile = await ensureProfile(db, ADMIN_USER);
  const audit = access.firestoreAuditWriter(db);
  const adminRole = await access.bootstrapAdmin(db, { uid: ADMIN_USER.uid, email: ADMIN_USER.email }, (entry) => audit.write(entry), 'seed');
  const demoWorkspace = await ensureDemoWorkspace(db, access, (entry) => audit.write(entry));
  return { demoUser, adminUser, adminProfile, rbac, adminRole, templates, demoWorkspace };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  seed({ allowRealProject: process.argv.includes('--real-project') })
    .then((result) => {
      console.log(`seed: demo user ${result.demoUser} (${DEMO_USER.email})`);
      console.log(`seed: access control ${result.rbac.created.length > 0 ? `initialised (created ${result.rbac.created.join(', ')})` : 'unchanged'}`);
      console.log(`seed: admin user ${result.adminUser} (${ADMIN_USER.email}), profile ${result.adminProfile}, admin role ${result.adminRole}`);
      const t = result.templates;
      console.log(`seed: workflow templates ${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged`);
      console.log(`seed: demo workspace ${result.demoWorkspace} (${DEMO_WORKSPACE.id}, ${DEMO_WORKSPACE_ROLE}: ${DEMO_USER.email})`);
      process.exit(0);
    })
    .catch((error) => {
      console.error(`seed: ${error.message}`);
      process.exit(1);
    });
}
