// One HTTP error, one body parser that names the field, and one error
// handler for every service route. A route throws; the handler answers
// `{ error }` (or `{ error, code }` with a stable code) and never a stack:
//   HttpError                          its status, message and code
//   InsufficientTokensError (ledger)   402 insufficient_tokens
//   LedgerValidationError (ledger)     400
//   IdempotencyConflictError (ledger)  409
//   Firestore unreachable or overrun   503, when the router names its store
//   the kit's own refusals             4xx `{ error, code }` (requestGuards.ts)
// Anything else goes on to createServiceApp's last handler: a 500.
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ServiceErrorCode } from '../domain/validation/errorCodes.js';
import { PLAN_ERROR_CODES } from '../domain/membership/entitlements.js';
import { describeIssue, type IssueWording } from '../domain/validation/issues.js';
import { IdempotencyConflictError, InsufficientTokensError, LedgerValidationError } from '../ledger/ledgerTypes.js';
import { JSON_BODY_LIMIT, clientErrorFor } from './requestGuards.js';

export type HttpErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 503;

export class HttpError extends Error {
  constructor(
    readonly status: HttpErrorStatus,
    /** English text for people and logs; clients branch on `code`, never on this. */
    message: string,
    /** A stable code beside the message (the browser translates by it); defined in the domain. */
    readonly code?: ServiceErrorCode,
    /** Fields sent beside error and code (a plan refusal names the plan that unlocks the feature). */
    readonly details?: Readonly<Record<string, string | number | boolean | null>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: ServiceErrorCode) => new HttpError(400, message, code);
export const forbidden = (message: string, code?: ServiceErrorCode) => new HttpError(403, message, code);
export const notFound = (message: string, code?: ServiceErrorCode) => new HttpError(404, message, code);
export const conflict = (message: string, code?: ServiceErrorCode) => new HttpError(409, message, code);

export interface ParseOptions extends IssueWording {
  /** Sent with the 400 (the team endpoints send 'invalid_request'); none by default. */
  code?: ServiceErrorCode;
}

/** Parses with a zod schema (an absent body as {}); a failure is a 400 naming the field. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown, { code, ...wording }: ParseOptions = {}): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(400, describeIssue(result.error, wording), code);
  return result.data;
}

// gRPC status codes the Firestore client reports when it cannot serve a request now.
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_ABORTED = 10;
const GRPC_UNAVAILABLE = 14;

/** Firestore unreachable, too slow, or a transaction that kept colliding: worth trying again later. */
export function isStoreUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED || code === GRPC_ABORTED;
}

export interface ErrorAnswer {
  status: number;
  body: { error: string; code?: string; [detail: string]: unknown };
}

const plain = (status: number, error: Error): ErrorAnswer => ({ status, body: { error: error.message } });

/** What a route threw on purpose (an HttpError) or the ledger refused; null for anything else. */
export function routeErrorAnswer(error: unknown): ErrorAnswer | null {
  if (error instanceof HttpError) return { status: error.status, body: { ...error.details, error: error.message, ...(error.code ? { code: error.code } : {}) } };
  if (error instanceof InsufficientTokensError) return { status: 402, body: { error: error.message, code: PLAN_ERROR_CODES.insufficientTokens } };
  if (error instanceof LedgerValidationError) return plain(400, error);
  if (error instanceof IdempotencyConflictError) return plain(409, error);
  return null;
}

export interface ServiceErrorOptions {
  /**
   * The store a router depends on ('membership', 'access-control'): when
   * Firestore cannot serve, the answer is a 503 saying that store is
   * unavailable. Without it such a failure is a 500.
   */
  store?: { name: string; logger: Logger };
  /** The JSON body limit, named in the refusal of a larger body. */
  bodyLimit?: string;
}

/** The error handler: routers mount it (naming their store); createServiceApp ends with it. */
export function serviceErrors({ store, bodyLimit = JSON_BODY_LIMIT }: ServiceErrorOptions = {}): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    let answer = routeErrorAnswer(error);
    if (!answer && store && isStoreUnavailable(error)) {
      store.logger.warn({ err: error }, `${store.name} store unavailable`);
      answer = { status: 503, body: { error: `The ${store.name} store is unavailable; try again shortly` } };
    }
    if (answer) {
      // A stream already answering (run events) keeps its own ending: there is no status left to set.
      if (!res.headersSent) res.status(answer.status).json(answer.body);
      return;
    }
    const refusal = clientErrorFor(error, req, bodyLimit);
    if (refusal && !res.headersSent) {
      // Not the error itself: a parse error carries the body, which may hold secrets.
      req.log?.info({ status: refusal.status, code: refusal.body.code }, 'request refused');
      res.status(refusal.status).json(refusal.body);
      return;
    }
    next(error);
  };
}
