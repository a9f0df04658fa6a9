// ADMIN_EMAILS: the first administrators come from configuration. A listed
// user whose e-mail is verified becomes a global `admin`, assigned by
// 'system', the first time they call an access endpoint. A marker
// (rbacBootstrap/{uid}) records that this happened, so revoking the role
// later sticks instead of being undone by the next call.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { ADMIN_ROLE_ID } from '@agentflow/shared/server';
import type { NewAuditEntry } from './audit.js';
import { assignmentDocId, collections, readAssignmentsOf, rolesById, writeUserAccess } from './store.js';

export type BootstrapOutcome = 'assigned' | 'already-admin' | 'already-bootstrapped';

export interface BootstrapUser {
  uid: string;
  email: string | null;
}

/**
 * Assigns `admin` globally to the user by 'system' (idempotent: one
 * transaction, one deterministic assignment id), then records ASSIGN_ROLE by
 * 'system' through `audit` when it assigned. Callers decide who qualifies
 * (see isBootstrapAdmin).
 */
export async function bootstrapAdmin(
  db: Firestore,
  user: BootstrapUser,
  audit: (entry: NewAuditEntry) => Promise<void>,
  /** Why 'system' assigned it, kept in the entry's details: 'ADMIN_EMAILS', or 'seed' for the local admin account. */
  source = 'ADMIN_EMAILS',
): Promise<BootstrapOutcome> {
  const { bootstrap, userRoles } = collections(db);
  const markerRef = bootstrap.doc(user.uid);
  const assignmentRef = userRoles.doc(assignmentDocId(user.uid, ADMIN_ROLE_ID, null));
  const outcome = await db.runTransaction<BootstrapOutcome>(async (tx) => {
    const [marker, assignment] = await tx.getAll(markerRef, assignmentRef);
    if (marker?.exists) return 'already-bootstrapped';
    const markerData = { uid: user.uid, email: user.email, at: FieldValue.serverTimestamp() };
    if (assignment?.exists) {
      tx.create(markerRef, markerData);
      return 'already-admin';
    }
    const byUser = await readAssignmentsOf(tx, db, [user.uid]);
    const after = [...(byUser.get(user.uid) ?? []), { id: assignmentRef.id, userId: user.uid, roleId: ADMIN_ROLE_ID, organizationId: null }];
    const roles = await rolesById(db, after.map((item) => item.roleId), tx);
    tx.create(assignmentRef, { userId: user.uid, roleId: ADMIN_ROLE_ID, assignedAt: FieldValue.serverTimestamp(), assignedBy: 'system', organizationId: null });
    tx.create(markerRef, markerData);
    writeUserAccess(tx, db, new Map([[user.uid, after]]), roles);
    return 'assigned';
  });
  if (outcome === 'assigned') {
    await audit({
      userId: 'system',
      userEmail: null,
      action: 'ASSIGN_ROLE',
      targetType: 'userRole',
      targetId: user.uid,
      organizationId: null,
      details: { roleId: ADMIN_ROLE_ID, organizationId: null, source },
      status: 'success',
      ipAddress: null,
      userAgent: null,
    });
  }
  return outcome;
}

/**
 * Who qualifies: the token's e-mail is listed (case-insensitively) AND the
 * token says the e-mail is verified. Always required, on the emulators too:
 * the seed creates its admin account with emailVerified, and an account
 * signed up with someone else's address must never become an administrator.
 */
export function isBootstrapAdmin(adminEmails: ReadonlySet<string>, token: { email?: string; email_verified?: boolean }): boolean {
  return typeof token.email === 'string' && token.email_verified === true && adminEmails.has(token.email.trim().toLowerCase());
}
