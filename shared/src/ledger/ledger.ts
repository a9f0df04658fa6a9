// The token ledger: memberships (userMemberships/{uid}) and the usage entries
// (tokenUsage) that debits and credits write. Every balance change is one
// Firestore transaction that refills a due allowance, checks, changes the
// balance and writes its entry, keyed by the caller's idempotency key so a
// retried debit is applied once. billing-api and platform-api both debit here.
import { createHash } from 'node:crypto';
import { createSerialQueue, type SerialQueue } from './serialQueue.js';
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { FEATURE_COSTS, isMeteredFeature, type MeteredFeature } from '../domain/membership/features.js';
import {
  FREE_TOKENS_PER_MONTH,
  MEMBERSHIP_COLLECTIONS,
  PLAN_ROLES,
  isPlanRole,
  type MembershipPackage,
  type PlanRole,
  type TokenUsageEntry,
  type UserMembership,
} from '../domain/membership/model.js';
import { allowanceTopUp, initialMembershipTokens, newAllowanceMonth, nextResetAfter } from '../domain/membership/rules.js';
import { parseIso } from '../domain/validation/time.js';

/** A clock: a fixed instant, or a function read afresh on each transaction attempt (tests move it). */
export type LedgerClock = Date | (() => Date);

const readClock = (clock: LedgerClock | undefined): Date => (clock === undefined ? new Date() : typeof clock === 'function' ? clock() : clock);

/** Largest amount one debit or credit may move (well inside safe integers). */
export const MAX_LEDGER_AMOUNT = 1_000_000_000;
/** Idempotency keys: 1–128 of letters, digits and `_ - . :`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
/** Credit reasons ('refund', 'purchase', 'adjustment'...): 1–64 of lower-case letters, digits and `_`. */
export const CREDIT_REASON_PATTERN = /^[a-z0-9_]{1,64}$/;

/** Transactions on one membership collide under load; the SDK retries them with backoff. */
const MAX_TRANSACTION_ATTEMPTS = 30;

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
}

export interface CreditRequest {
  uid: string;
  amount: number;
  /** Why the tokens are given back or added; stored as the entry's feature. */
  reason: string;
  idempotencyKey: string;
  now?: LedgerClock;
}

function requireUid(uid: unknown): string {
  if (typeof uid !== 'string' || uid.length === 0 || uid.length > 128 || uid.includes('/')) throw new LedgerValidationError('uid', 'uid must be a user id');
  return uid;
}

function requireAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > MAX_LEDGER_AMOUNT) {
    throw new LedgerValidationError('amount', `amount must be a positive integer up to ${MAX_LEDGER_AMOUNT}`);
  }
  return amount;
}

function requireKey(key: unknown): string {
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new LedgerValidationError('idempotencyKey', 'idempotencyKey must be 1–128 characters of letters, digits, _ - . :');
  }
  return key;
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

/**
 * Balance changes of one user run one at a time within this process: they
 * would otherwise collide on the membership document and spend their time in
 * transaction retries. The transactions still make it exact across processes
 * (several service instances), where collisions are retried by the SDK.
 */
const userQueues = new WeakMap<Firestore, SerialQueue>();

function serialized<T>(db: Firestore, uid: string, work: () => Promise<T>): Promise<T> {
  let queue = userQueues.get(db);
  if (!queue) {
    queue = createSerialQueue();
    userQueues.set(db, queue);
  }
  return queue(uid, work);
}

const membershipRef = (db: Firestore, uid: string) => db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid);

function toDate(value: unknown): Date | null {
  const iso = parseIso(value);
  return iso ? new Date(iso) : null;
}

/** A stored membership as the wire shape (dates as ISO strings). */
export function membershipFromData(uid: string, data: Record<string, unknown>): UserMembership {
  const remaining = data.tokensRemaining;
  return {
    userId: uid,
    role: isPlanRole(data.role) ? data.role : 'free',
    tokensRemaining: typeof remaining === 'number' && Number.isFinite(remaining) ? remaining : 0,
    tokensReset: parseIso(data.tokensReset) ?? new Date(0).toISOString(),
    stripeCustomerId: typeof data.stripeCustomerId === 'string' ? data.stripeCustomerId : null,
    subscriptionId: typeof data.subscriptionId === 'string' ? data.subscriptionId : null,
    createdAt: parseIso(data.createdAt),
    updatedAt: parseIso(data.updatedAt),
  };
}

/** A stored package as the wire shape. */
export function packageFromData(id: string, data: Record<string, unknown>): MembershipPackage {
  const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
  const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    id,
    name: str(data.name, id),
    description: str(data.description),
    role: str(data.role),
    requiredRole: str(data.requiredRole, 'free'),
    tokensPerMonth: num(data.tokensPerMonth),
    priceMonthly: num(data.priceMonthly),
    priceYearly: num(data.priceYearly),
    currency: str(data.currency, 'usd'),
    stripePriceId: typeof data.stripePriceId === 'string' ? data.stripePriceId : null,
    stripePriceIdMonthly: typeof data.stripePriceIdMonthly === 'string' ? data.stripePriceIdMonthly : typeof data.stripePriceId === 'string' ? data.stripePriceId : null,
    stripePriceIdYearly: typeof data.stripePriceIdYearly === 'string' ? data.stripePriceIdYearly : null,
    interval: data.interval === 'year' ? 'year' : 'month',
    features: Array.isArray(data.features) ? data.features.filter((item): item is string => typeof item === 'string') : [],
    active: data.active === true,
  };
}

/** A stored usage entry as the wire shape. */
export function usageEntryFromData(id: string, data: Record<string, unknown>): TokenUsageEntry {
  return {
    id,
    userId: typeof data.userId === 'string' ? data.userId : '',
    tokensUsed: typeof data.tokensUsed === 'number' ? data.tokensUsed : 0,
    feature: typeof data.feature === 'string' ? data.feature : '',
    timestamp: parseIso(data.timestamp) ?? new Date(0).toISOString(),
    createdAt: parseIso(data.createdAt),
  };
}

/**
 * The plan a role is on: its active package (the first by id when several),
 * or null. Pass a transaction to read inside it.
 */
export async function activePackageForRole(db: Firestore, role: string, tx?: Transaction): Promise<MembershipPackage | null> {
  const query = db.collection(MEMBERSHIP_COLLECTIONS.packages).where('role', '==', role).where('active', '==', true);
  const snapshot = tx ? await tx.get(query) : await query.get();
  const docs = [...snapshot.docs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const first = docs[0];
  return first ? packageFromData(first.id, first.data()) : null;
}

/** The monthly allowance of a plan: its active package's tokensPerMonth, else FREE_TOKENS_PER_MONTH for free, else 0. */
export function planAllowance(role: string, pkg: MembershipPackage | null): number {
  if (pkg) return pkg.tokensPerMonth;
  return role === 'free' ? FREE_TOKENS_PER_MONTH : 0;
}

export async function tokensPerMonthForRole(db: Firestore, role: string, tx?: Transaction): Promise<number> {
  return planAllowance(role, await activePackageForRole(db, role, tx));
}

/**
 * A membership that does not exist yet, in one place: the document to create
 * (the first allowance counted as granted) and the wire view of it.
 */
function newMembership(uid: string, role: PlanRole, now: Date): { document: Record<string, unknown>; membership: UserMembership; granted: number } {
  const { tokensRemaining, tokensReset } = initialMembershipTokens(role, now);
  return {
    document: {
      userId: uid,
      role,
      tokensRemaining,
      allowanceGranted: tokensRemaining,
      tokensReset: Timestamp.fromDate(tokensReset),
      stripeCustomerId: null,
      subscriptionId: null,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    },
    // The wire view, in the order membershipFromData gives.
    membership: { userId: uid, role, tokensRemaining, tokensReset: tokensReset.toISOString(), stripeCustomerId: null, subscriptionId: null, createdAt: now.toISOString(), updatedAt: now.toISOString() },
    granted: tokensRemaining,
  };
}

/**
 * Inside a transaction: the user's membership as it must be now, created
 * when missing and refilled when its reset date has passed. Reads only
 * (call it before any write of the transaction); `write` then stores what
 * changed, together with the caller's own change.
 */
async function settleMembership(
  db: Firestore,
  tx: Transaction,
  uid: string,
  now: Date,
  snapshot: DocumentSnapshot,
): Promise<{ membership: UserMembership; granted: number | null; write: (changes: Record<string, unknown>) => void }> {
  const ref = membershipRef(db, uid);
  if (!snapshot.exists) {
    const created = newMembership(uid, 'free', now);
    return { membership: created.membership, granted: created.granted, write: (changes) => tx.create(ref, { ...created.document, ...changes }) };
  }
  const membership = membershipFromData(uid, snapshot.data() ?? {});
  const reset = toDate(snapshot.get('tokensReset')) ?? new Date(0);
  const next = nextResetAfter(reset, now);
  if (!next) {
    const stored = snapshot.get('allowanceGranted');
    return {
      membership,
      granted: typeof stored === 'number' && Number.isFinite(stored) ? stored : null,
      write: (changes) => tx.update(ref, { ...changes, updatedAt: FieldValue.serverTimestamp() }),
    };
  }
  // A new allowance month (the allowance rule in membership/rules.ts).
  const month = newAllowanceMonth(await tokensPerMonthForRole(db, membership.role, tx));
  const refilled: UserMembership = { ...membership, tokensRemaining: month.tokensRemaining, tokensReset: next.toISOString() };
  return {
    membership: refilled,
    granted: month.granted,
    write: (changes) =>
      tx.update(ref, {
        tokensRemaining: month.tokensRemaining,
        allowanceGranted: month.granted,
        tokensReset: Timestamp.fromDate(next),
        updatedAt: FieldValue.serverTimestamp(),
        ...changes,
      }),
  };
}

const needsWrite = (snapshot: DocumentSnapshot, now: Date): boolean => {
  if (!snapshot.exists) return true;
  const reset = toDate(snapshot.get('tokensReset')) ?? new Date(0);
  return nextResetAfter(reset, now) !== null;
};

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
  return move(db, { uid, delta: -amount, feature: request.feature, idempotencyKey, keySpace, now: request.now });
}

/** Adds `amount` tokens (a refund, a purchase), once per idempotency key; the entry's tokensUsed is negative. */
export async function credit(db: Firestore, request: CreditRequest): Promise<LedgerResult> {
  const uid = requireUid(request.uid);
  const amount = requireAmount(request.amount);
  if (typeof request.reason !== 'string' || !CREDIT_REASON_PATTERN.test(request.reason)) {
    throw new LedgerValidationError('reason', 'reason must be 1–64 characters of a-z, 0-9 and _');
  }
  const idempotencyKey = requireKey(request.idempotencyKey);
  return move(db, { uid, delta: amount, feature: request.reason, idempotencyKey, keySpace: 'server', now: request.now });
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
