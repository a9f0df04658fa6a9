// billing-api's membership and token endpoints: paths and response shapes.
import type { MembershipPackage, ReceivedTeamInvitation, Subscription, TeamInvitation, TeamMember, TeamMembershipView, TokenSummary, UsagePoint, UserMembership } from './model.js';
import { GENERIC_ERROR_CODES } from '../validation/errorCodes.js';

export const MEMBERSHIP_API = {
  membership: '/api/membership',
  subscriptionStatus: '/api/subscription/status',
  subscriptionHistory: '/api/subscription/history',
  tokenSummary: '/api/tokens/summary',
  tokenHistory: '/api/tokens/history',
  tokenUsage: '/api/tokens/usage',
  consume: '/api/tokens/consume',
  eligiblePackages: '/api/packages/eligible',
  teamMembers: '/api/team/members',
  teamMember: (id: string) => `/api/team/members/${encodeURIComponent(id)}`,
  /** The owner's invitations (GET); adding a member (POST teamMembers) creates one. */
  teamInvitations: '/api/team/invitations',
  /** DELETE: the owner revokes an invitation. */
  teamInvitation: (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`,
  /** GET: the pending invitations addressed to the caller's verified e-mail. */
  receivedTeamInvitations: '/api/team/invitations/received',
  acceptTeamInvitation: (id: string) => `/api/team/invitations/${encodeURIComponent(id)}/accept`,
  declineTeamInvitation: (id: string) => `/api/team/invitations/${encodeURIComponent(id)}/decline`,
  /** GET: the team the caller belongs to ({membership: null} when none); DELETE: leave it. */
  teamMembership: '/api/team/membership',
} as const;

export interface MembershipDetails {
  userMembership: UserMembership;
  activeSubscription: Subscription | null;
  packageDetails: MembershipPackage | null;
}

export interface SubscriptionStatus {
  isActive: boolean;
  subscription: Subscription | null;
  package: MembershipPackage | null;
}

export interface ConsumeResponse {
  tokensRemaining: number;
  /** false when the idempotency key had already been applied (nothing debited again). */
  applied: boolean;
}

export type TokenSummaryResponse = TokenSummary;
export type TokenHistoryResponse = { history: UsagePoint[] };
export type RecentUsageResponse = { entries: import('./model.js').TokenUsageEntry[] };
export type TeamMemberList = { members: TeamMember[] };
export type TeamInvitationList = { invitations: TeamInvitation[] };
/** POST teamMembers answers 201 with this, identical in shape for every e-mail (it never says whether the e-mail has an account). */
export type TeamInvitationCreated = { invitation: TeamInvitation };
/** emailVerified false: the caller must verify their e-mail before invitations to it are shown. */
export type ReceivedTeamInvitationList = { invitations: ReceivedTeamInvitation[]; emailVerified: boolean };
export type TeamMembershipResponse = { membership: TeamMembershipView | null };

/**
 * Stable codes of the team endpoints' refusals, sent as `{error, code}`
 * beside the English `error` text; the UI translates by code.
 */
export const TEAM_ERROR_CODES = [
  /** A field of the body, query or path is not valid (the message names it): the generic code, defined there. */
  GENERIC_ERROR_CODES.invalidRequest,
  /** Only the team's owner, or someone holding manage_team, may manage it. */
  'team_forbidden',
  /** The role ranks above what the owner's plan allows. */
  'role_above_owner_plan',
  /** The owner invited their own e-mail (or would accept their own invitation). */
  'own_email',
  'already_member',
  'already_invited',
  'team_full',
  'member_not_found',
  'invitation_not_found',
  'invitation_expired',
  /** The invitation is addressed to another e-mail than the signed-in one. */
  'invitation_email_mismatch',
  /** Accepting needs a verified e-mail address. */
  'email_not_verified',
  /** A user belongs to one team at a time (so leaving restores exactly one plan). */
  'in_another_team',
  'not_in_team',
] as const;
export type TeamErrorCode = (typeof TEAM_ERROR_CODES)[number];

export function isTeamErrorCode(value: unknown): value is TeamErrorCode {
  return typeof value === 'string' && (TEAM_ERROR_CODES as readonly string[]).includes(value);
}

/** A refusal's body: the English text, and a code when the endpoint defines one. */
export interface ServiceErrorBody {
  error: string;
  code?: string;
}
export type PackageList = { packages: MembershipPackage[] };
