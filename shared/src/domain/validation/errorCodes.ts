// Stable machine codes of the refusals every service's kit answers before a
// route runs (request decoding, path, body shape, rate limits), sent as
// `{ error: "<English text naming the field>", code }`. Clients branch and
// translate by code; the text may change, the codes may not.
import type { BillingErrorCode } from '../billing/api.js';
import type { TeamErrorCode } from '../membership/api.js';
import type { CredentialErrorCode } from '../credentials/api.js';
import type { PlanErrorCode } from '../membership/entitlements.js';

export const REQUEST_ERROR_CODES = {
  /** A path segment is not valid percent-encoded UTF-8, holds control characters, or is too long. */
  invalidPathParam: 'invalid_path_param',
  /** A path parameter no id can be ('..', 'a%2Fb', '__x__'): nothing is there (404). */
  notFound: 'not_found',
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
 * Every code a service's refusal may carry: the kit's own (above), the team
 * endpoints' (membership/api.ts) and billing's (billing/api.ts). The server
 * kit's HttpError takes only these, so each code is defined once, here in the domain.
 */
export type ServiceErrorCode = RequestErrorCode | TeamErrorCode | BillingErrorCode | CredentialErrorCode | PlanErrorCode;
