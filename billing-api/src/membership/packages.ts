// The plans billing-api offers by default, created at service start when
// missing (never overwriting a plan someone changed).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS, type MembershipPackage } from '@agentflow/shared/server';
import { PLANS, packageFromPlan } from './plans.js';

/** The default packages, from the one plans file (src/membership/plans.ts). */
export const DEFAULT_PACKAGES: readonly MembershipPackage[] = PLANS.map(packageFromPlan);

/** Creates each default package that does not exist yet, in one transaction; returns the ids it created. */
export async function ensureDefaultPackages(db: Firestore, packages: readonly MembershipPackage[] = DEFAULT_PACKAGES): Promise<string[]> {
  const collection = db.collection(MEMBERSHIP_COLLECTIONS.packages);
  return db.runTransaction(async (tx) => {
    const refs = packages.map((pkg) => collection.doc(pkg.id));
    const snapshots = refs.length > 0 ? await tx.getAll(...refs) : [];
    const created: string[] = [];
    snapshots.forEach((snapshot, index) => {
      const pkg = packages[index];
      if (snapshot.exists || !pkg) return;
      const { id, ...fields } = pkg;
      tx.create(snapshot.ref, { ...fields, createdAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
      created.push(id);
    });
    return created;
  });
}
