// The request bodies of the approval endpoints (zod); the service parses with
// these and the browser may validate its form with them.
import { z } from 'zod';
import { APPROVAL_DECISIONS, APPROVAL_LIMITS } from './api.js';

const decision = z.enum(APPROVAL_DECISIONS, { error: "must be 'approve' or 'reject'" });
const comment = z.string({ error: 'must be a string' }).max(APPROVAL_LIMITS.maxCommentLength, `must be at most ${APPROVAL_LIMITS.maxCommentLength} characters`);

export const approvalDecisionBodySchema = z.strictObject({
  decision,
  nodeId: z.string({ error: 'must be a string' }).min(1, 'is required').max(300, 'must be at most 300 characters').optional(),
  comment: comment.optional(),
  fileId: z.string({ error: 'must be a file id' }).regex(/^[A-Za-z0-9]{20}$/, 'must be a file id').optional(),
});

export const approvalLinkBodySchema = z.strictObject({
  decision,
  comment: comment.optional(),
});

export const approvalListQuerySchema = z.object({
  workspace: z.string({ error: 'must be a string' }).min(1, 'is required').max(300, 'must be at most 300 characters').optional(),
});

/** A link's claims as platform-api stores them (approvalLinks/{tid}), checked before its signature. */
export const approvalLinkClaimsSchema = z.strictObject({
  v: z.literal(1),
  tid: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  runId: z.string().min(1).max(300),
  nodeId: z.string().min(1).max(300),
  uid: z.string().min(1).max(128),
  decision: decision.nullable(),
  exp: z.number().int().positive(),
});
