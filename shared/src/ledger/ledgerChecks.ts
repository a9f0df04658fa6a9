// What every ledger operation does first (internal, not re-exported): read
// its clock, check its input, and queue behind the same user's other balance
// changes in this process.
import type { Firestore } from 'firebase-admin/firestore';
import { createSerialQueue, type SerialQueue } from './serialQueue.js';
import { IDEMPOTENCY_KEY_PATTERN, LedgerValidationError, MAX_LEDGER_AMOUNT, type LedgerClock } from './ledgerTypes.js';

export const readClock = (clock: LedgerClock | undefined): Date => (clock === undefined ? new Date() : typeof clock === 'function' ? clock() : clock);

/** Transactions on one membership collide under load; the SDK retries them with backoff. */
export const MAX_TRANSACTION_ATTEMPTS = 30;

export function requireUid(uid: unknown): string {
  if (typeof uid !== 'string' || uid.length === 0 || uid.length > 128 || uid.includes('/')) throw new LedgerValidationError('uid', 'uid must be a user id');
  return uid;
}

export function requireAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > MAX_LEDGER_AMOUNT) {
    throw new LedgerValidationError('amount', `amount must be a positive integer up to ${MAX_LEDGER_AMOUNT}`);
  }
  return amount;
}

export function requireKey(key: unknown): string {
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new LedgerValidationError('idempotencyKey', 'idempotencyKey must be 1–128 characters of letters, digits, _ - . :');
  }
  return key;
}

/**
 * Balance changes of one user run one at a time within this process: they
 * would otherwise collide on the membership document and spend their time in
 * transaction retries. The transactions still make it exact across processes
 * (several service instances), where collisions are retried by the SDK.
 */
const userQueues = new WeakMap<Firestore, SerialQueue>();

export function serialized<T>(db: Firestore, uid: string, work: () => Promise<T>): Promise<T> {
  let queue = userQueues.get(db);
  if (!queue) {
    queue = createSerialQueue();
    userQueues.set(db, queue);
  }
  return queue(uid, work);
}
