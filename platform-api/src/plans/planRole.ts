// The plan a user holds, as platform-api's plan checks read it: their
// membership's role (userMemberships/{uid}.role, which billing-api keeps),
// read without settling the token period (the role does not change with
// it). The rules are the domain's (entitlements.ts); this only reads.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS } from '@agentflow/shared/domain';

const membershipRef = (db: Firestore, uid: string) => db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid);

const roleFrom = (value: unknown): string => (typeof value === 'string' ? value : 'free');

/** The plan role of a user; free when they have no membership yet. */
export async function planRoleOf(db: Firestore, uid: string, tx?: Transaction): Promise<string> {
  const snapshot = tx ? await tx.get(membershipRef(db, uid)) : await membershipRef(db, uid).get();
  return roleFrom(snapshot.get('role'));
}
