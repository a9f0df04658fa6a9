// Creates the built-in permissions and roles when they are missing, in one
// transaction, so two instances starting at once create them exactly once:
// the first to commit creates; the other's transaction is retried, sees them
// and writes nothing.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  ADMIN_ROLE,
  CORE_PERMISSIONS,
  GUEST_ROLE,
  MANAGE_ALL_PERMISSION,
  ORG_ADMIN_ROLE,
  type AuditEntry,
  type Permission,
  type Role,
} from '@agentflow/shared/rbac';
import { collections } from './store.js';

export const INITIALIZE_MESSAGE = 'Default admin role and manage_all permission created';

export interface InitializeResult {
  /** True when this call created the admin role (and wrote INITIALIZE_RBAC). */
  adminCreated: boolean;
  /** Ids of every permission and role this call created. */
  created: string[];
}

const roleDoc = (role: Role) => ({ ...role });
const permissionDoc = (permission: Permission) => ({ ...permission });

/**
 * If role `admin` is missing: creates permission `manage_all` (if missing),
 * then role `admin`, then the INITIALIZE_RBAC audit entry by 'system', all in
 * the same transaction (so there is exactly one entry however many instances
 * race). Also creates the other core permissions, `guest` and `org_admin`
 * when missing. Changes nothing when everything exists.
 */
export async function initializeRbac(db: Firestore): Promise<InitializeResult> {
  const { roles, permissions, auditLog } = collections(db);
  const permissionList = [MANAGE_ALL_PERMISSION, ...CORE_PERMISSIONS];
  const roleList = [ADMIN_ROLE, GUEST_ROLE, ORG_ADMIN_ROLE];
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
    roleList.forEach((role, index) => {
      const ref = roleRefs[index]!;
      if (exists.get(ref.path)) return;
      tx.create(ref, roleDoc(role));
      created.push(`role:${role.id}`);
    });
    if (adminCreated) {
      const entry: Omit<AuditEntry, 'id' | 'timestamp'> = {
        userId: 'system',
        userEmail: null,
        action: 'INITIALIZE_RBAC',
        targetType: 'rbac',
        targetId: ADMIN_ROLE.id,
        organizationId: null,
        details: { message: INITIALIZE_MESSAGE },
        status: 'success',
        ipAddress: null,
        userAgent: null,
      };
      tx.create(auditLog.doc(), { ...entry, timestamp: FieldValue.serverTimestamp() });
    }
    return { adminCreated, created };
  });
}
