// The membership document (userMemberships/{uid}) as the ledger builds and
// settles it: created in one place (newMembership), refilled when its
// allowance month has passed (settleMembership), and the plan allowance that
// refill reads. Only activePackageForRole, planAllowance and
// tokensPerMonthForRole are public (ledger/index.ts); the rest serves ledger.ts.
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { FREE_TOKENS_PER_MONTH, MEMBERSHIP_COLLECTIONS, type MembershipPackage, type PlanRole, type UserMembership } from '../domain/membership/model.js';
import { initialMembershipTokens, newAllowanceMonth, nextResetAfter } from '../domain/membership/rules.js';
import { parseIso } from '../domain/validation/time.js';
import { membershipFromData, packageFromData } from './membershipData.js';

export const membershipRef = (db: Firestore, uid: string) => db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid);

/**
 * The plan a role is on: its active package (the first by id when several),
 * or null. Pass a transaction to read inside it.
 */
export async function activePackageForRole(db: Firestore, role: string, tx?: Transaction): Promise<MembershipPackage | null> {
  const query = db.collection(MEMBERSHIP_COLLECTIONS.packages).where('role', '==', role).where('active', '==', true);
  const snapshot = tx ? await tx.get(query) : await query.get();
  const docs = [...snapshot.docs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const first = docs[0];
  return first ? packageFromData(first.id, first.data()) : null;
}

/** The monthly allowance of a plan: its active package's tokensPerMonth, else FREE_TOKENS_PER_MONTH for free, else 0. */
export function planAllowance(role: string, pkg: MembershipPackage | null): number {
  if (pkg) return pkg.tokensPerMonth;
  return role === 'free' ? FREE_TOKENS_PER_MONTH : 0;
}

export async function tokensPerMonthForRole(db: Firestore, role: string, tx?: Transaction): Promise<number> {
  return planAllowance(role, await activePackageForRole(db, role, tx));
}

/**
 * A membership that does not exist yet, in one place: the document to create
 * (the first allowance counted as granted) and the wire view of it.
 */
export function newMembership(uid: string, role: PlanRole, now: Date): { document: Record<string, unknown>; membership: UserMembership; granted: number } {
  const { tokensRemaining, tokensReset } = initialMembershipTokens(role, now);
  return {
    document: {
      userId: uid,
      role,
      tokensRemaining,
      allowanceGranted: tokensRemaining,
      tokensReset: Timestamp.fromDate(tokensReset),
      stripeCustomerId: null,
      subscriptionId: null,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    },
    // The wire view, in the order membershipFromData gives.
    membership: { userId: uid, role, tokensRemaining, tokensReset: tokensReset.toISOString(), stripeCustomerId: null, subscriptionId: null, createdAt: now.toISOString(), updatedAt: now.toISOString() },
    granted: tokensRemaining,
  };
}

/**
 * Inside a transaction: the user's membership as it must be now, created
 * when missing and refilled when its reset date has passed. Reads only
 * (call it before any write of the transaction); `write` then stores what
 * changed, together with the caller's own change.
 */
export async function settleMembership(
  db: Firestore,
  tx: Transaction,
  uid: string,
  now: Date,
  snapshot: DocumentSnapshot,
): Promise<{ membership: UserMembership; granted: number | null; write: (changes: Record<string, unknown>) => void }> {
  const ref = membershipRef(db, uid);
  if (!snapshot.exists) {
    const created = newMembership(uid, 'free', now);
    return { membership: created.membership, granted: created.granted, write: (changes) => tx.create(ref, { ...created.document, ...changes }) };
  }
  const membership = membershipFromData(uid, snapshot.data() ?? {});
  const reset = toDate(snapshot.get('tokensReset')) ?? new Date(0);
  const next = nextResetAfter(reset, now);
  if (!next) {
    const stored = snapshot.get('allowanceGranted');
    return {
      membership,
      granted: typeof stored === 'number' && Number.isFinite(stored) ? stored : null,
      write: (changes) => tx.update(ref, { ...changes, updatedAt: FieldValue.serverTimestamp() }),
    };
  }
  // A new allowance month (the allowance rule in membership/rules.ts).
  const month = newAllowanceMonth(await tokensPerMonthForRole(db, membership.role, tx));
  const refilled: UserMembership = { ...membership, tokensRemaining: month.tokensRemaining, tokensReset: next.toISOString() };
  return {
    membership: refilled,
    granted: month.granted,
    write: (changes) =>
      tx.update(ref, {
        tokensRemaining: month.tokensRemaining,
        allowanceGranted: month.granted,
        tokensReset: Timestamp.fromDate(next),
        updatedAt: FieldValue.serverTimestamp(),
        ...changes,
      }),
  };
}

export const needsWrite = (snapshot: DocumentSnapshot, now: Date): boolean => {
  if (!snapshot.exists) return true;
  const reset = toDate(snapshot.get('tokensReset')) ?? new Date(0);
  return nextResetAfter(reset, now) !== null;
};

function toDate(value: unknown): Date | null {
  const iso = parseIso(value);
  return iso ? new Date(iso) : null;
}
