// Stable machine codes of service errors, sent as `{ error: "<English text>",
// code }`: the generic code of each kind (by HTTP status), which every error
// carries when its route names no more specific one, and the refusals every
// service's kit answers before a route runs (request decoding, path, body
// shape, rate limits). Clients branch and translate by code; the text may
// change, the codes may not.
import type { ConnectorErrorCode } from '../connectors/api.js';
import type { BillingErrorCode } from '../billing/api.js';
import type { TeamErrorCode } from '../membership/api.js';
import type { CredentialErrorCode } from '../credentials/api.js';
import type { PlanErrorCode } from '../membership/entitlements.js';
import type { FileErrorCode } from '../files/api.js';
import type { StepTestErrorCode } from '../workflow/testStep.js';
import type { WorkflowTriggerErrorCode } from '../workflow/triggers.js';
import type { WorkspaceErrorCode } from '../workspaces/api.js';
import type { ApprovalErrorCode } from '../approvals/api.js';
import type { KnowledgeErrorCode } from '../knowledge/api.js';
import type { ChatErrorCode } from '../chat/routes.js';
import type { ApiKeyErrorCode } from '../apiKeys/api.js';
import type { McpErrorCode } from '../mcp/api.js';
import type { IdempotencyErrorCode } from './idempotencyKey.js';

/**
 * The codes of refusals by kind, one per HTTP status a service answers: what
 * an error carries when its route gave no more specific code. Every error
 * body a service sends holds a code, so the browser can always translate.
 */
export const GENERIC_ERROR_CODES = {
  /** 400: a field of the body, query or path is not valid (the message names it). */
  invalidRequest: 'invalid_request',
  /** 401: no valid ID token (missing, malformed, expired, revoked, disabled account). */
  unauthenticated: 'unauthenticated',
  /** 402: the tokens or plan the call needs are not there. */
  paymentRequired: 'payment_required',
  /** 403: signed in, but not allowed to do this (or to see that). */
  forbidden: 'forbidden',
  /** 404: nothing is there (or nothing the caller may know of). */
  notFound: 'not_found',
  /** 409: the state changed under the call (a run already finished...). */
  conflict: 'conflict',
  /** 409: an idempotency key reused with a different request. */
  idempotencyConflict: 'idempotency_conflict',
  /** 410: it was there and is no longer (an expired link). */
  gone: 'gone',
  /** 413: a field or body larger than allowed. */
  tooLarge: 'too_large',
  /** 502, 503, 504: a store or provider behind the service cannot answer now; try again shortly. */
  unavailable: 'unavailable',
  /** 500: the service failed; nothing the caller did. */
  internal: 'internal',
} as const;

export type GenericErrorCode = (typeof GENERIC_ERROR_CODES)[keyof typeof GENERIC_ERROR_CODES];
export const GENERIC_ERROR_CODE_LIST: readonly GenericErrorCode[] = Object.values(GENERIC_ERROR_CODES);

export function isGenericErrorCode(value: unknown): value is GenericErrorCode {
  return typeof value === 'string' && (GENERIC_ERROR_CODE_LIST as readonly string[]).includes(value);
}

/**
 * The code an error of this HTTP status carries when its route names none.
 * Pure and total: any other 4xx is an invalid request, any other 5xx internal.
 */
export function defaultErrorCode(status: number): GenericErrorCode | typeof REQUEST_ERROR_CODES.rateLimited {
  switch (status) {
    case 400:
      return GENERIC_ERROR_CODES.invalidRequest;
    case 401:
      return GENERIC_ERROR_CODES.unauthenticated;
    case 402:
      return GENERIC_ERROR_CODES.paymentRequired;
    case 403:
      return GENERIC_ERROR_CODES.forbidden;
    case 404:
      return GENERIC_ERROR_CODES.notFound;
    case 409:
      return GENERIC_ERROR_CODES.conflict;
    case 410:
      return GENERIC_ERROR_CODES.gone;
    case 413:
      return GENERIC_ERROR_CODES.tooLarge;
    case 429:
      return REQUEST_ERROR_CODES.rateLimited;
    case 502:
    case 503:
    case 504:
      return GENERIC_ERROR_CODES.unavailable;
    default:
      return status >= 400 && status < 500 ? GENERIC_ERROR_CODES.invalidRequest : GENERIC_ERROR_CODES.internal;
  }
}

export const REQUEST_ERROR_CODES = {
  /** A path segment is not valid percent-encoded UTF-8, holds control characters, or is too long. */
  invalidPathParam: 'invalid_path_param',
  /** A path parameter no id can be ('..', 'a%2Fb', '__x__'): nothing is there (404). */
  notFound: GENERIC_ERROR_CODES.notFound,
  /** A body or query string holds text that is not well-formed Unicode (a lone UTF-16 surrogate). */
  invalidUnicode: 'invalid_unicode',
  /** A JSON body nested deeper than MAX_JSON_DEPTH. */
  bodyTooDeep: 'body_too_deep',
  /** A body over the size limit. */
  bodyTooLarge: 'body_too_large',
  /** A body that is not JSON although its Content-Type says so. */
  malformedJson: 'malformed_json',
  /** A body that does not decode with its Content-Encoding (a gzip header on plain bytes). */
  invalidBodyEncoding: 'invalid_body_encoding',
  /** A Content-Encoding other than identity, gzip, deflate or br. */
  unsupportedContentEncoding: 'unsupported_content_encoding',
  /** A charset the JSON parser does not read. */
  unsupportedCharset: 'unsupported_charset',
  /** A body field that must name a document (a run id...) does not. */
  invalidId: 'invalid_id',
  /** Any other malformed request the HTTP layer refused. */
  badRequest: 'bad_request',
  /** Too many requests: see Retry-After. */
  rateLimited: 'rate_limited',
} as const;

export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[keyof typeof REQUEST_ERROR_CODES];

/** The body of such a refusal. */
export interface RequestErrorBody {
  error: string;
  code: RequestErrorCode;
}

/**
 * Every code a service's refusal may carry: the generic ones by status and
 * the kit's own (above), the team endpoints' (membership/api.ts), billing's
 * (billing/api.ts), the credentials' and the plans'. The server kit's
 * HttpError takes only these, so each code is defined once, in the domain.
 */
export type ServiceErrorCode = GenericErrorCode | RequestErrorCode | TeamErrorCode | BillingErrorCode | CredentialErrorCode | PlanErrorCode | FileErrorCode | ConnectorErrorCode | StepTestErrorCode | WorkflowTriggerErrorCode | WorkspaceErrorCode | ApprovalErrorCode | KnowledgeErrorCode
  // Chat apps' public and publishing routes (chat/api.ts).
  | ChatErrorCode
  | ApiKeyErrorCode
  // MCP servers for agents (mcp/api.ts).
  | McpErrorCode
  // A client's Idempotency-Key reused or still in progress (idempotencyKey.ts).
  | IdempotencyErrorCode;
