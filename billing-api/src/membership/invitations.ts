// Team invitations (issue 14):
//   GET    /api/team/invitations              the owner's open and lapsed invitations (?ownerId= for manage_team)
//   DELETE /api/team/invitations/:id          the owner revokes one
//   GET    /api/team/invitations/received     pending invitations to the caller's verified e-mail
//   POST   /api/team/invitations/:id/accept   join the team
//   POST   /api/team/invitations/:id/decline  say no; the invitation goes away
// Only the person the invitation names may answer it: the caller's ID token
// must carry that e-mail, verified. Accepting is the one moment the invited
// person's plan changes (to the higher of their own plan and the team role,
// capped by the owner's plan at that moment); their own plan is kept in the
// seat so leaving restores it.
import type { Request, RequestHandler, Router } from 'express';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  HttpError,
  MEMBERSHIP_API,
  capTeamRole,
  invitationStatus,
  normalizeEmail,
  type ReceivedTeamInvitation,
  type ReceivedTeamInvitationList,
  type TeamInvitationList,
  type TeamMembershipResponse,
} from '@agentflow/shared/server';
import { capTeamToOwnerPlan, prepareTeamRole } from './teamSeats.js';
import { authorizeOwner, idParam, invitationFromData, invitationView, ownerOf, ownerPlan, teamCollections, type StoredInvitation, type TeamContext } from './teamStore.js';

const notFound = (id: string) => new HttpError(404, `Invitation '${id}' not found`, 'invitation_not_found');

/** The caller's e-mail, when it is verified. */
function verifiedEmail(req: Request): string | null {
  const { email, emailVerified } = req.caller!;
  return email && emailVerified ? normalizeEmail(email) : null;
}

/**
 * Reads the invitation in the transaction and checks that the caller is the
 * person it names. A different e-mail is refused before anything else is
 * said about the invitation.
 */
async function answerable(ctx: TeamContext, tx: Transaction, req: Request, id: string): Promise<StoredInvitation> {
  const snapshot = await tx.get(teamCollections(ctx.db).invitations.doc(id));
  if (!snapshot.exists) throw notFound(id);
  const invitation = invitationFromData(snapshot.id, snapshot.data() ?? {});
  if (normalizeEmail(req.caller!.email ?? '') !== invitation.email) {
    throw new HttpError(403, 'Forbidden: this invitation is for another e-mail address; sign in with that address to answer it', 'invitation_email_mismatch');
  }
  if (!verifiedEmail(req)) throw new HttpError(403, 'Forbidden: verify your e-mail address before answering an invitation', 'email_not_verified');
  return invitation;
}

export function mountInvitations(team: Router, ctx: TeamContext, authed: RequestHandler): void {
  const { db, now } = ctx;
  const { invitations, members, seats } = teamCollections(db);

  // Before the `:id` routes, so 'received' is never taken for an id.
  team.get(MEMBERSHIP_API.receivedTeamInvitations, authed, async (req, res) => {
    const email = verifiedEmail(req);
    // An unverified address could belong to anyone: show nothing sent to it.
    if (!email) {
      const body: ReceivedTeamInvitationList = { invitations: [], emailVerified: false };
      res.json(body);
      return;
    }
    const at = now();
    const snapshot = await invitations.where('email', '==', email).get();
    const open = snapshot.docs
      .map((doc) => invitationFromData(doc.id, doc.data()))
      .filter((invitation) => invitation.ownerId !== req.caller!.uid && invitationStatus(invitation.expiresAt, at) === 'pending');
    const owners = await Promise.all(open.map((invitation) => ownerPlan(db, invitation.ownerId)));
    const list: ReceivedTeamInvitation[] = open
      .map((invitation, index) => ({
        id: invitation.id,
        ownerEmail: invitation.ownerEmail,
        // What accepting now would give: the owner's plan may have dropped since.
        role: capTeamRole(invitation.role, owners[index]),
        createdAt: invitation.createdAt?.toISOString() ?? null,
        expiresAt: invitation.expiresAt.toISOString(),
      }))
      .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
    const body: ReceivedTeamInvitationList = { invitations: list, emailVerified: true };
    res.json(body);
  });

  team.get(MEMBERSHIP_API.teamInvitations, authed, async (req, res) => {
    const ownerId = ownerOf(req);
    await authorizeOwner(db, req, ownerId);
    await capTeamToOwnerPlan(ctx, ownerId);
    const at = now();
    const snapshot = await invitations.where('ownerId', '==', ownerId).get();
    const list = snapshot.docs
      .map((doc) => invitationView(invitationFromData(doc.id, doc.data()), at))
      .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.email.localeCompare(b.email));
    const body: TeamInvitationList = { invitations: list };
    res.json(body);
  });

  team.delete(`${MEMBERSHIP_API.teamInvitations}/:id`, authed, async (req, res) => {
    const id = idParam(req, 'invitation');
    const ref = invitations.doc(id);
    const snapshot = await ref.get();
    if (!snapshot.exists) throw notFound(id);
    await authorizeOwner(db, req, invitationFromData(id, snapshot.data() ?? {}).ownerId);
    await ref.delete();
    res.status(204).end();
  });

  team.post(`${MEMBERSHIP_API.teamInvitations}/:id/accept`, authed, async (req, res) => {
    const id = idParam(req, 'invitation');
    const uid = req.caller!.uid;
    const membership = await db.runTransaction(async (tx) => {
      const at = now();
      const invitation = await answerable(ctx, tx, req, id);
      if (invitationStatus(invitation.expiresAt, at) === 'expired') {
        throw new HttpError(410, 'This invitation has expired; ask the team owner to invite you again', 'invitation_expired');
      }
      if (invitation.ownerId === uid) throw new HttpError(400, 'You cannot join your own team', 'own_email');
      const seat = await tx.get(seats.doc(uid));
      if (seat.exists) {
        throw seat.get('ownerId') === invitation.ownerId
          ? new HttpError(409, 'You are already a member of this team', 'already_member')
          : new HttpError(409, 'You are a member of another team; leave it before joining this one', 'in_another_team');
      }
      const role = capTeamRole(invitation.role, await ownerPlan(db, invitation.ownerId, tx));
      const change = await prepareTeamRole(db, tx, uid, null, role, at);
      const memberRef = members.doc();
      tx.delete(invitations.doc(id));
      tx.create(memberRef, { ownerId: invitation.ownerId, ownerEmail: invitation.ownerEmail, email: invitation.email, role, createdAt: Timestamp.fromDate(at) });
      tx.create(seats.doc(uid), { ownerId: invitation.ownerId, memberId: memberRef.id, ...change.seat, joinedAt: Timestamp.fromDate(at) });
      change.apply();
      const body: TeamMembershipResponse = {
        membership: { id: memberRef.id, ownerEmail: invitation.ownerEmail, role, joinedAt: at.toISOString(), roleAfterLeaving: change.seat.previousRole },
      };
      return body;
    });
    res.json(membership);
  });

  team.post(`${MEMBERSHIP_API.teamInvitations}/:id/decline`, authed, async (req, res) => {
    const id = idParam(req, 'invitation');
    await db.runTransaction(async (tx) => {
      await answerable(ctx, tx, req, id);
      tx.delete(invitations.doc(id));
    });
    res.status(204).end();
  });
}
