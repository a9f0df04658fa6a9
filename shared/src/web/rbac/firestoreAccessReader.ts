// The RBACProvider's default reader: Firestore, under security rules. The
// Firestore SDK (about 160 kB) is imported on first read, through the lazy
// getters of firebase/web.ts, never statically: the shared entry must stay
// light for the first view.
import type { DocumentData } from 'firebase/firestore';
import { getFirestoreDb } from '../firebase/web.js';
import type { AccessReader } from '../../domain/rbac/accessReader.js';
import { toIso } from '../../domain/validation/time.js';
import { PERMISSION_ACTIONS, RBAC_COLLECTIONS, type Permission, type PermissionAction, type Role, type UserRole } from '../../domain/rbac/model.js';

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** A Firestore Timestamp (or Date, or ISO string) as ISO 8601; null when absent or unreadable: the domain's toIso. */
export const isoTime = toIso;

export function roleFromDocument(id: string, data: DocumentData): Role {
  const role: Role = {
    id,
    name: text(data.name, id),
    description: text(data.description),
    system: text(data.system, 'custom'),
    permissions: strings(data.permissions),
  };
  const equivalent = data.googleEquivalent as { workspace?: unknown; cloudIAM?: unknown } | undefined;
  if (equivalent && typeof equivalent === 'object') {
    role.googleEquivalent = { workspace: text(equivalent.workspace), cloudIAM: text(equivalent.cloudIAM) };
  }
  return role;
}

export function permissionFromDocument(id: string, data: DocumentData): Permission {
  const action = (PERMISSION_ACTIONS as readonly string[]).includes(data.action) ? (data.action as PermissionAction) : 'read';
  return {
    id,
    name: text(data.name, id),
    description: text(data.description),
    resource: text(data.resource, '*'),
    action,
    system: text(data.system, 'custom'),
  };
}

export function userRoleFromDocument(id: string, data: DocumentData): UserRole {
  return {
    id,
    userId: text(data.userId),
    roleId: text(data.roleId),
    assignedAt: isoTime(data.assignedAt),
    assignedBy: text(data.assignedBy, 'system'),
    organizationId: typeof data.organizationId === 'string' && data.organizationId ? data.organizationId : null,
  };
}

async function firestore() {
  return Promise.all([getFirestoreDb(), import('firebase/firestore')]);
}

/** Reads a whole collection, or the documents whose `field` equals `value`. */
async function read<T>(collectionName: string, convert: (id: string, data: DocumentData) => T, where?: [string, string]): Promise<T[]> {
  const [db, fs] = await firestore();
  const reference = fs.collection(db, collectionName);
  const snapshot = await fs.getDocs(where ? fs.query(reference, fs.where(where[0], '==', where[1])) : reference);
  return snapshot.docs.map((document) => convert(document.id, document.data()));
}

export const firestoreAccessReader: AccessReader = {
  listRoles: () => read(RBAC_COLLECTIONS.roles, roleFromDocument),
  listPermissions: () => read(RBAC_COLLECTIONS.permissions, permissionFromDocument),
  listRolesBySystem: (system) => read(RBAC_COLLECTIONS.roles, roleFromDocument, ['system', system]),
  listPermissionsBySystem: (system) => read(RBAC_COLLECTIONS.permissions, permissionFromDocument, ['system', system]),
  // The rules allow a browser its own assignments only, so the query must filter by userId.
  listUserRoles: (userId) => read(RBAC_COLLECTIONS.userRoles, userRoleFromDocument, ['userId', userId]),
};
