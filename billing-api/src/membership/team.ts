// Team members: GET/POST /api/team/members, PATCH/DELETE /api/team/members/:id.
// A team belongs to its owner (the subscription owner: the caller's own team);
// someone holding manage_team (or manage_all) in userAccess/{uid} may manage
// any owner's team. A member whose e-mail belongs to an account gets the
// member's role as their membership role; removing them sets it back to free.
import type { Request, RequestHandler, Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { MEMBERSHIP_API, MEMBERSHIP_COLLECTIONS, MEMBERSHIP_RANKS, prepareMembershipRole, readMembership, type MembershipRole, type TeamMember, type TeamMemberList } from '@agentflow/shared/server';
import { RBAC_COLLECTIONS, PERMISSIONS } from '@agentflow/shared/rbac';
import { badRequest, conflict, forbidden, isDocumentId, notFound, parseOr400 } from './errors.js';

/** The permission that lets someone manage every team. */
export const MANAGE_TEAM_PERMISSION = 'manage_team';
/** Roles a team member can be given (admin is not a plan). */
export const TEAM_ROLES = ['free', 'basic', 'premium', 'enterprise'] as const satisfies readonly MembershipRole[];
export const DEFAULT_TEAM_ROLE: MembershipRole = 'basic';
export const TEAM_SIZE_LIMIT = 100;

const roleSchema = z.enum(TEAM_ROLES, { error: `must be one of ${TEAM_ROLES.join(', ')}` });
const ownerIdSchema = z.string({ error: 'must be a string' }).min(1, { error: 'is undefined or empty.' }).max(128).refine(isDocumentId, { error: 'is not a user id' });

export const addMemberSchema = z.strictObject({
  email: z.email({ error: 'must be an e-mail address' }).max(254, { error: 'must be an e-mail address' }),
  role: roleSchema.default(DEFAULT_TEAM_ROLE),
  ownerId: ownerIdSchema.optional(),
});

export const updateMemberSchema = z.strictObject({ role: roleSchema });

function toIso(value: unknown): string | null {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  return typeof value === 'string' ? value : null;
}

export function teamMemberFromData(id: string, data: Record<string, unknown>): TeamMember {
  return {
    id,
    ownerId: typeof data.ownerId === 'string' ? data.ownerId : '',
    email: typeof data.email === 'string' ? data.email : '',
    userId: typeof data.userId === 'string' ? data.userId : null,
    role: (TEAM_ROLES as readonly string[]).includes(data.role as string) ? (data.role as MembershipRole) : DEFAULT_TEAM_ROLE,
    createdAt: toIso(data.createdAt),
  };
}

export interface TeamOptions {
  auth: Auth;
  db: Firestore;
  authed: RequestHandler;
  now: () => Date;
}

export function mountTeam(router: Router, { auth, db, authed, now }: TeamOptions): void {
  const members = db.collection(MEMBERSHIP_COLLECTIONS.teamMembers);

  const holdsManageTeam = async (uid: string): Promise<boolean> => {
    const access = await db.collection(RBAC_COLLECTIONS.userAccess).doc(uid).get();
    const permissions = access.get('permissions');
    return Array.isArray(permissions) && (permissions.includes(MANAGE_TEAM_PERMISSION) || permissions.includes(PERMISSIONS.manageAll));
  };

  /** The caller may manage `ownerId`'s team: it is their own, or they hold manage_team. Returns whether they are a manager. */
  const authorize = async (req: Request, ownerId: string): Promise<{ manager: boolean }> => {
    const caller = req.caller!.uid;
    const manager = await holdsManageTeam(caller);
    if (ownerId !== caller && !manager) throw forbidden(`Forbidden: only the team's owner or someone with the ${MANAGE_TEAM_PERMISSION} permission may manage it`);
    return { manager };
  };

  /** An owner without manage_team cannot give a member a plan above their own. */
  const checkRoleGrant = async (ownerId: string, role: MembershipRole, manager: boolean): Promise<void> => {
    if (manager) return;
    const owner = await readMembership(db, ownerId, now);
    if ((MEMBERSHIP_RANKS[role] ?? Infinity) > (MEMBERSHIP_RANKS[owner.role] ?? -1)) {
      throw forbidden(`Forbidden: a ${owner.role} plan cannot give a team member the ${role} role`);
    }
  };

  const memberOf = async (req: Request) => {
    const raw = req.params.id;
    const id = typeof raw === 'string' ? raw : '';
    if (!isDocumentId(id)) throw notFound(`Team member '${id}' not found`);
    const snapshot = await members.doc(id).get();
    if (!snapshot.exists) throw notFound(`Team member '${id}' not found`);
    return teamMemberFromData(snapshot.id, snapshot.data() ?? {});
  };

  router.get(MEMBERSHIP_API.teamMembers, authed, async (req, res) => {
    const rawOwner = req.query.ownerId;
    const ownerId = rawOwner === undefined ? req.caller!.uid : parseOr400(z.object({ ownerId: ownerIdSchema }), { ownerId: rawOwner }).ownerId;
    await authorize(req, ownerId);
    const snapshot = await members.where('ownerId', '==', ownerId).get();
    const list = snapshot.docs.map((doc) => teamMemberFromData(doc.id, doc.data())).sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.email.localeCompare(b.email));
    const body: TeamMemberList = { members: list };
    res.json(body);
  });

  router.post(MEMBERSHIP_API.teamMembers, authed, async (req, res) => {
    const input = parseOr400(addMemberSchema, req.body);
    const ownerId = input.ownerId ?? req.caller!.uid;
    const email = input.email.trim().toLowerCase();
    const { manager } = await authorize(req, ownerId);
    await checkRoleGrant(ownerId, input.role, manager);
    let userId: string | null = null;
    try {
      userId = (await auth.getUserByEmail(email)).uid;
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    }
    if (userId === ownerId) throw badRequest('email is the team owner’s own address');
    const ref = members.doc();
    const member = await db.runTransaction(async (tx) => {
      const existing = await tx.get(members.where('ownerId', '==', ownerId).limit(TEAM_SIZE_LIMIT + 1));
      if (existing.docs.some((doc) => doc.get('email') === email)) throw conflict(`${email} is already a member of this team`);
      if (existing.size >= TEAM_SIZE_LIMIT) throw conflict(`A team has at most ${TEAM_SIZE_LIMIT} members`);
      const applyRole = userId ? await prepareMembershipRole(db, tx, userId, input.role, now()) : null;
      tx.create(ref, { ownerId, email, userId, role: input.role, createdAt: FieldValue.serverTimestamp(), addedBy: req.caller!.uid });
      applyRole?.();
      return { id: ref.id, ownerId, email, userId, role: input.role, createdAt: now().toISOString() } satisfies TeamMember;
    });
    res.status(201).json(member);
  });

  router.patch(`${MEMBERSHIP_API.teamMembers}/:id`, authed, async (req, res) => {
    const found = await memberOf(req);
    const { manager } = await authorize(req, found.ownerId);
    const { role } = parseOr400(updateMemberSchema, req.body);
    await checkRoleGrant(found.ownerId, role, manager);
    const ref = members.doc(found.id);
    const updated = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw notFound(`Team member '${found.id}' not found`);
      const current = teamMemberFromData(snapshot.id, snapshot.data() ?? {});
      const applyRole = current.userId ? await prepareMembershipRole(db, tx, current.userId, role, now()) : null;
      tx.update(ref, { role, updatedAt: FieldValue.serverTimestamp() });
      applyRole?.();
      return { ...current, role };
    });
    res.json(updated);
  });

  router.delete(`${MEMBERSHIP_API.teamMembers}/:id`, authed, async (req, res) => {
    const found = await memberOf(req);
    await authorize(req, found.ownerId);
    const ref = members.doc(found.id);
    await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw notFound(`Team member '${found.id}' not found`);
      const current = teamMemberFromData(snapshot.id, snapshot.data() ?? {});
      const applyRole = current.userId ? await prepareMembershipRole(db, tx, current.userId, 'free', now()) : null;
      tx.delete(ref);
      applyRole?.();
    });
    res.status(204).end();
  });
}
