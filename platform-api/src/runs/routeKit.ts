// What the runs routes (router.ts, webhook.ts) share: body parsing that names
// the field, path ids on the shared id schema, the verified caller, and
// constant-time secret comparison. Workflow documents are read by the domain's
// workflowFromDocument. The HTTP error is the server kit's.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { z } from 'zod';
import { CREDENTIAL_ERROR_CODES, HttpError, InsufficientTokensError, LedgerValidationError, PLAN_ERROR_CODES, isDocumentId, parseOr400 as parseInput, type Caller } from '@agentflow/shared/server';
import { STEP_TEST_ERROR_CODES } from '@agentflow/shared/workflow';
import { RunFromHereError, RunRefusedError, RunUnpaidError, WorkflowInTrashError } from './service.js';

/** Body parsing that names the field: the kit's parseOr400 in the wording runs have always used ('input.name is not a known field'). */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  return parseInput(schema, value, { prefix, unknownKeys: 'field' });
}

export const missing = (value: unknown) => value === undefined || value === null;

export const pathParam = (req: Request, name: string): string => {
  const value = req.params[name];
  // The kit refused undecodable and over-long segments; a well-formed one that is no id cannot exist.
  if (!isDocumentId(value)) throw new HttpError(404, 'Not found');
  return value;
};

export const caller = (req: Request): Caller => {
  if (!req.caller) throw new HttpError(401, 'Missing Authorization header with a Bearer ID token');
  return req.caller;
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of two secrets (of any lengths). */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * What a refused run start (or step test) answers; null for any other error.
 * 409 workflow-in-trash: the workflow exists and can be restored (a state
 * conflict the owner resolves), not 410, which says it is gone for good.
 * A webhook run's recorded refusal carries its runId.
 */
export function refusalAsHttp(error: unknown): HttpError | null {
  const recorded = (runId: string | null): Record<string, string> => (runId ? { runId } : {});
  if (error instanceof WorkflowInTrashError) return new HttpError(409, error.message, STEP_TEST_ERROR_CODES.workflowInTrash);
  if (error instanceof RunFromHereError) return new HttpError(400, error.message, error.nodeId ? STEP_TEST_ERROR_CODES.pinMissing : STEP_TEST_ERROR_CODES.nodeNotFound, { field: 'startAt', nodeId: error.nodeId });
  if (error instanceof RunRefusedError) {
    if (error.code === 'plan_required') return new HttpError(403, error.message, PLAN_ERROR_CODES.planRequired, { plan: error.details?.plan ?? null, feature: error.details?.feature ?? null, ...recorded(error.runId) });
    return new HttpError(409, error.message, CREDENTIAL_ERROR_CODES.missingForRun, recorded(error.runId));
  }
  if (error instanceof RunUnpaidError) return new HttpError(402, error.message, PLAN_ERROR_CODES.insufficientTokens, recorded(error.runId));
  if (error instanceof InsufficientTokensError) return new HttpError(402, error.message, PLAN_ERROR_CODES.insufficientTokens);
  if (error instanceof LedgerValidationError) return new HttpError(400, error.message);
  return null;
}
