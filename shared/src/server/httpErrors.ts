// One HTTP error, one body parser that names the field, and one error
// handler for every service route. A route throws; the handler answers
// `{ error, code }`, a stable code beside the English text, and never a stack:
//   HttpError                          its status, message and code (else the status's generic code)
//   InsufficientTokensError (ledger)   402 insufficient_tokens
//   LedgerValidationError (ledger)     400 invalid_request
//   IdempotencyConflictError (ledger)  409 idempotency_conflict
//   Firestore unreachable or overrun   503 unavailable, when the router names its store
//   the kit's own refusals             4xx `{ error, code }` (requestGuards.ts)
// Anything else goes on to createServiceApp's last handler: a 500 internal.
// The generic codes and defaultErrorCode(status) live in the domain (errorCodes.ts).
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { GENERIC_ERROR_CODES, defaultErrorCode, type ServiceErrorCode } from '../domain/validation/errorCodes.js';
import { PLAN_ERROR_CODES } from '../domain/membership/entitlements.js';
import { describeIssue, type IssueWording } from '../domain/validation/issues.js';
import { IdempotencyConflictError, InsufficientTokensError, LedgerValidationError } from '../ledger/ledgerTypes.js';
import { JSON_BODY_LIMIT, clientErrorFor } from './requestGuards.js';
import { IDEMPOTENCY_KEY_HEADER, CLIENT_IDEMPOTENCY_KEY_RULE, isClientIdempotencyKey } from '../domain/validation/idempotencyKey.js';

export type HttpErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 503;

export class HttpError extends Error {
  constructor(
    readonly status: HttpErrorStatus,
    /** English text for people and logs; clients branch on `code`, never on this. */
    message: string,
    /** A stable code beside the message (the browser translates by it), defined in the domain; else the status's generic code. */
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
  /** Sent with the 400; by default the generic 'invalid_request'. */
  code?: ServiceErrorCode;
}

/** Parses with a zod schema (an absent body as {}); a failure is a 400 naming the field. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown, { code, ...wording }: ParseOptions = {}): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(400, describeIssue(result.error, wording), code);
  return result.data;
}

/** A request's Idempotency-Key header: null without one; a 400 naming the header when it is not of the shape every key has. */
export function idempotencyKeyOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!isClientIdempotencyKey(value)) throw new HttpError(400, `${IDEMPOTENCY_KEY_HEADER} ${CLIENT_IDEMPOTENCY_KEY_RULE}`, GENERIC_ERROR_CODES.invalidRequest, { field: IDEMPOTENCY_KEY_HEADER });
  return value;
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

/** Every error body a service sends: the English text and its stable code (details beside them). */
export interface ErrorAnswer {
  status: number;
  body: { error: string; code: string; [detail: string]: unknown };
}

/** An error body: `code` when the caller names one, else the generic code of the status. */
export const errorBody = (status: number, error: string, code?: ServiceErrorCode): { error: string; code: ServiceErrorCode } => ({ error, code: code ?? defaultErrorCode(status) });

/** What a route threw on purpose (an HttpError) or the ledger refused; null for anything else. */
export function routeErrorAnswer(error: unknown): ErrorAnswer | null {
  if (error instanceof HttpError) return { status: error.status, body: { ...error.details, ...errorBody(error.status, error.message, error.code) } };
  if (error instanceof InsufficientTokensError) return { status: 402, body: errorBody(402, error.message, PLAN_ERROR_CODES.insufficientTokens) };
  if (error instanceof LedgerValidationError) return { status: 400, body: errorBody(400, error.message, GENERIC_ERROR_CODES.invalidRequest) };
  if (error instanceof IdempotencyConflictError) return { status: 409, body: errorBody(409, error.message, GENERIC_ERROR_CODES.idempotencyConflict) };
  return null;
}

const isUncodedError = (body: unknown): body is { error: string } =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { error?: unknown }).error === 'string' && (body as { code?: unknown }).code === undefined;

/**
 * The guarantee that every error a service sends carries a code, for the
 * routes that answer by hand (`res.status(404).json({ error })`) instead of
 * throwing: a JSON answer with an error status and an `error` text but no
 * `code` gets its status's generic code. A code the route sent always stays.
 * createServiceApp mounts it before any route.
 */
export const codedErrorBodies: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = ((body?: unknown) => json(res.statusCode >= 400 && isUncodedError(body) ? { ...body, code: defaultErrorCode(res.statusCode) } : body)) as typeof res.json;
  next();
};

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
      answer = { status: 503, body: errorBody(503, `The ${store.name} store is unavailable; try again shortly`, GENERIC_ERROR_CODES.unavailable) };
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
