// What the RBACProvider reads, and the fallbacks it applies to failed reads.
// The browser reads access-control data itself, under security rules
// (firebase/firestore.rules); every change goes through platform-api.
import { DEFAULT_READ_PERMISSION, DEFAULT_ROLE } from './fallbacks.js';
import { GUEST_ROLE_ID, type Permission, type Role, type UserRole } from './model.js';

/** Reads of the access-control collections. The default is Firestore (firestoreAccessReader.ts); tests inject fakes. */
export interface AccessReader {
  /** Every role. */
  listRoles(): Promise<Role[]>;
  /** Every permission. */
  listPermissions(): Promise<Permission[]>;
  /**
   * The roles one part of the platform defined ('core', 'custom'…). Like the
   * next one, and their fallbacks below, nothing calls it yet: issue 5 §4
   * specifies these reads and their fallbacks, and the provider tests pin
   * them. Kept for that contract; delete them with it.
   */
  listRolesBySystem(system: string): Promise<Role[]>;
  /** The permissions one part of the platform defined (see listRolesBySystem). */
  listPermissionsBySystem(system: string): Promise<Permission[]>;
  /** One user's assignments (the rules let a browser read its own only). */
  listUserRoles(userId: string): Promise<UserRole[]>;
}

/** What a failed user-role read gives: the guest role, assigned by 'system', everywhere. */
export function guestAssignment(userId: string): UserRole {
  return { userId, roleId: GUEST_ROLE_ID, assignedAt: null, assignedBy: 'system', organizationId: null };
}

/**
 * The read fallbacks of the access-control contract (issue 5, section 4):
 * a failing permission read gives [DEFAULT_READ_PERMISSION]; a failing
 * user-role read gives one guest assignment by 'system'; a failing
 * roles-by-system read gives [DEFAULT_ROLE]; a failing permissions-by-system
 * read gives [DEFAULT_READ_PERMISSION]. A failing read of all roles is not
 * hidden: the provider reports it as its loading error.
 */
export function withReadFallbacks(reader: AccessReader): AccessReader {
  // A reader that throws synchronously fails like one that rejects.
  const read = <T,>(call: () => Promise<T>, fallback: () => T): Promise<T> => Promise.resolve().then(call).catch(fallback);
  return {
    listRoles: () => Promise.resolve().then(() => reader.listRoles()),
    listPermissions: () => read(() => reader.listPermissions(), () => [{ ...DEFAULT_READ_PERMISSION }]),
    listRolesBySystem: (system) => read(() => reader.listRolesBySystem(system), () => [{ ...DEFAULT_ROLE, permissions: [...DEFAULT_ROLE.permissions] }]),
    listPermissionsBySystem: (system) => read(() => reader.listPermissionsBySystem(system), () => [{ ...DEFAULT_READ_PERMISSION }]),
    listUserRoles: (userId) => read(() => reader.listUserRoles(userId), () => [guestAssignment(userId)]),
  };
}
