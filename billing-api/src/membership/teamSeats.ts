// A member's plan while in a team: joining, a role change, leaving, and the
// cap when the owner's plan drops. Each runs inside the caller's transaction:
// prepare* reads (call before any write), the returned function writes.
// The rules themselves are pure (shared/src/membership/teams.ts).
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { capTeamRole, ownerPlanAllows, prepareMembershipRole, roleAfterLeaving, seatFor, type PlanRole, type TeamRole, type TeamSeatPlan } from '@agentflow/shared/server';
import { membershipRoleIn, ownerPlan, seatFromSnapshot, teamCollections, teamMemberFromData, type StoredSeat, type TeamContext } from './teamStore.js';

/** Sets the membership role when it differs; reads now, writes when called. */
async function prepareRole(db: Firestore, tx: Transaction, uid: string, current: PlanRole, target: PlanRole, now: Date): Promise<() => void> {
  if (target === current) return () => undefined;
  const apply = await prepareMembershipRole(db, tx, uid, target, now);
  return () => void apply();
}

/**
 * The seat behind a member document. Members added before invitations carry
 * their userId and have no seat: they are treated as the old rule did (their
 * plan before joining was free, the team granted their team role).
 */
export async function seatOfMember(db: Firestore, tx: Transaction, memberId: string, memberData: Record<string, unknown>): Promise<{ uid: string; seat: TeamSeatPlan; stored: StoredSeat | null } | null> {
  const { seats } = teamCollections(db);
  const found = await tx.get(seats.where('memberId', '==', memberId).limit(1));
  const stored = found.docs[0] ? seatFromSnapshot(found.docs[0]) : null;
  if (stored) return { uid: stored.uid, seat: stored, stored };
  const legacyUid = memberData.userId;
  if (typeof legacyUid !== 'string' || legacyUid === '') return null;
  return { uid: legacyUid, seat: { previousRole: 'free', grantedRole: teamMemberFromData(memberId, memberData).role }, stored: null };
}

/** Joining (seat null) or a new team role for a member: the seat to store and the membership write. */
export async function prepareTeamRole(db: Firestore, tx: Transaction, uid: string, seat: TeamSeatPlan | null, teamRole: TeamRole, now: Date) {
  const current = await membershipRoleIn(db, tx, uid);
  const next = seatFor(current, seat, teamRole);
  const applyRole = await prepareRole(db, tx, uid, current, next.grantedRole, now);
  return { seat: next, apply: applyRole };
}

/** Leaving or being removed: the membership goes back to the member's own plan. */
export async function prepareLeave(db: Firestore, tx: Transaction, uid: string, seat: TeamSeatPlan, now: Date): Promise<() => void> {
  const current = await membershipRoleIn(db, tx, uid);
  return prepareRole(db, tx, uid, current, roleAfterLeaving(current, seat), now);
}

/** Reads a member and their seat, then removes both and restores the member's own plan (one transaction). */
export async function removeMember(ctx: TeamContext, tx: Transaction, memberId: string): Promise<boolean> {
  const { members, seats } = teamCollections(ctx.db);
  const ref = members.doc(memberId);
  const snapshot = await tx.get(ref);
  if (!snapshot.exists) return false;
  const found = await seatOfMember(ctx.db, tx, memberId, snapshot.data() ?? {});
  const apply = found ? await prepareLeave(ctx.db, tx, found.uid, found.seat, ctx.now()) : () => undefined;
  tx.delete(ref);
  if (found?.stored) tx.delete(seats.doc(found.uid));
  apply();
  return true;
}

/**
 * When an owner's plan drops below their members' roles, the members are
 * capped to what the plan now allows (their membership follows), and so are
 * open invitations. Runs whenever the team is read or changed, and is the
 * hook for the subscription sync to call after a plan change. Returns how
 * many members and invitations it capped.
 */
export async function capTeamToOwnerPlan(ctx: Pick<TeamContext, 'db' | 'now'>, ownerId: string): Promise<number> {
  const { db } = ctx;
  const { members, invitations, seats } = teamCollections(db);
  const ownerRole = (tx?: Transaction) => ownerPlan(db, ownerId, tx);
  const plan = await ownerRole();
  const [memberDocs, invitationDocs] = await Promise.all([members.where('ownerId', '==', ownerId).get(), invitations.where('ownerId', '==', ownerId).get()]);
  const above = (role: unknown) => !ownerPlanAllows(plan, teamMemberFromData('', { role }).role);
  let capped = 0;
  for (const doc of memberDocs.docs.filter((each) => above(each.get('role')))) {
    const changed = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(doc.ref);
      if (!snapshot.exists) return false;
      const member = teamMemberFromData(snapshot.id, snapshot.data() ?? {});
      const allowed = capTeamRole(member.role, await ownerRole(tx));
      if (allowed === member.role) return false;
      const found = await seatOfMember(db, tx, snapshot.id, snapshot.data() ?? {});
      const change = found ? await prepareTeamRole(db, tx, found.uid, found.seat, allowed, ctx.now()) : null;
      tx.update(doc.ref, { role: allowed, updatedAt: FieldValue.serverTimestamp() });
      if (found?.stored && change) tx.update(seats.doc(found.uid), { ...change.seat, updatedAt: Timestamp.fromDate(ctx.now()) });
      change?.apply();
      return true;
    });
    if (changed) capped += 1;
  }
  for (const doc of invitationDocs.docs.filter((each) => above(each.get('role')))) {
    // In a transaction: the invitee may be accepting (deleting it) right now.
    const changed = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(doc.ref);
      if (!snapshot.exists) return false;
      const role = teamMemberFromData('', { role: snapshot.get('role') }).role;
      const allowed = capTeamRole(role, await ownerRole(tx));
      if (allowed !== role) tx.update(doc.ref, { role: allowed });
      return allowed !== role;
    });
    if (changed) capped += 1;
  }
  return capped;
}
