// The token ledger: memberships (userMemberships/{uid}) and the usage entries
// (tokenUsage) that debits and credits write. Every balance change is one
// Firestore transaction that refills a due allowance, checks, changes the
// balance and writes its entry, keyed by the caller's idempotency key so a
// retried debit is applied once. billing-api and platform-api both debit here.
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { FEATURE_COSTS, isMeteredFeature } from '../domain/membership/features.js';
import { MEMBERSHIP_COLLECTIONS, PLAN_ROLES, isPlanRole, type PlanRole, type UserMembership } from '../domain/membership/model.js';
import { allowanceTopUp } from '../domain/membership/rules.js';
import { MAX_TRANSACTION_ATTEMPTS, readClock, requireAmount, requireKey, requireUid, serialized } from './ledgerChecks.js';
import { membershipFromData } from './membershipData.js';
import { membershipRef, needsWrite, newMembership, settleMembership, tokensPerMonthForRole } from './membershipDocument.js';
import {
  ALLOWANCE_TOP_UP_REASON,
  CREDIT_REASON_PATTERN,
  IdempotencyConflictError,
  InsufficientTokensError,
  LedgerValidationError,
  MAX_LEDGER_AMOUNT,
  allowanceGrantKey,
  usageEntryId,
  type CreditRequest,
  type DebitRequest,
  type KeySpace,
  type LedgerClock,
  type LedgerResult,
  type UsageSource,
} from './ledgerTypes.js';

/**
 * The user's membership, created on first need (free: the free allowance; tokensReset
 * 30 days ahead) and refilled when its reset date has passed, in one
 * transaction. Reads without a transaction when nothing is due.
 */
export async function readMembership(db: Firestore, uid: string, now?: LedgerClock): Promise<UserMembership> {
  requireUid(uid);
  const ref = membershipRef(db, uid);
  const plain = await ref.get();
  if (!needsWrite(plain, readClock(now))) return membershipFromData(uid, plain.data() ?? {});
  return serialized(db, uid, () => db.runTransaction(
    async (tx) => {
      const at = readClock(now);
      const snapshot = await tx.get(ref);
      if (!needsWrite(snapshot, at)) return membershipFromData(uid, snapshot.data() ?? {});
      const settled = await settleMembership(db, tx, uid, at, snapshot);
      settled.write({});
      return settled.membership;
    },
    { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
  ));
}

interface Movement {
  uid: string;
  /** Signed: negative for a debit's balance change. */
  delta: number;
  feature: string;
  idempotencyKey: string;
  keySpace: KeySpace;
  now?: LedgerClock;
  source?: UsageSource;
}

/** The source's fields as stored on the entry (only well-formed strings: a usage entry is read by browsers). */
function sourceFields(source: UsageSource | undefined): Partial<UsageSource> {
  if (!source) return {};
  const { workflowId, workflowName, runId } = source;
  return typeof workflowId === 'string' && typeof workflowName === 'string' && typeof runId === 'string' ? { workflowId, workflowName: workflowName.slice(0, 200), runId } : {};
}

async function move(db: Firestore, movement: Movement): Promise<LedgerResult> {
  const { uid, delta, feature, idempotencyKey, keySpace } = movement;
  const ref = membershipRef(db, uid);
  const entryRef = db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(uid, idempotencyKey, keySpace));
  return serialized(db, uid, () => db.runTransaction(
    async (tx) => {
      const at = readClock(movement.now);
      const [snapshot, existing] = await Promise.all([tx.get(ref), tx.get(entryRef)]);
      const settled = await settleMembership(db, tx, uid, at, snapshot);
      const due = needsWrite(snapshot, at);
      if (existing.exists) {
        const data = existing.data() ?? {};
        if (data.userId !== uid || data.tokensUsed !== -delta || data.feature !== feature) throw new IdempotencyConflictError(idempotencyKey);
        if (due) settled.write({});
        return { applied: false, tokensRemaining: settled.membership.tokensRemaining };
      }
      const balance = settled.membership.tokensRemaining;
      if (delta < 0 && balance < -delta) throw new InsufficientTokensError(-delta, balance);
      const tokensRemaining = balance + delta;
      settled.write({ tokensRemaining });
      tx.create(entryRef, {
        userId: uid,
        tokensUsed: -delta,
        feature,
        idempotencyKey,
        ...(keySpace === 'client' ? { keySpace } : {}),
        ...sourceFields(movement.source),
        timestamp: Timestamp.fromDate(at),
        createdAt: FieldValue.serverTimestamp(),
      });
      return { applied: true, tokensRemaining };
    },
    { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
  ));
}

/**
 * Debits `amount` tokens for a metered feature, once per idempotency key, in
 * one transaction: refill if due; an already-applied key answers
 * {applied: false} and changes nothing more; too few tokens throws
 * InsufficientTokensError with nothing written; otherwise the balance drops
 * and tokenUsage gets the entry.
 */
export async function debit(db: Firestore, request: DebitRequest): Promise<LedgerResult> {
  const uid = requireUid(request.uid);
  if (!isMeteredFeature(request.feature)) {
    throw new LedgerValidationError('feature', `feature must be one of ${Object.keys(FEATURE_COSTS).join(', ')}`);
  }
  const amount = requireAmount(request.amount);
  const idempotencyKey = requireKey(request.idempotencyKey);
  const keySpace: KeySpace = request.keySpace === 'client' ? 'client' : 'server';
  return move(db, { uid, delta: -amount, feature: request.feature, idempotencyKey, keySpace, now: request.now, source: request.source });
}

/** Adds `amount` tokens (a refund, a purchase), once per idempotency key; the entry's tokensUsed is negative. */
export async function credit(db: Firestore, request: CreditRequest): Promise<LedgerResult> {
  const uid = requireUid(request.uid);
  const amount = requireAmount(request.amount);
  if (typeof request.reason !== 'string' || !CREDIT_REASON_PATTERN.test(request.reason)) {
    throw new LedgerValidationError('reason', 'reason must be 1–64 characters of a-z, 0-9 and _');
  }
  const idempotencyKey = requireKey(request.idempotencyKey);
  return move(db, { uid, delta: amount, feature: request.reason, idempotencyKey, keySpace: 'server', now: request.now, source: request.source });
}

/**
 * For a transaction that sets a user's membership role: reads now (call it
 * before the transaction's writes) and returns the function that queues the
 * write. Creates the membership when missing (free: the free allowance, others 0).
 */
export async function prepareMembershipRole(db: Firestore, tx: Transaction, uid: string, role: PlanRole, now: Date): Promise<() => UserMembership> {
  const ref = membershipRef(db, uid);
  const snapshot = await tx.get(ref);
  if (!snapshot.exists) {
    const created = newMembership(uid, role, now);
    return () => {
      tx.create(ref, created.document);
      return created.membership;
    };
  }
  const current = membershipFromData(uid, snapshot.data() ?? {});
  return () => {
    tx.update(ref, { role, updatedAt: FieldValue.serverTimestamp() });
    return { ...current, role, updatedAt: now.toISOString() };
  };
}

/** Sets a user's membership role (the balance is unchanged), creating the membership when missing. */
export async function setMembershipRole(db: Firestore, uid: string, role: PlanRole, now?: LedgerClock): Promise<UserMembership> {
  requireUid(uid);
  if (!isPlanRole(role)) throw new LedgerValidationError('role', `role must be one of ${PLAN_ROLES.join(', ')}`);
  return serialized(db, uid, () =>
    db.runTransaction(
      async (tx) => {
        const apply = await prepareMembershipRole(db, tx, uid, role, readClock(now));
        return apply();
      },
      { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
    ),
  );
}

/** One change of a membership inside a caller's transaction (prepareMembershipUpdate). */
export interface MembershipChange {
  role?: PlanRole;
  /** Adds tokens, once per idempotency key (skipped when the key was already applied). */
  credit?: { amount: number; reason: string; idempotencyKey: string };
  /**
   * The member now holds a plan with this monthly allowance (a paid Stripe
   * period, a plan or billing-cycle change): tops the month up by the
   * allowance rule (membership/rules.ts), which grants only what exceeds what
   * this allowance month already granted.
   */
  planAllowance?: number;
  /** Other membership fields (stripeCustomerId, subscriptionId). */
  fields?: Record<string, unknown>;
}

export interface PreparedMembershipUpdate {
  /** The membership as it is now: created when missing, refilled when due. */
  membership: UserMembership;
  /** What the current allowance month has granted so far. */
  grantedThisMonth: number;
  /** True when this idempotency key (one of those passed to prepare) was already applied. */
  applied: (idempotencyKey: string) => boolean;
  /** Queues the membership write (one write) and the usage entries; returns the membership as written. */
  commit: (change: MembershipChange) => UserMembership;
}

/**
 * The ledger inside a caller's transaction (a Stripe webhook records its event
 * id, the subscription, the role and the plan's allowance atomically). Reads
 * now, so call it before the transaction's writes; `idempotencyKeys` lists
 * every credit key `commit` may use, because their entries must be read up front.
 */
export async function prepareMembershipUpdate(
  db: Firestore,
  tx: Transaction,
  uid: string,
  now: Date,
  idempotencyKeys: readonly string[] = [],
): Promise<PreparedMembershipUpdate> {
  requireUid(uid);
  const keys = idempotencyKeys.map(requireKey);
  const entryRef = (key: string) => db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(uid, key));
  const snapshot = await tx.get(membershipRef(db, uid));
  const entries = keys.length > 0 ? await tx.getAll(...keys.map(entryRef)) : [];
  const appliedKeys = new Set(keys.filter((_key, index) => entries[index]?.exists));
  const settled = await settleMembership(db, tx, uid, now, snapshot);
  // A membership from before the month's grant was recorded: count its plan's allowance as granted (never mint).
  const grantedThisMonth = settled.granted ?? (await tokensPerMonthForRole(db, settled.membership.role, tx));
  const due = needsWrite(snapshot, now);
  return {
    membership: settled.membership,
    grantedThisMonth,
    applied: (key) => appliedKeys.has(key),
    commit: (change) => {
      if (change.role !== undefined && !isPlanRole(change.role)) throw new LedgerValidationError('role', `role must be one of ${PLAN_ROLES.join(', ')}`);
      let balance = settled.membership.tokensRemaining;
      const writeEntry = (key: string, tokensUsed: number, feature: string) => {
        tx.create(entryRef(key), { userId: uid, tokensUsed, feature, idempotencyKey: key, timestamp: Timestamp.fromDate(now), createdAt: FieldValue.serverTimestamp() });
        appliedKeys.add(key);
      };
      const changes: Record<string, unknown> = { ...(change.fields ?? {}) };
      if (change.credit && !appliedKeys.has(change.credit.idempotencyKey)) {
        const { reason, idempotencyKey } = change.credit;
        if (!keys.includes(idempotencyKey)) throw new LedgerValidationError('idempotencyKey', `idempotency key '${idempotencyKey}' was not read by prepareMembershipUpdate`);
        const amount = requireAmount(change.credit.amount);
        if (!CREDIT_REASON_PATTERN.test(reason)) throw new LedgerValidationError('reason', 'reason must be 1–64 characters of a-z, 0-9 and _');
        writeEntry(idempotencyKey, -amount, reason);
        balance += amount;
      }
      if (change.planAllowance !== undefined) {
        const allowance = change.planAllowance;
        if (!Number.isInteger(allowance) || allowance < 0 || allowance > MAX_LEDGER_AMOUNT) {
          throw new LedgerValidationError('planAllowance', `planAllowance must be an integer from 0 to ${MAX_LEDGER_AMOUNT}`);
        }
        const topUp = allowanceTopUp(grantedThisMonth, allowance);
        if (topUp > 0) {
          const level = grantedThisMonth + topUp;
          // The key names the month and the level reached: unique, because the level only rises within a month.
          writeEntry(allowanceGrantKey(settled.membership.tokensReset, level), -topUp, ALLOWANCE_TOP_UP_REASON);
          balance += topUp;
          changes.allowanceGranted = level;
        }
      }
      if (change.role !== undefined) changes.role = change.role;
      if (balance !== settled.membership.tokensRemaining) changes.tokensRemaining = balance;
      if (Object.keys(changes).length > 0 || due) settled.write(changes);
      const written = { ...settled.membership, ...(change.role !== undefined ? { role: change.role } : {}), tokensRemaining: balance };
      for (const field of ['stripeCustomerId', 'subscriptionId'] as const) {
        const value = change.fields?.[field];
        if (typeof value === 'string' || value === null) written[field] = value;
      }
      return written;
    },
  };
}
