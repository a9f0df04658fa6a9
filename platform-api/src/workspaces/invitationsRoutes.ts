// Invitations by e-mail. Inviting (manage_members) counts members plus
// pending invitations against the owner's plan's seats inside the
// transaction that writes the invitation (it also touches the organization
// document, so two invitations at once cannot both take the last seat); past
// the limit 403 seat_limit_reached naming the cheapest plan with more seats,
// nothing written. The e-mail goes out after the commit and never fails the
// invitation. The invited person accepts only with a verified e-mail equal
// to the invitation's, within 7 days; accepting assigns the role.
import type { Request, RequestHandler, Router } from 'express';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  NOTIFICATIONS_COLLECTION,
  WORKSPACES_API,
  WORKSPACE_ROLE_PERMISSIONS,
  invitationNotificationId,
  can,
  cheapestPlanWithMoreSeats,
  invitationPagePath,
  isSupportedLanguage,
  parseOr400,
  seatLimitFor,
  seatsAllow,
  workspaceInvitationExpiry,
  workspaceInvitationStatus,
  workspaceRoleRank,
  type InvitationAccepted,
  type InvitationCreated,
  type ReceivedInvitationList,
  type SupportedLanguage,
  inviteMemberSchema,
} from '@agentflow/shared/server';
import { assignmentDocId, loadAccess, readAssignmentsOf, rolesById, writeUserAccess } from '../access/store.js';
import { organizationParam, pathParam, refuse, workspaceNotFound, type WorkspacesContext } from './context.js';
import {
  callerRoleIn,
  invitationFromDoc,
  invitationView,
  invitationsOf,
  invitationsTo,
  mayManageMembers,
  mayViewWorkspace,
  membersOf,
  organizationName,
  organizationSummary,
  ownerOfOrganization,
  planOf,
  seatsUsed,
  withoutOrganizationRoles,
  type StoredInvitation,
  userSummaries,
} from './store.js';

const invitationNotFound = () => refuse(404, 'invitation_not_found', 'Invitation not found');

export function mountInvitations(router: Router, ctx: WorkspacesContext, authed: RequestHandler[]): void {
  const { access } = ctx;
  const { db } = access;
  const { organizations, userRoles, users } = access.collections;
  const invitations = invitationsOf(db);

  /** The language of the e-mail: the invited person's profile language, else the inviter's, else English. */
  async function mailLanguage(email: string, inviterUid: string): Promise<SupportedLanguage> {
    const candidates: string[] = [];
    try {
      candidates.push((await access.auth.getUserByEmail(email)).uid);
    } catch {
      // no account yet: the inviter's language
    }
    candidates.push(inviterUid);
    for (const uid of candidates) {
      const language: unknown = (await users.doc(uid).get()).get('preferences.language');
      if (isSupportedLanguage(language)) return language;
    }
    return 'en';
  }

  router.post(`${WORKSPACES_API.workspaces}/:id/invitations`, ...authed, async (req, res) => {
    const caller = req.caller!;
    const id = organizationParam(req);
    const grants = await access.callerAccess(req);
    if (!mayViewWorkspace(grants, id)) throw workspaceNotFound(id);
    if (!mayManageMembers(grants.grants, id)) throw refuse(403, 'workspace_forbidden', 'Forbidden: you need the manage_members permission in this workspace');
    const { email, roleId } = parseOr400(inviteMemberSchema, req.body);
    if (roleId === 'workspace_owner') throw refuse(403, 'owner_role_not_assignable', 'Forbidden: a workspace has one owner, who pays for it; invite as admin at most');
    // Nobody hands out more than they hold (as in the access console).
    if (!WORKSPACE_ROLE_PERMISSIONS[roleId].every((permission) => can(grants.grants, permission, id))) throw refuse(403, 'workspace_forbidden', `Forbidden: you cannot give the ${roleId} role: it grants more than you hold here`);
    let existingUid: string | null = null;
    try {
      existingUid = (await access.auth.getUserByEmail(email)).uid;
    } catch {
      // no account with that address yet: the invitation waits for a sign-up
    }
    // The inviter's name from their profile: a token minted right after sign-up carries no name yet.
    const inviter = (await userSummaries(db, access.auth, [caller.uid])).get(caller.uid);
    const inviterName = inviter?.displayName || (caller.token?.name as string | undefined) || caller.email || null;
    const now = ctx.now();
    const ref = invitations.doc();
    const stored = await db.runTransaction(async (tx) => {
      const organization = await tx.get(organizations.doc(id));
      if (!organization.exists) throw workspaceNotFound(id);
      const ownerId = ownerOfOrganization(organization);
      const [members, open, plan] = await Promise.all([membersOf(db, id, tx), invitationsTo(db, id, tx), ownerId ? planOf(db, ownerId, tx) : Promise.resolve(null)]);
      if (existingUid && members.has(existingUid)) throw refuse(409, 'already_member', `${email} is already a member of this workspace`);
      const sameEmail = open.filter((invitation) => invitation.email === email);
      if (sameEmail.some((invitation) => workspaceInvitationStatus(invitation.expiresAt, now) === 'pending')) throw refuse(409, 'already_invited', `${email} is already invited to this workspace`);
      // A workspace without a recorded owner (the seed's) has no plan to limit it.
      const limit = plan ? seatLimitFor(plan) : null;
      if (!seatsAllow(limit, seatsUsed(members.size, open, now))) {
        const upgrade = cheapestPlanWithMoreSeats(plan);
        throw refuse(403, 'seat_limit_reached', `Forbidden: the workspace owner’s ${plan} plan has ${limit} seat${limit === 1 ? '' : 's'}, all taken by members and pending invitations`, { plan: upgrade });
      }
      for (const lapsed of sameEmail) tx.delete(invitations.doc(lapsed.id));
      const invitation: StoredInvitation = {
        id: ref.id,
        workspaceId: id,
        workspaceName: organizationName(organization),
        email,
        roleId,
        invitedBy: caller.uid,
        invitedByName: inviterName,
        expiresAt: workspaceInvitationExpiry(now),
      };
      const { id: _id, expiresAt, ...fields } = invitation;
      tx.create(ref, { ...fields, createdAt: FieldValue.serverTimestamp(), expiresAt: Timestamp.fromDate(expiresAt) });
      // Serializes invitations to one workspace: the seat count above cannot be stale at commit.
      tx.update(organizations.doc(id), { invitationsChangedAt: FieldValue.serverTimestamp() });
      return invitation;
      // Invitations to one workspace at once contend for its document: more attempts than the default 5 before a 503.
    }, { maxAttempts: 10 });
    const body: InvitationCreated = { invitation: invitationView(stored, now) };
    res.status(201).json(body);
    // Best effort after the answer: the bell entry for someone with an account, and the e-mail unless they turned it off.
    const event = { invitationId: stored.id, workspaceId: id, workspaceName: stored.workspaceName, roleId, invitedByName: stored.invitedByName };
    const log = (what: string) => (error: unknown) => access.logger.error({ err: error, invitationId: stored.id }, `invitation ${what} failed`);
    if (existingUid) await ctx.notifier.invitation(existingUid, event).catch(log('notification'));
    const wantsEmail = existingUid ? await ctx.notifier.wants(existingUid, 'invitation', 'email').catch(() => true) : true;
    if (!wantsEmail) return;
    await ctx.mailer.send({
      to: email,
      language: await mailLanguage(email, caller.uid).catch(() => 'en' as const),
      workspaceName: stored.workspaceName,
      inviterName: stored.invitedByName ?? 'Agentflow',
      roleId,
      link: `${ctx.appUrl}${invitationPagePath(stored.id)}`,
      expiresOn: stored.expiresAt.toISOString().slice(0, 10),
    }).catch(log('e-mail'));
  });

  router.delete(`${WORKSPACES_API.workspaces}/:id/invitations/:invitationId`, ...authed, async (req, res) => {
    const id = organizationParam(req);
    const invitationId = pathParam(req, 'invitationId', invitationNotFound);
    const grants = await access.callerAccess(req);
    if (!mayViewWorkspace(grants, id)) throw workspaceNotFound(id);
    if (!mayManageMembers(grants.grants, id)) throw refuse(403, 'workspace_forbidden', 'Forbidden: you need the manage_members permission in this workspace');
    const ref = invitations.doc(invitationId);
    const withdrawn = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists || invitationFromDoc(snapshot).workspaceId !== id) throw invitationNotFound();
      tx.delete(ref);
      return invitationFromDoc(snapshot);
    });
    res.status(204).end();
    let invitedUid: string | null = null;
    try {
      invitedUid = (await access.auth.getUserByEmail(withdrawn.email)).uid;
    } catch {
      // no account: no bell entry to take back
    }
    if (invitedUid) await clearBellEntry(invitedUid, withdrawn.id);
  });

  router.get(WORKSPACES_API.receivedInvitations, ...authed, async (req, res) => {
    const email = verifiedEmailOf(req);
    const now = ctx.now();
    const found = email ? (await invitations.where('email', '==', email).get()).docs.map(invitationFromDoc) : [];
    const body: ReceivedInvitationList = {
      invitations: found
        .filter((invitation) => workspaceInvitationStatus(invitation.expiresAt, now) === 'pending')
        .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
        .map((invitation) => ({ id: invitation.id, workspaceId: invitation.workspaceId, workspaceName: invitation.workspaceName, roleId: invitation.roleId, invitedByName: invitation.invitedByName, expiresAt: invitation.expiresAt.toISOString() })),
    };
    res.json(body);
  });

  /** An invitation answered or withdrawn leaves nothing to act on in the bell (best effort). */
  async function clearBellEntry(uid: string, invitationId: string): Promise<void> {
    await db
      .collection(NOTIFICATIONS_COLLECTION)
      .doc(invitationNotificationId(uid, invitationId))
      .delete()
      .catch((error: unknown) => access.logger.warn({ err: error, invitationId }, 'invitation notification could not be removed'));
  }

  /** The invitation, when the caller's verified e-mail is the one it is addressed to. */
  async function addressedToCaller(req: Request): Promise<StoredInvitation> {
    const invitationId = pathParam(req, 'invitationId', invitationNotFound);
    const snapshot = await invitations.doc(invitationId).get();
    if (!snapshot.exists) throw invitationNotFound();
    const invitation = invitationFromDoc(snapshot);
    const email = verifiedEmailOf(req);
    if (!email) throw refuse(403, 'email_not_verified', 'Forbidden: verify your e-mail address first, then open the invitation again');
    if (email !== invitation.email) throw refuse(403, 'invitation_email_mismatch', 'Forbidden: this invitation was sent to another e-mail address; sign in with that address');
    return invitation;
  }

  router.post(
    `${WORKSPACES_API.receivedInvitations}/:invitationId/accept`,
    ...authed,
    access.change('ASSIGN_ROLE', 'userRole', async (req, res, audit) => {
      const caller = req.caller!;
      audit.targetId = caller.uid;
      const invitation = await addressedToCaller(req);
      audit.organizationId = invitation.workspaceId;
      const now = ctx.now();
      if (workspaceInvitationStatus(invitation.expiresAt, now) === 'expired') throw refuse(410, 'invitation_expired', 'This invitation has expired; ask the workspace to invite you again');
      const id = invitation.workspaceId;
      const roleId = await db.runTransaction(async (tx) => {
        const current = await tx.get(invitations.doc(invitation.id));
        if (!current.exists) throw invitationNotFound();
        if (!(await tx.get(organizations.doc(id))).exists) throw workspaceNotFound(id);
        const byUser = await readAssignmentsOf(tx, db, [caller.uid]);
        const { kept, dropped } = withoutOrganizationRoles(byUser.get(caller.uid) ?? [], id, 'workspace');
        // Accepting never lowers a member: the higher of the role they hold and the invitation's.
        const held = dropped.reduce((best, a) => Math.max(best, workspaceRoleRank(a.roleId)), -1);
        const granted = held > workspaceRoleRank(invitation.roleId) ? null : invitation.roleId;
        if (!granted) {
          tx.delete(invitations.doc(invitation.id));
          return null;
        }
        const ref = userRoles.doc(assignmentDocId(caller.uid, granted, id));
        const after = [...kept, { id: ref.id, userId: caller.uid, roleId: granted, organizationId: id }];
        const roles = await rolesById(db, after.map((a) => a.roleId), tx);
        tx.delete(invitations.doc(invitation.id));
        for (const assignment of dropped) if (assignment.id !== ref.id) tx.delete(userRoles.doc(assignment.id));
        tx.set(ref, { userId: caller.uid, roleId: granted, assignedAt: FieldValue.serverTimestamp(), assignedBy: invitation.invitedBy || caller.uid, organizationId: id });
        writeUserAccess(tx, db, new Map([[caller.uid, after]]), roles);
        return granted;
      });
      await clearBellEntry(caller.uid, invitation.id);
      if (roleId) await access.audited(req, { action: 'ASSIGN_ROLE', targetType: 'userRole', targetId: caller.uid, organizationId: id, details: { roleId, organizationId: id, invitationId: invitation.id, invitedBy: invitation.invitedBy } });
      const grants = await loadAccess(db, caller.uid);
      const body: InvitationAccepted = { workspace: await organizationSummary(db, await organizations.doc(id).get(), callerRoleIn(grants, id), ctx.now()) };
      res.json(body);
    }),
  );

  router.post(`${WORKSPACES_API.receivedInvitations}/:invitationId/decline`, ...authed, async (req, res) => {
    const invitation = await addressedToCaller(req);
    await invitations.doc(invitation.id).delete();
    await clearBellEntry(req.caller!.uid, invitation.id);
    res.status(204).end();
  });
}

function verifiedEmailOf(req: Request): string | null {
  const caller = req.caller!;
  return caller.emailVerified && caller.email ? caller.email.toLowerCase() : null;
}
