// One-click approval links: a token = base64url(JSON claims) '.' base64url(
// HMAC-SHA256(secret, that first part)). The claims name the run, the step,
// the approver it was sent to, the decision (or none) and when it lapses;
// the signature makes every change to them detectable. Single use is not
// the token's job: the service marks approvalLinks/{tid} used in the
// transaction that decides (linkRoutes.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APPROVAL_ERROR_CODES, APPROVAL_LIMITS, approvalLinkClaimsSchema, type ApprovalDecision, type ApprovalLinkClaims } from '@agentflow/shared/domain';

/**
 * Used when APPROVAL_LINK_SECRET is not set: fine for a laptop, never for a
 * deployment (anyone who reads this file could sign links). server.ts logs
 * a warning when it is in use.
 */
export const DEV_APPROVAL_LINK_SECRET = 'agentflow-dev-approval-links-not-for-production';

export function approvalLinkSecretFromEnv(env: NodeJS.ProcessEnv): { secret: string; isDefault: boolean } {
  const configured = env.APPROVAL_LINK_SECRET?.trim();
  return configured ? { secret: configured, isDefault: false } : { secret: DEV_APPROVAL_LINK_SECRET, isDefault: true };
}

export type LinkRefusalCode = typeof APPROVAL_ERROR_CODES.linkInvalid | typeof APPROVAL_ERROR_CODES.linkExpired;

export type VerifiedLink = { ok: true; claims: ApprovalLinkClaims } | { ok: false; code: LinkRefusalCode };

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

export interface LinkRequest {
  runId: string;
  nodeId: string;
  uid: string;
  decision: ApprovalDecision | null;
}

export function signApprovalLink(secret: string, link: LinkRequest, now: Date, ttlMs: number = APPROVAL_LIMITS.linkTtlMs): { token: string; claims: ApprovalLinkClaims } {
  const claims: ApprovalLinkClaims = { v: 1, tid: randomBytes(18).toString('base64url'), runId: link.runId, nodeId: link.nodeId, uid: link.uid, decision: link.decision, exp: now.getTime() + ttlMs };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `${body}.${sign(secret, body).toString('base64url')}`, claims };
}

/** The claims of a token this secret signed and that has not lapsed at `now`. */
export function verifyApprovalLink(secret: string, token: string, now: Date): VerifiedLink {
  const invalid = { ok: false, code: APPROVAL_ERROR_CODES.linkInvalid } as const;
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]+$/.test(parts[1]!)) return invalid;
  const [body, signature] = parts as [string, string];
  const expected = sign(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  const parsed = approvalLinkClaimsSchema.safeParse(json);
  if (!parsed.success) return invalid;
  if (parsed.data.exp <= now.getTime()) return { ok: false, code: APPROVAL_ERROR_CODES.linkExpired };
  return { ok: true, claims: parsed.data };
}
