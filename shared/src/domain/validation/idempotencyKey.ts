// The client's Idempotency-Key: one header, one shape, for every route that
// takes one (the builder's step test, issue 19; POST /v1/workflows/:id/runs,
// issue 24). What a key guards is each route's own (a step test's charge, a
// public run start's answer); the rule of what a key may be is here, once.
// A client's key, not the ledger's own idempotency keys (ledger/ledgerTypes.ts),
// which the services build. Pure: no zod (the browser's entries carry this file).

/** The request header naming one logical request: a retry sends the same value. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** What an Idempotency-Key may be: 8–100 letters, digits, '-' and '_' (a UUID fits). */
export const CLIENT_IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The refusal's wording of the pattern above, after the header's name. */
export const CLIENT_IDEMPOTENCY_KEY_RULE = "must be 8 to 100 letters, digits, '-' or '_'";

export const isClientIdempotencyKey = (value: unknown): value is string => typeof value === 'string' && CLIENT_IDEMPOTENCY_KEY_PATTERN.test(value);

/** The response header that marks an answer replayed for a retried key (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Codes of the refusals a key itself causes (the public API's run start). */
export const IDEMPOTENCY_ERROR_CODES = {
  /** 422: the key was used with another request (another workflow or body) within its retention. */
  reused: 'idempotency_key_reused',
  /** 409: a request with this key is still being started; retry in a moment. */
  inProgress: 'idempotency_key_in_progress',
} as const;
export type IdempotencyErrorCode = (typeof IDEMPOTENCY_ERROR_CODES)[keyof typeof IDEMPOTENCY_ERROR_CODES];
