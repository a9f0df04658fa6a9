// Errors a membership route throws to answer a client, and the router's
// error handler that turns them (and the ledger's) into JSON. Anything else is a 500.
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { IdempotencyConflictError, InsufficientTokensError, LedgerValidationError } from '@agentflow/shared/server';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 503,
    message: string,
    /** A stable code beside the English message (the browser translates by code). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The first issue of a zod error, naming its field ('amount must be an integer'). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  const field = issue.path.join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

/** Parses with a zod schema; a failure is a 400 naming the field. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(describeIssue(result.error));
  return result.data;
}

/** The shared id schema (shared/src/validation/ids.ts): an id no document can have is refused before Firestore. */
export { isDocumentId } from '@agentflow/shared/server';

// gRPC status codes the Firestore client reports.
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_ABORTED = 10;
const GRPC_UNAVAILABLE = 14;

export function membershipErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (error instanceof HttpError) {
      res.status(error.status).json(error.code ? { error: error.message, code: error.code } : { error: error.message });
      return;
    }
    if (error instanceof InsufficientTokensError) {
      res.status(402).json({ error: error.message });
      return;
    }
    if (error instanceof LedgerValidationError) {
      res.status(400).json({ error: error.message });
      return;
    }
    if (error instanceof IdempotencyConflictError) {
      res.status(409).json({ error: error.message });
      return;
    }
    if (error instanceof URIError && (error as URIError & { status?: number }).status === 400) {
      res.status(400).json({ error: 'Malformed URL: a path segment is not valid percent-encoding' });
      return;
    }
    const code = (error as { code?: unknown } | null)?.code;
    if (code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED || code === GRPC_ABORTED) {
      logger.warn({ err: error }, 'membership store unavailable');
      res.status(503).json({ error: 'The membership store is unavailable; try again shortly' });
      return;
    }
    next(error);
  };
}
