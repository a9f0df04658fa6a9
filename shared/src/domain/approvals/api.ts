// The HTTP contract of the approval inbox and its one-click links (issue 21):
// paths, shapes, limits and refusal codes, shared by platform-api and the
// browser. Pure: no Node, no Firebase (the request schemas are in schemas.ts;
// signing a link token happens in platform-api/src/approvals/linkToken.ts).
const seg = (value: string) => encodeURIComponent(value);

export const APPROVALS_API = {
  /** GET ?workspace=<'personal' | organization id> → ApprovalList: the waiting approvals the caller may decide, newest first. */
  approvals: '/api/approvals',
  /** POST ApprovalDecisionBody → ApprovalDecided (the run's decide route; /approve and /reject stay as they were). */
  decide: (runId: string) => `/api/runs/${seg(runId)}/decide`,
  /**
   * GET → RunApprovals: the run's waiting approval steps and whether the caller
   * may decide each, by the same rule the decide route applies (the workflow as
   * stored, shares included). 404 when the caller may not view the run.
   */
  runApprovals: (runId: string) => `/api/runs/${seg(runId)}/approvals`,
  /**
   * GET → ApprovalLinkView (what the link would decide); POST ApprovalLinkBody → ApprovalDecided.
   * Refusals: 400 link-invalid, 410 link-expired, 409 link-used (used, or the step moved on),
   * 401 link-sign-in-required, 403 link-wrong-user, 403 not-approver.
   */
  link: (token: string) => `/api/approval-links/${seg(token)}`,
} as const;

/** The browser page a one-click link opens: `${APP_URL}` + this. */
export const approvalLinkPagePath = (token: string) => `/workflows/approvals/decide?token=${seg(token)}`;
/** The inbox page (an approval_waiting notification opens it). */
export const APPROVAL_INBOX_PATH = '/workflows/approvals';

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const APPROVAL_LIMITS = {
  /** A decision's comment. */
  maxCommentLength: 1000,
  /** How long a one-click link works. */
  linkTtlMs: 72 * 60 * 60 * 1000,
  /** Items one inbox answer lists. */
  maxListed: 100,
  /**
   * How long a closed request (decided, canceled) is kept before the
   * housekeeping sweep deletes it: long enough for what follows a decision
   * (the other approvers' bell entries) and an inbox open at that moment.
   */
  closedRequestGraceMs: 60 * 60 * 1000,
} as const;

/** Server-only collections (the rules deny browsers). */
export const APPROVAL_COLLECTIONS = {
  /** approvalRequests/{runId}_{nodeId}: one per approval step that waits or waited (ApprovalRequestRecord). */
  requests: 'approvalRequests',
  /** approvalLinks/{tokenId}: a link that was used (single use). */
  links: 'approvalLinks',
} as const;

export const approvalRequestId = (runId: string, nodeId: string) => `${runId}_${nodeId}`;

/**
 * The workspace setting (on organizations/{id}, and on users/{uid} for a
 * personal workspace; set by PATCH WORKSPACES_API.settings, never by browsers)
 * that makes a one-click link's POST also need the approver signed in as the
 * user the link was sent to.
 */
export const APPROVAL_LINKS_REQUIRE_SIGN_IN_FIELD = 'approvalLinksRequireSignIn';
export const APPROVAL_LINKS_REQUIRE_SIGN_IN_DEFAULT = true;

/** Stable refusal codes beside the English message (the UI translates by code). */
export const APPROVAL_ERROR_CODES = {
  /** Not a token this service signed, or changed after signing. */
  linkInvalid: 'link-invalid',
  linkExpired: 'link-expired',
  /** Already used once (single use), or the step was decided meanwhile. */
  linkUsed: 'link-used',
  /** The workspace demands sign-in: send the approver's ID token. */
  linkSignInRequired: 'link-sign-in-required',
  /** Signed in as someone else than the user the link was sent to. */
  linkWrongUser: 'link-wrong-user',
  /** The step is not waiting any more (decided, run canceled). */
  notWaiting: 'approval-not-waiting',
  /** The caller is not (or no longer) one of the step's approvers. */
  notApprover: 'not-approver',
} as const;
export type ApprovalErrorCode = (typeof APPROVAL_ERROR_CODES)[keyof typeof APPROVAL_ERROR_CODES];

export type ApproverViewKind = 'user' | 'email' | 'role';

/** One named approver, as people read it. */
export interface ApproverView {
  kind: ApproverViewKind;
  /** The uid, e-mail or role id as the step names it. */
  id: string;
  /** A user's display name or e-mail, the e-mail, or the role's name (English; the UI translates built-in role ids). */
  label: string;
}

/** One waiting approval step of a run, as the run view shows it (GET APPROVALS_API.runApprovals). */
export interface RunApprovalView {
  nodeId: string;
  /** The service's verdict: POST decide by this caller on this step would be accepted (now). */
  mayDecide: boolean;
  approvers: ApproverView[];
}

export interface RunApprovals {
  approvals: RunApprovalView[];
}

/** One approval waiting in the caller's inbox. */
export interface ApprovalItem {
  runId: string;
  nodeId: string;
  /** The waiting step's id (RunStep.id). */
  stepId: string;
  workflowId: string;
  workflowName: string;
  /** 'personal' for the caller's own personal workspace, else the organization id or `user:<uid>` (workspaceKey). */
  workspaceId: string;
  /** What is being approved (the step's message). */
  message: string;
  /** The data the step shows: its input (the outputs upstream of it), JSON-safe, large values cut. */
  shown: Record<string, unknown>;
  /** Who is waiting: the run's starter (else its owner). */
  requestedBy: { uid: string; displayName: string | null };
  requestedAt: string;
  approvers: ApproverView[];
}

export interface ApprovalList {
  approvals: ApprovalItem[];
}

/** The body of POST APPROVALS_API.decide(runId). */
export interface ApprovalDecisionBody {
  decision: ApprovalDecision;
  /** Which approval step (when several wait); the first waiting one when omitted. */
  nodeId?: string;
  /** At most APPROVAL_LIMITS.maxCommentLength characters. */
  comment?: string;
  /** One of the caller's uploads (the files module), attached to the run with the decision. */
  fileId?: string;
}

export interface ApprovalDecided {
  runId: string;
  stepId: string;
  approved: boolean;
}

/** What a one-click link would decide (GET APPROVALS_API.link(token)); readable without signing in. */
export interface ApprovalLinkView {
  runId: string;
  nodeId: string;
  workflowName: string;
  message: string;
  /** Empty when the workspace demands sign-in and the approver's ID token did not come with the GET. */
  shown: Record<string, unknown>;
  /** The decision the link was made for; null: the page offers both. */
  decision: ApprovalDecision | null;
  expiresAt: string;
  /** The POST needs the approver's ID token (Authorization: Bearer). */
  requiresSignIn: boolean;
  /** The e-mail the link was sent to (so the page can say whom to sign in as). */
  recipientEmail: string | null;
}

/** The body of POST APPROVALS_API.link(token); must match the link's decision when it has one. */
export interface ApprovalLinkBody {
  decision: ApprovalDecision;
  comment?: string;
}

/**
 * What a one-click link stands for, signed with HMAC-SHA256 by platform-api
 * and stored server-side (approvalLinks/{tid}); the token in the URL is
 * `<tid>.<base64url signature>`.
 */
export interface ApprovalLinkClaims {
  /** Format version. */
  v: 1;
  /** The token's id (22 base64url characters): approvalLinks/{tid} holds these claims and when the link was used. */
  tid: string;
  runId: string;
  nodeId: string;
  /** The approver it was sent to. */
  uid: string;
  decision: ApprovalDecision | null;
  /** Epoch milliseconds. */
  exp: number;
}

/** Status of an approval request record. */
export const APPROVAL_REQUEST_STATUSES = ['waiting', 'approved', 'rejected', 'canceled'] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

/** approvalRequests/{runId}_{nodeId} (server-only). */
export interface ApprovalRequestRecord {
  runId: string;
  nodeId: string;
  stepId: string;
  workflowId: string;
  workflowName: string;
  ownerId: string;
  organizationId: string | null;
  /** workspaceKey(workflow). */
  workspaceId: string;
  message: string;
  shown: Record<string, unknown>;
  requestedBy: { uid: string; displayName: string | null };
  requestedAt: string;
  /** As the step names them. */
  approvers: string[];
  /** The users resolved when the step began waiting (uids): the inbox's array-contains query. */
  notifyUids: string[];
  status: ApprovalRequestStatus;
  decidedAt: string | null;
  decidedBy: string | null;
  /** When it stopped waiting (ISO; absent while waiting): the sweep deletes it APPROVAL_LIMITS.closedRequestGraceMs later. */
  closedAt?: string | null;
}
