// Firestore layout of the access-control model, and the reads and writes
// several routes share: documents to model objects, the caller's grants, and
// userAccess/{uid} (recomputed inside the transaction that changes what it
// depends on, because the security rules read it).
import { createHash } from 'node:crypto';
import type { CollectionReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  RBAC_COLLECTIONS,
  grantsFor,
  permissionIdsIn,
  toIso,
  type AuditEntry,
  type Grant,
  type Organization,
  type Permission,
  type PermissionAction,
  type AccessRole,
  type UserAccess,
  type UserRole,
} from '@agentflow/shared/server';

export const USERS_COLLECTION = 'users';
/**
 * rbacBootstrap/{uid}: marks that ADMIN_EMAILS already made this user an
 * administrator once, so a later revocation sticks (service-only; the rules
 * deny browsers by default).
 */
export const BOOTSTRAP_COLLECTION = 'rbacBootstrap';

export interface Collections {
  roles: CollectionReference;
  permissions: CollectionReference;
  userRoles: CollectionReference;
  organizations: CollectionReference;
  auditLog: CollectionReference;
  userAccess: CollectionReference;
  users: CollectionReference;
  bootstrap: CollectionReference;
}

export function collections(db: Firestore): Collections {
  return {
    roles: db.collection(RBAC_COLLECTIONS.roles),
    permissions: db.collection(RBAC_COLLECTIONS.permissions),
    userRoles: db.collection(RBAC_COLLECTIONS.userRoles),
    organizations: db.collection(RBAC_COLLECTIONS.organizations),
    auditLog: db.collection(RBAC_COLLECTIONS.auditLog),
    userAccess: db.collection(RBAC_COLLECTIONS.userAccess),
    users: db.collection(USERS_COLLECTION),
    bootstrap: db.collection(BOOTSTRAP_COLLECTION),
  };
}

const PLAIN_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * One assignment of a role to a user in one scope has one document id, so
 * assigning twice (two admins at once, or the ADMIN_EMAILS bootstrap racing
 * the seed) meets the same document inside the transaction instead of adding
 * a duplicate. Readable when the parts are plain, hashed otherwise.
 */
export function assignmentDocId(userId: string, roleId: string, organizationId: string | null | undefined): string {
  const parts = organizationId ? [userId, roleId, organizationId] : [userId, roleId];
  if (parts.every((part) => PLAIN_ID.test(part))) return parts.join(':');
  return `h-${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export function roleFromDoc(snapshot: DocumentSnapshot): AccessRole {
  const data = snapshot.data() ?? {};
  const role: AccessRole = {
    id: snapshot.id,
    name: str(data.name, snapshot.id),
    description: str(data.description),
    system: str(data.system, 'custom'),
    permissions: strings(data.permissions),
  };
  const google = data.googleEquivalent as { workspace?: unknown; cloudIAM?: unknown } | undefined;
  if (google && typeof google === 'object') role.googleEquivalent = { workspace: str(google.workspace), cloudIAM: str(google.cloudIAM) };
  return role;
}

export function permissionFromDoc(snapshot: DocumentSnapshot): Permission {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    name: str(data.name, snapshot.id),
    description: str(data.description),
    resource: str(data.resource, '*'),
    action: str(data.action, 'read') as PermissionAction,
    system: str(data.system, 'custom'),
  };
}

export function assignmentFromDoc(snapshot: DocumentSnapshot): UserRole {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    userId: str(data.userId),
    roleId: str(data.roleId),
    assignedAt: toIso(data.assignedAt),
    assignedBy: str(data.assignedBy, 'system'),
    organizationId: strOrNull(data.organizationId),
  };
}

export function organizationFromDoc(snapshot: DocumentSnapshot): Organization {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    name: str(data.name, snapshot.id),
    description: str(data.description),
    createdAt: toIso(data.createdAt),
    createdBy: str(data.createdBy, 'system'),
  };
}

export function auditEntryFromDoc(snapshot: DocumentSnapshot): AuditEntry {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    timestamp: toIso(data.timestamp),
    userId: str(data.userId),
    userEmail: strOrNull(data.userEmail),
    action: data.action as AuditEntry['action'],
    targetType: data.targetType as AuditEntry['targetType'],
    targetId: str(data.targetId),
    organizationId: strOrNull(data.organizationId),
    details: data.details && typeof data.details === 'object' ? (data.details as Record<string, unknown>) : {},
    status: data.status === 'failure' ? 'failure' : 'success',
    ipAddress: strOrNull(data.ipAddress),
    userAgent: strOrNull(data.userAgent),
  };
}

/** What userAccess/{uid} must hold for these assignments (see model.ts UserAccess). */
export function computeUserAccess(
  userId: string,
  assignments: readonly Pick<UserRole, 'roleId' | 'organizationId'>[],
  roles: ReadonlyMap<string, Pick<AccessRole, 'permissions'>>,
): UserAccess {
  const grants = grantsFor(assignments, roles);
  const organizationIds = [...new Set(grants.map((grant) => grant.organizationId).filter((id): id is string => !!id))].sort();
  const organizations: Record<string, string[]> = {};
  for (const organizationId of organizationIds) {
    organizations[organizationId] = permissionIdsIn(grants.filter((grant) => grant.organizationId === organizationId), organizationId);
  }
  return {
    userId,
    roleIds: [...new Set(assignments.map((assignment) => assignment.roleId))].sort(),
    permissions: permissionIdsIn(grants.filter((grant) => !grant.organizationId)),
    organizations,
    organizationIds,
  };
}

export async function rolesById(db: Firestore, roleIds: Iterable<string>, tx?: Transaction): Promise<Map<string, AccessRole>> {
  const ids = [...new Set(roleIds)];
  const roles = new Map<string, AccessRole>();
  if (ids.length === 0) return roles;
  const refs = ids.map((id) => collections(db).roles.doc(id));
  const snapshots = tx ? await tx.getAll(...refs) : await db.getAll(...refs);
  for (const snapshot of snapshots) if (snapshot.exists) roles.set(snapshot.id, roleFromDoc(snapshot));
  return roles;
}

export interface CallerAccess {
  assignments: UserRole[];
  grants: Grant[];
  roles: Map<string, AccessRole>;
}

/** A user's assignments and the grants they give (read from userRoles and roles, the source of truth). */
export async function loadAccess(db: Firestore, uid: string): Promise<CallerAccess> {
  const snapshot = await collections(db).userRoles.where('userId', '==', uid).get();
  const assignments = snapshot.docs.map(assignmentFromDoc);
  const roles = await rolesById(db, assignments.map((assignment) => assignment.roleId));
  return { assignments, grants: grantsFor(assignments, roles), roles };
}

/** An assignment as the transaction sees it: its document id and what it says. */
export interface StoredAssignment {
  id: string;
  userId: string;
  roleId: string;
  organizationId: string | null;
}

/**
 * The read half of a userAccess recomputation inside a transaction (reads
 * must come before writes): every assignment of these users.
 */
export async function readAssignmentsOf(tx: Transaction, db: Firestore, userIds: Iterable<string>): Promise<Map<string, StoredAssignment[]>> {
  const result = new Map<string, StoredAssignment[]>();
  for (const userId of new Set(userIds)) {
    const snapshot = await tx.get(collections(db).userRoles.where('userId', '==', userId));
    result.set(
      userId,
      snapshot.docs.map((doc) => {
        const assignment = assignmentFromDoc(doc);
        return { id: doc.id, userId, roleId: assignment.roleId, organizationId: assignment.organizationId ?? null };
      }),
    );
  }
  return result;
}

/**
 * The write half: userAccess/{uid} of each user from the assignments they
 * will have after the transaction and the roles as they will be.
 */
export function writeUserAccess(tx: Transaction, db: Firestore, assignmentsByUser: ReadonlyMap<string, readonly StoredAssignment[]>, roles: ReadonlyMap<string, Pick<AccessRole, 'permissions'>>): void {
  for (const [userId, assignments] of assignmentsByUser) {
    tx.set(collections(db).userAccess.doc(userId), computeUserAccess(userId, assignments, roles));
  }
}
