// Team members, by invitation (issue 14). The owner's side:
//   GET    /api/team/members          the members (?ownerId= for a manage_team holder)
//   POST   /api/team/members          adding a member creates an invitation; nothing
//                                    about the invited person changes until they
//                                    accept (invitations.ts), and the answer is the
//                                    same whether or not the e-mail has an account
//   PATCH  /api/team/members/:id      the member's team role
//   DELETE /api/team/members/:id      removes them; their own plan comes back
// A team role never ranks above the owner's plan (shared/src/membership/teams.ts).
import { Router, type RequestHandler } from 'express';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  DEFAULT_TEAM_ROLE,
  HttpError,
  MEMBERSHIP_API,
  TEAM_ROLES,
  TEAM_SIZE_LIMIT,
  invitationExpiry,
  invitationStatus,
  normalizeEmail,
  ownerPlanAllows,
  parseOr400,
  type TeamInvitationCreated,
  type TeamMemberList,
  type TeamRole,
} from '@agentflow/shared/server';
import { mountInvitations } from './invitations.js';
import { capTeamToOwnerPlan, prepareTeamRole, removeMember, seatOfMember } from './teamSeats.js';
import { TEAM_INPUT, authorizeOwner, idParam, invitationFromData, invitationView, ownerEmailOf, ownerPlan, ownerIdSchema, ownerOf, teamCollections, teamMemberFromData, type TeamContext } from './teamStore.js';
import { mountTeamMembership } from './teamMembership.js';

export { MANAGE_TEAM_PERMISSION, teamMemberFromData } from './teamStore.js';
export { capTeamToOwnerPlan } from './teamSeats.js';

const roleSchema = z.enum(TEAM_ROLES, { error: `must be one of ${TEAM_ROLES.join(', ')}` });
export const addMemberSchema = z.strictObject({
  email: z.email({ error: 'must be an e-mail address' }).max(254, { error: 'must be an e-mail address' }),
  role: roleSchema.default(DEFAULT_TEAM_ROLE),
  ownerId: ownerIdSchema.optional(),
});

export const updateMemberSchema = z.strictObject({ role: roleSchema });

export const roleAboveOwnerPlan = (ownerRole: string, role: TeamRole) =>
  new HttpError(403, `Forbidden: a ${ownerRole} plan cannot give a team member the ${role} role`, 'role_above_owner_plan');

export interface TeamOptions extends TeamContext {
  authed: RequestHandler;
}

export function mountTeam(router: Router, options: TeamOptions): void {
  const { db, authed, now } = options;
  const ctx: TeamContext = options;
  const { members, invitations } = teamCollections(db);
  const team = Router();

  team.get(MEMBERSHIP_API.teamMembers, authed, async (req, res) => {
    const ownerId = ownerOf(req);
    await authorizeOwner(db, req, ownerId);
    await capTeamToOwnerPlan(ctx, ownerId);
    const snapshot = await members.where('ownerId', '==', ownerId).get();
    const list = snapshot.docs.map((doc) => teamMemberFromData(doc.id, doc.data())).sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.email.localeCompare(b.email));
    const body: TeamMemberList = { members: list };
    res.json(body);
  });

  // Adding a member invites them. Nothing here looks the e-mail up: the
  // answer, the stored invitation and the time taken are the same for an
  // address with an account and one without.
  team.post(MEMBERSHIP_API.teamMembers, authed, async (req, res) => {
    const input = parseOr400(addMemberSchema, req.body, TEAM_INPUT);
    const ownerId = input.ownerId ?? req.caller!.uid;
    const email = normalizeEmail(input.email);
    await authorizeOwner(db, req, ownerId);
    const ownerEmail = await ownerEmailOf(ctx, req, ownerId);
    if (ownerEmail && normalizeEmail(ownerEmail) === email) throw new HttpError(400, 'email is the team owner’s own address', 'own_email');
    const invitation = await db.runTransaction(async (tx) => {
      const at = now();
      const ownerRole = await ownerPlan(db, ownerId, tx);
      if (!ownerPlanAllows(ownerRole, input.role)) throw roleAboveOwnerPlan(ownerRole, input.role);
      // Read in the transaction, so a concurrent invitation of the same address conflicts and retries.
      const [same, team, open] = await Promise.all([
        tx.get(invitations.where('ownerId', '==', ownerId).where('email', '==', email).limit(1)),
        tx.get(members.where('ownerId', '==', ownerId).limit(TEAM_SIZE_LIMIT + 1)),
        tx.get(invitations.where('ownerId', '==', ownerId).limit(TEAM_SIZE_LIMIT + 1)),
      ]);
      const existing = same.docs[0];
      if (existing && invitationStatus(invitationFromData(existing.id, existing.data()).expiresAt, at) === 'pending') {
        throw new HttpError(409, `${email} has already been invited to this team`, 'already_invited');
      }
      if (team.docs.some((doc) => doc.get('email') === email)) throw new HttpError(409, `${email} is already a member of this team`, 'already_member');
      // Lapsed invitations count until revoked (the owner sees them); the one replaced here does not.
      const invited = open.docs.filter((doc) => doc.id !== existing?.id).length;
      if (team.size + invited >= TEAM_SIZE_LIMIT) throw new HttpError(409, `A team has at most ${TEAM_SIZE_LIMIT} members and invitations`, 'team_full');
      // A random id (the owner is the only one told it): nobody can work out whether an owner invited an address.
      // A lapsed invitation to the same address is replaced, keeping its id.
      const ref = existing?.ref ?? invitations.doc();
      const stored = { ownerId, ownerEmail, email, role: input.role, createdAt: Timestamp.fromDate(at), expiresAt: Timestamp.fromDate(invitationExpiry(at)), invitedBy: req.caller!.uid };
      tx.set(ref, stored);
      return invitationView(invitationFromData(ref.id, stored), at);
    });
    const body: TeamInvitationCreated = { invitation };
    res.status(201).json(body);
  });

  /** The member document, 404 when missing; then the caller must manage its team. */
  const memberOf = async (req: Parameters<RequestHandler>[0]) => {
    const id = idParam(req, 'member');
    const snapshot = await members.doc(id).get();
    if (!snapshot.exists) throw new HttpError(404, `Team member '${id}' not found`, 'member_not_found');
    const member = teamMemberFromData(snapshot.id, snapshot.data() ?? {});
    await authorizeOwner(db, req, member.ownerId);
    return member;
  };

  team.patch(`${MEMBERSHIP_API.teamMembers}/:id`, authed, async (req, res) => {
    const found = await memberOf(req);
    const { role } = parseOr400(updateMemberSchema, req.body, TEAM_INPUT);
    const ref = members.doc(found.id);
    const updated = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw new HttpError(404, `Team member '${found.id}' not found`, 'member_not_found');
      const current = teamMemberFromData(snapshot.id, snapshot.data() ?? {});
      const ownerRole = await ownerPlan(db, current.ownerId, tx);
      if (!ownerPlanAllows(ownerRole, role)) throw roleAboveOwnerPlan(ownerRole, role);
      const seat = await seatOfMember(db, tx, current.id, snapshot.data() ?? {});
      const change = seat ? await prepareTeamRole(db, tx, seat.uid, seat.seat, role, now()) : null;
      tx.update(ref, { role, updatedAt: FieldValue.serverTimestamp() });
      if (seat?.stored && change) tx.update(teamCollections(db).seats.doc(seat.uid), { ...change.seat, updatedAt: Timestamp.fromDate(now()) });
      change?.apply();
      return { ...current, role };
    });
    res.json(updated);
  });

  team.delete(`${MEMBERSHIP_API.teamMembers}/:id`, authed, async (req, res) => {
    const found = await memberOf(req);
    const removed = await db.runTransaction((tx) => removeMember(ctx, tx, found.id));
    if (!removed) throw new HttpError(404, `Team member '${found.id}' not found`, 'member_not_found');
    res.status(204).end();
  });

  mountInvitations(team, ctx, authed);
  mountTeamMembership(team, ctx, authed);
  router.use(team);
}
