// The ledger's public vocabulary: limits and patterns of its inputs, its
// errors, requests and results, and the ids and keys of its usage entries.
import { createHash } from 'node:crypto';
import type { MeteredFeature } from '../domain/membership/features.js';

/** A clock: a fixed instant, or a function read afresh on each transaction attempt (tests move it). */
export type LedgerClock = Date | (() => Date);

/** Largest amount one debit or credit may move (well inside safe integers). */
export const MAX_LEDGER_AMOUNT = 1_000_000_000;
/** Idempotency keys: 1–128 of letters, digits and `_ - . :`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
/** Credit reasons ('refund', 'purchase', 'adjustment'...): 1–64 of lower-case letters, digits and `_`. */
export const CREDIT_REASON_PATTERN = /^[a-z0-9_]{1,64}$/;

/** A debit refused for lack of tokens. Nothing was written. */
export class InsufficientTokensError extends Error {
  constructor(
    readonly needed: number,
    readonly remaining: number,
  ) {
    super(`Insufficient tokens: ${needed} needed, ${remaining} remaining`);
    this.name = 'InsufficientTokensError';
  }
}

/** Bad input to the ledger; `field` names what was wrong (services answer 400). */
export class LedgerValidationError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerValidationError';
  }
}

/** An idempotency key reused for a different operation (another amount, feature or direction). */
export class IdempotencyConflictError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency key '${idempotencyKey}' was already used for a different operation`);
    this.name = 'IdempotencyConflictError';
  }
}

export interface LedgerResult {
  /** false when the idempotency key had already been applied (nothing changed). */
  applied: boolean;
  tokensRemaining: number;
}

/**
 * Whose idempotency key it is. A key a client sent lives in a namespace of its
 * own, so no client key can equal (and pre-empt) a key the server uses for
 * credits, refills, runs or agent calls.
 */
export type KeySpace = 'server' | 'client';

export interface DebitRequest {
  uid: string;
  feature: MeteredFeature | string;
  amount: number;
  idempotencyKey: string;
  /** 'client' for a key taken from a request body; default 'server'. */
  keySpace?: KeySpace;
  now?: LedgerClock;
  /** The workflow run the tokens were spent for: named on the usage entry (usage history). */
  source?: UsageSource;
}

/** What a usage entry came from, as the usage history names it. */
export interface UsageSource {
  workflowId: string;
  workflowName: string;
  runId: string;
}

export interface CreditRequest {
  uid: string;
  amount: number;
  /** Why the tokens are given back or added; stored as the entry's feature. */
  reason: string;
  idempotencyKey: string;
  now?: LedgerClock;
  /** The workflow run the tokens go back for (a refunded start). */
  source?: UsageSource;
}

/**
 * The tokenUsage document id of a user's idempotency key: a hash of both, so
 * one user's key can never name (collide with, or reveal) another user's entry.
 * Client keys hash with a marker of their own (keys cannot hold NUL), so a
 * client key never names a server key's entry.
 */
export function usageEntryId(uid: string, idempotencyKey: string, keySpace: KeySpace = 'server'): string {
  const material = keySpace === 'client' ? `${uid}\u0000client\u0000${idempotencyKey}` : `${uid}\u0000${idempotencyKey}`;
  return createHash('sha256').update(material).digest('hex');
}

/** The ledger key of an allowance grant: one per allowance month (named by its end) and granted level. */
export const allowanceGrantKey = (monthEnd: string, grantedLevel: number) => `allowance:${new Date(monthEnd).getTime()}:${grantedLevel}`;
/** The ledger reason of an allowance top-up within a month (an upgrade, a first paid period). */
export const ALLOWANCE_TOP_UP_REASON = 'plan_allowance';
