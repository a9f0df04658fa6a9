// Creates the built-in permissions and roles when they are missing, in one
// transaction, so two instances starting at once create them exactly once:
// the first to commit creates; the other's transaction is retried, sees them
// and writes nothing.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  ADMIN_ROLE,
  BUILT_IN_ROLES,
  CORE_PERMISSIONS,
  MANAGE_ALL_PERMISSION,
  type AuditEntry,
  type Permission,
  type AccessRole,
} from '@agentflow/shared/server';
import { collections } from './store.js';

export const INITIALIZE_MESSAGE = 'Default admin role and manage_all permission created';

export interface InitializeResult {
  /** True when this call created the admin role (and wrote INITIALIZE_RBAC). */
  adminCreated: boolean;
  /** Ids of every permission and role this call created. */
  created: string[];
}

const roleDoc = (role: AccessRole) => ({ ...role });
const permissionDoc = (permission: Permission) => ({ ...permission });

/**
 * If role `admin` is missing: creates permission `manage_all` (if missing),
 * then role `admin`, then the INITIALIZE_RBAC audit entry by 'system', all in
 * the same transaction (so there is exactly one entry however many instances
 * race). Also creates the other core permissions and built-in roles
 * (`guest`, `org_admin`, the template approver roles) when missing, so an
 * existing database gains roles added in later releases. Changes nothing when everything exists.
 */
export async function initializeRbac(db: Firestore): Promise<InitializeResult> {
  const { roles, permissions, auditLog } = collections(db);
  const permissionList = [MANAGE_ALL_PERMISSION, ...CORE_PERMISSIONS];
  const roleList = BUILT_IN_ROLES;
  return db.runTransaction(async (tx) => {
    const permissionRefs = permissionList.map((permission) => permissions.doc(permission.id));
    const roleRefs = roleList.map((role) => roles.doc(role.id));
    const snapshots = await tx.getAll(...permissionRefs, ...roleRefs);
    const exists = new Map(snapshots.map((snapshot) => [snapshot.ref.path, snapshot.exists]));
    const created: string[] = [];
    const adminRef = roles.doc(ADMIN_ROLE.id);
    const adminCreated = !exists.get(adminRef.path);
    permissionList.forEach((permission, index) => {
      const ref = permissionRefs[index]!;
      if (exists.get(ref.path)) return;
      // manage_all belongs to the admin step: when admin exists, it is left alone.
      if (permission.id === MANAGE_ALL_PERMISSION.id && !adminCreated) return;
      tx.create(ref, permissionDoc(permission));
      created.push(`permission:${permission.id}`);
    });
    const system = { userId: 'system', userEmail: null, organizationId: null, status: 'success', ipAddress: null, userAgent: null } as const;
    const audit = (entry: Omit<AuditEntry, 'id' | 'timestamp'>) => tx.create(auditLog.doc(), { ...entry, timestamp: FieldValue.serverTimestamp() });
    roleList.forEach((role, index) => {
      const ref = roleRefs[index]!;
      if (exists.get(ref.path)) return;
      tx.create(ref, roleDoc(role));
      created.push(`role:${role.id}`);
      // On an existing database a role added by a later release is a visible
      // change to access control: audit it (a fresh one has INITIALIZE_RBAC).
      if (!adminCreated) audit({ ...system, action: 'CREATE_ROLE', targetType: 'role', targetId: role.id, details: { name: role.name, permissions: role.permissions, source: 'initialize' } });
    });
    if (adminCreated) {
      audit({ ...system, action: 'INITIALIZE_RBAC', targetType: 'rbac', targetId: ADMIN_ROLE.id, details: { message: INITIALIZE_MESSAGE } });
    }
    return { adminCreated, created };
  });
}
