// The member's side of a team:
//   GET    /api/team/membership   the team the caller belongs to ({membership: null} when none)
//   DELETE /api/team/membership   leave it; the caller's own plan comes back
import type { RequestHandler, Router } from 'express';
import { HttpError, MEMBERSHIP_API, roleAfterLeaving, type TeamMembershipResponse } from '@agentflow/shared/server';
import { capTeamToOwnerPlan, prepareLeave } from './teamSeats.js';
import { membershipRoleIn, seatFromSnapshot, teamCollections, teamMemberFromData, type TeamContext } from './teamStore.js';

export function mountTeamMembership(team: Router, ctx: TeamContext, authed: RequestHandler): void {
  const { db } = ctx;
  const { members, seats } = teamCollections(db);

  team.get(MEMBERSHIP_API.teamMembership, authed, async (req, res) => {
    const uid = req.caller!.uid;
    const before = seatFromSnapshot(await seats.doc(uid).get());
    // The owner's plan may have dropped since: the member sees the capped role.
    if (before) await capTeamToOwnerPlan(ctx, before.ownerId);
    const body = await db.runTransaction(async (tx): Promise<TeamMembershipResponse> => {
      const seat = seatFromSnapshot(await tx.get(seats.doc(uid)));
      const member = seat ? await tx.get(members.doc(seat.memberId)) : null;
      if (!seat || !member?.exists) return { membership: null };
      const current = await membershipRoleIn(db, tx, uid);
      const view = teamMemberFromData(member.id, member.data() ?? {});
      const ownerEmail = member.get('ownerEmail');
      return {
        membership: {
          id: view.id,
          ownerEmail: typeof ownerEmail === 'string' ? ownerEmail : null,
          role: view.role,
          joinedAt: view.createdAt,
          roleAfterLeaving: roleAfterLeaving(current, seat),
        },
      };
    });
    res.json(body);
  });

  team.delete(MEMBERSHIP_API.teamMembership, authed, async (req, res) => {
    const uid = req.caller!.uid;
    const left = await db.runTransaction(async (tx) => {
      const seat = seatFromSnapshot(await tx.get(seats.doc(uid)));
      if (!seat) return false;
      const memberRef = members.doc(seat.memberId);
      const member = await tx.get(memberRef);
      const apply = await prepareLeave(db, tx, uid, seat, ctx.now());
      // The seat goes even if its member document is somehow gone, so nobody is stuck in a team.
      if (member.exists) tx.delete(memberRef);
      tx.delete(seats.doc(uid));
      apply();
      return true;
    });
    if (!left) throw new HttpError(404, 'You are not a member of a team', 'not_in_team');
    res.status(204).end();
  });
}
