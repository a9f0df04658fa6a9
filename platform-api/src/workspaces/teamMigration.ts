// Billing teams become workspaces (issue 21). A billing team was an owner
// sharing their plan with members (teamMembers, teamSeats/{uid} holding each
// member's own plan, teamInvitations). Now the team is the members of an
// organization workspace owned by the same owner, and the plan stays the
// owner's (seats); members go back to their own plan.
//
// For each owner: organizations/team-<ownerId> (named after the owner, with
// ownerId) and workspace_owner for the owner; each member gets the workspace
// role their team role maps to (TEAM_ROLE_WORKSPACE_ROLES), their own plan
// back (ownPlan of their seat), and their teamMembers/teamSeats documents are
// deleted, in one transaction per member; each open team invitation becomes a
// workspaceInvitations/team-<id> with the mapped role and the same expiry.
// Idempotent: deterministic ids, and what was migrated is gone from the team
// collections, so a second run (or a run after new teams were made in
// billing-api) migrates only what is left.
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import {
  MEMBERSHIP_COLLECTIONS,
  isPlanRole,
  isTeamRole,
  isTimestampLike,
  membershipFromData,
  ownPlan,
  prepareMembershipRole,
  workspaceRoleRank,
  type PlanRole,
  type TeamRole,
  type TeamSeatPlan,
  type WorkspaceRoleId,
} from '@agentflow/shared/server';
import type { AuditWriter } from '../access/audit.js';
import { initializeRbac } from '../access/initialize.js';
import { assignmentDocId, collections, readAssignmentsOf, rolesById, writeUserAccess } from '../access/store.js';
import { invitationsOf } from './store.js';

/**
 * A team role said how much of the owner's plan a member could use: a free
 * seat could look, a basic one run, premium and enterprise ones build with
 * credentials. The workspace role that allows the same.
 */
export const TEAM_ROLE_WORKSPACE_ROLES: Readonly<Record<TeamRole, WorkspaceRoleId>> = {
  free: 'workspace_viewer',
  basic: 'workspace_runner',
  premium: 'workspace_editor',
  enterprise: 'workspace_editor',
};

export const teamWorkspaceId = (ownerId: string) => `team-${ownerId}`;

export interface TeamMigrationReport {
  owners: number;
  workspacesCreated: number;
  members: number;
  invitations: number;
  /** Member documents naming no user (nothing to migrate; left in place). */
  skipped: string[];
}

const roleOf = (value: unknown): TeamRole => (isTeamRole(value) ? value : 'basic');
const planOf = (value: unknown): PlanRole => (isPlanRole(value) ? value : 'free');

export async function migrateBillingTeams(db: Firestore, { logger, audit, now = () => new Date() }: { logger: Logger; audit: AuditWriter; now?: () => Date }): Promise<TeamMigrationReport> {
  await initializeRbac(db);
  const team = {
    members: db.collection(MEMBERSHIP_COLLECTIONS.teamMembers),
    seats: db.collection(MEMBERSHIP_COLLECTIONS.teamSeats),
    invitations: db.collection(MEMBERSHIP_COLLECTIONS.teamInvitations),
    memberships: db.collection(MEMBERSHIP_COLLECTIONS.memberships),
  };
  const { organizations, userRoles, users } = collections(db);
  const report: TeamMigrationReport = { owners: 0, workspacesCreated: 0, members: 0, invitations: 0, skipped: [] };
  const [memberDocs, invitationDocs] = await Promise.all([team.members.get(), team.invitations.get()]);
  const owners = new Set([...memberDocs.docs, ...invitationDocs.docs].map((doc) => doc.get('ownerId')).filter((id): id is string => typeof id === 'string' && id.length > 0));
  report.owners = owners.size;
  const record = (entry: Parameters<AuditWriter['write']>[0]) => audit.write(entry).catch((error: unknown) => logger.error({ err: error }, 'audit entry could not be written'));

  for (const ownerId of owners) {
    const organizationId = teamWorkspaceId(ownerId);
    const profile = await users.doc(ownerId).get();
    const ownerName = [profile.get('displayName'), profile.get('email')].find((v): v is string => typeof v === 'string' && v.length > 0) ?? ownerId;

    // The workspace and its owner.
    const created = await db.runTransaction(async (tx) => {
      const organization = await tx.get(organizations.doc(organizationId));
      const ownerAssignment = userRoles.doc(assignmentDocId(ownerId, 'workspace_owner', organizationId));
      const byUser = await readAssignmentsOf(tx, db, [ownerId]);
      const current = byUser.get(ownerId) ?? [];
      const has = current.some((a) => a.id === ownerAssignment.id);
      const after = has ? current : [...current, { id: ownerAssignment.id, userId: ownerId, roleId: 'workspace_owner', organizationId }];
      const roles = await rolesById(db, after.map((a) => a.roleId), tx);
      if (!organization.exists) {
        tx.create(organizations.doc(organizationId), { id: organizationId, name: ownerName, description: '', createdAt: FieldValue.serverTimestamp(), createdBy: ownerId, ownerId, migratedFrom: 'billing-team' });
      }
      if (!has) {
        tx.create(ownerAssignment, { userId: ownerId, roleId: 'workspace_owner', assignedAt: FieldValue.serverTimestamp(), assignedBy: 'system', organizationId });
        writeUserAccess(tx, db, new Map([[ownerId, after]]), roles);
      }
      return !organization.exists;
    });
    if (created) {
      report.workspacesCreated += 1;
      await record({ userId: 'system', userEmail: null, action: 'CREATE_ORGANIZATION', targetType: 'organization', targetId: organizationId, organizationId, details: { name: ownerName, migratedFrom: 'billing-team' }, status: 'success', ipAddress: null, userAgent: null });
    }

    // Each member: the mapped role, their own plan back, the team documents gone.
    for (const doc of memberDocs.docs.filter((d) => d.get('ownerId') === ownerId)) {
      const migrated = await db.runTransaction(async (tx) => {
        const member = await tx.get(doc.ref);
        if (!member.exists) return null;
        const seatQuery = await tx.get(team.seats.where('memberId', '==', doc.id).limit(1));
        const seatDoc = seatQuery.docs[0] ?? null;
        const legacyUid = member.get('userId');
        const uid = seatDoc?.id ?? (typeof legacyUid === 'string' && legacyUid ? legacyUid : null);
        if (!uid) return null;
        const teamRole = roleOf(member.get('role'));
        // Members from before seats were stored joined from free (as billing-api treats them).
        const seat: TeamSeatPlan = seatDoc ? { previousRole: planOf(seatDoc.get('previousRole')), grantedRole: planOf(seatDoc.get('grantedRole')) } : { previousRole: 'free', grantedRole: teamRole };
        const membership = await tx.get(team.memberships.doc(uid));
        const currentPlan = membership.exists ? membershipFromData(uid, membership.data() ?? {}).role : 'free';
        const ownPlanNow = ownPlan(currentPlan, seat);
        const applyPlan = ownPlanNow !== currentPlan ? await prepareMembershipRole(db, tx, uid, ownPlanNow, now()) : null;
        const roleId = TEAM_ROLE_WORKSPACE_ROLES[teamRole];
        const byUser = await readAssignmentsOf(tx, db, [uid]);
        const current = byUser.get(uid) ?? [];
        const held = current.filter((a) => a.organizationId === organizationId).reduce((best, a) => Math.max(best, workspaceRoleRank(a.roleId)), -1);
        const ref = userRoles.doc(assignmentDocId(uid, roleId, organizationId));
        const assign = held < workspaceRoleRank(roleId);
        const after = assign ? [...current, { id: ref.id, userId: uid, roleId, organizationId }] : current;
        const roles = await rolesById(db, after.map((a) => a.roleId), tx);
        if (assign) {
          tx.set(ref, { userId: uid, roleId, assignedAt: FieldValue.serverTimestamp(), assignedBy: 'system', organizationId });
          writeUserAccess(tx, db, new Map([[uid, after]]), roles);
        }
        applyPlan?.();
        tx.delete(doc.ref);
        if (seatDoc) tx.delete(seatDoc.ref);
        return { uid, roleId, plan: ownPlanNow };
      });
      if (!migrated) {
        if ((await doc.ref.get()).exists) report.skipped.push(doc.id);
        continue;
      }
      report.members += 1;
      await record({ userId: 'system', userEmail: null, action: 'ASSIGN_ROLE', targetType: 'userRole', targetId: migrated.uid, organizationId, details: { roleId: migrated.roleId, organizationId, migratedFrom: 'billing-team', planRestored: migrated.plan }, status: 'success', ipAddress: null, userAgent: null });
    }

    // Open team invitations: the same person, the mapped role, the same expiry.
    for (const doc of invitationDocs.docs.filter((d) => d.get('ownerId') === ownerId)) {
      const moved = await db.runTransaction(async (tx) => {
        const invitation = await tx.get(doc.ref);
        if (!invitation.exists) return false;
        const target = invitationsOf(db).doc(`team-${doc.id}`);
        const expiresAt: unknown = invitation.get('expiresAt');
        const email: unknown = invitation.get('email');
        if (typeof email !== 'string' || !email) return false;
        tx.set(target, {
          workspaceId: organizationId,
          workspaceName: ownerName,
          email: email.trim().toLowerCase(),
          roleId: TEAM_ROLE_WORKSPACE_ROLES[roleOf(invitation.get('role'))],
          invitedBy: ownerId,
          invitedByName: ownerName,
          createdAt: invitation.get('createdAt') ?? FieldValue.serverTimestamp(),
          expiresAt: isTimestampLike(expiresAt) ? expiresAt : Timestamp.fromMillis(0),
        });
        tx.delete(doc.ref);
        return true;
      });
      if (moved) report.invitations += 1;
    }
  }
  logger.info(report, 'billing teams migrated to workspaces');
  return report;
}
