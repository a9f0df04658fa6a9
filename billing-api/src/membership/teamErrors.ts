// The team endpoints' refusals: an HTTP status, a stable code from
// TEAM_ERROR_CODES (the UI translates by it) and the English text, answered
// as `{error, code}`. Anything else falls through to the membership router's
// handler (ledger errors, store unavailable, 500).
import type { ErrorRequestHandler, Request } from 'express';
import type { z } from 'zod';
import type { ServiceErrorBody, TeamErrorCode } from '@agentflow/shared/server';
import { describeIssue } from './errors.js';

export type TeamErrorStatus = 400 | 403 | 404 | 409 | 410;

export class TeamError extends Error {
  constructor(
    readonly status: TeamErrorStatus,
    readonly code: TeamErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TeamError';
  }
}

export const teamError = (status: TeamErrorStatus, code: TeamErrorCode, message: string) => new TeamError(status, code, message);

/** Parses with a zod schema; a failure is a 400 `invalid_request` naming the field. */
export function parseTeamInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw teamError(400, 'invalid_request', describeIssue(result.error));
  return result.data;
}

/**
 * Ids the team endpoints hand out: invitation and member ids (Firestore
 * auto-ids). Anything else is refused before it reaches a Firestore path.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function idParam(req: Request, what: 'invitation' | 'member'): string {
  const raw = req.params.id;
  const id = typeof raw === 'string' ? raw : '';
  if (!ID_PATTERN.test(id)) throw teamError(400, 'invalid_request', `id is not a ${what} id`);
  return id;
}

export function teamErrors(): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (!(error instanceof TeamError)) {
      next(error);
      return;
    }
    const body: ServiceErrorBody = { error: error.message, code: error.code };
    res.status(error.status).json(body);
  };
}
