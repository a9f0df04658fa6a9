// One-click approval links. A link's claims (the run, the step, the approver
// it was sent to, the decision or none, when it lapses) are signed with
// HMAC-SHA256 under a server secret and kept server-side in
// approvalLinks/{tid}; the token in the URL is `<tid>.<signature>` (66
// characters: every path segment a service takes is at most 128). Verifying
// recomputes the signature over the stored claims, so a changed token, a
// changed record and a token of another secret all fail alike. Single use is
// the decision's transaction's job (it marks the record used).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { APPROVAL_COLLECTIONS, APPROVAL_ERROR_CODES, APPROVAL_LIMITS, approvalLinkClaimsSchema, type ApprovalDecision, type ApprovalLinkClaims } from '@agentflow/shared/domain';

/**
 * Used when APPROVAL_LINK_SECRET is not set: fine for a laptop, never for a
 * deployment (anyone who reads this file could sign links); the approvals
 * module logs a warning when it is used in production.
 */
export const DEV_APPROVAL_LINK_SECRET = 'agentflow-dev-approval-links-not-for-production';

export function approvalLinkSecretFromEnv(env: NodeJS.ProcessEnv): { secret: string; isDefault: boolean } {
  const configured = env.APPROVAL_LINK_SECRET?.trim();
  return configured ? { secret: configured, isDefault: false } : { secret: DEV_APPROVAL_LINK_SECRET, isDefault: true };
}

export type LinkRefusalCode = typeof APPROVAL_ERROR_CODES.linkInvalid | typeof APPROVAL_ERROR_CODES.linkExpired;
export type VerifiedLink = { ok: true; claims: ApprovalLinkClaims } | { ok: false; code: LinkRefusalCode };

export interface LinkRequest {
  runId: string;
  nodeId: string;
  uid: string;
  decision: ApprovalDecision | null;
}

/** approvalLinks/{tid}: the signed claims, and when the link was used. */
export interface StoredApprovalLink {
  claims: ApprovalLinkClaims;
  usedAt: string | null;
  /** A day after the link lapses: a Firestore TTL policy on this field deletes the record (README). */
  expireAt: Date;
}

const DAY_MS = 86_400_000;

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The signature covers the id and every claim, in a fixed order. */
function signature(secret: string, claims: ApprovalLinkClaims): Buffer {
  const canonical = JSON.stringify([claims.v, claims.tid, claims.runId, claims.nodeId, claims.uid, claims.decision, claims.exp]);
  return createHmac('sha256', secret).update(canonical).digest();
}

/** New claims and their token (pure: the caller stores the claims, see issueApprovalLink). */
export function signApprovalLink(secret: string, link: LinkRequest, now: Date, ttlMs: number = APPROVAL_LIMITS.linkTtlMs): { token: string; claims: ApprovalLinkClaims } {
  const claims: ApprovalLinkClaims = { v: 1, tid: randomBytes(16).toString('base64url'), runId: link.runId, nodeId: link.nodeId, uid: link.uid, decision: link.decision, exp: now.getTime() + ttlMs };
  return { token: `${claims.tid}.${signature(secret, claims).toString('base64url')}`, claims };
}

/** The token's id, when it has the shape of a token. */
export function linkTokenId(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** Checks a token against the claims stored under its id (null: none stored) at `now`. */
export function verifyApprovalLink(secret: string, token: string, stored: unknown, now: Date): VerifiedLink {
  const invalid = { ok: false, code: APPROVAL_ERROR_CODES.linkInvalid } as const;
  const match = TOKEN.exec(token);
  const parsed = approvalLinkClaimsSchema.safeParse(stored);
  if (!match || !parsed.success || parsed.data.tid !== match[1]) return invalid;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, parsed.data);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  if (parsed.data.exp <= now.getTime()) return { ok: false, code: APPROVAL_ERROR_CODES.linkExpired };
  return { ok: true, claims: parsed.data };
}

export const linksCollection = (db: Firestore) => db.collection(APPROVAL_COLLECTIONS.links);

/** Signs a link and stores its claims; the token to put in the URL. */
export async function issueApprovalLink(db: Firestore, secret: string, link: LinkRequest, now: Date, ttlMs?: number): Promise<{ token: string; claims: ApprovalLinkClaims }> {
  const issued = signApprovalLink(secret, link, now, ttlMs);
  const record: StoredApprovalLink = { claims: issued.claims, usedAt: null, expireAt: new Date(issued.claims.exp + DAY_MS) };
  await linksCollection(db).doc(issued.claims.tid).create(record);
  return issued;
}
