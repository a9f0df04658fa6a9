// Token reservations on Firestore (the rule and the invariant: domain/membership/reservations.ts).
// tokenReservations/{id}: { userId, instanceId, status: 'open' | 'settled',
// reserved (tokens taken out of the balance), monthEnd, expiresAt; once
// settled: spent, returned, settledBy }. A spend from a block writes only its
// own usage entry (tokenUsage, with reservationId), never the membership or
// the reservation; settling sums those entries in a transaction, so what goes
// back is exact whoever settles (the holder, or a sweep after it died).
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS, type UserMembership } from '../domain/membership/model.js';
import { RESERVATION_TTL_MS, reservationBlockSize, unspentToReturn } from '../domain/membership/reservations.js';
import { MAX_TRANSACTION_ATTEMPTS, readClock, serialized } from './ledgerChecks.js';
import { readMembership } from './ledger.js';
import { membershipFromData } from './membershipData.js';
import { membershipRef, needsWrite, settleMembership } from './membershipDocument.js';
import { IdempotencyConflictError, usageEntryId, type KeySpace, type LedgerClock, type UsageSource } from './ledgerTypes.js';

export const reservationRef = (db: Firestore, id: string) => db.collection(MEMBERSHIP_COLLECTIONS.tokenReservations).doc(id);

/** A block as its holder keeps it. */
export interface HeldBlock {
  id: string;
  /** Tokens this call added to the block (all of it when the block is new). */
  granted: number;
  expiresAt: Date;
  monthEnd: Date;
}

export interface ReserveRequest {
  uid: string;
  /** The block's document id (one open block per instance and owner; a new id per block). */
  reservationId: string;
  instanceId: string;
  needed: number;
  spendPerSecond: number;
  /** The holder's last block or growth for the owner (the policy doubles it in a burst). */
  previousBlock?: number;
  /** Whether the block exists already (then it grows, if still open and of the same month). */
  grow: boolean;
  now?: LedgerClock;
}

/**
 * Takes a block out of the owner's available balance (refilled first when
 * due), in one transaction; null when the balance cannot cover `needed`
 * (or, when growing, the block was settled meanwhile or its month ended).
 */
export async function reserveTokens(db: Firestore, request: ReserveRequest): Promise<HeldBlock | null> {
  const { uid, reservationId } = request;
  const ref = reservationRef(db, reservationId);
  return serialized(db, uid, () =>
    db.runTransaction(
      async (tx) => {
        const at = readClock(request.now);
        const [snapshot, existing] = await Promise.all([tx.get(membershipRef(db, uid)), tx.get(ref)]);
        const settled = await settleMembership(db, tx, uid, at, snapshot);
        const monthEnd = new Date(settled.membership.tokensReset);
        const grows = request.grow && existing.exists && existing.get('status') === 'open' && (existing.get('monthEnd') as Timestamp).toMillis() === monthEnd.getTime();
        const balance = settled.membership.tokensRemaining;
        // Growing a block that was settled meanwhile (or is of an ended month), or reusing an id: no block; the holder starts a new one.
        const usable = request.grow ? grows : !existing.exists;
        const block = usable ? reservationBlockSize({ needed: request.needed, spendPerSecond: request.spendPerSecond, available: balance, previousBlock: request.previousBlock ?? 0 }) : 0;
        if (block === 0) {
          if (needsWrite(snapshot, at)) settled.write({});
          return null;
        }
        const expiresAt = new Date(at.getTime() + RESERVATION_TTL_MS);
        settled.write({ tokensRemaining: balance - block });
        if (grows) {
          tx.update(ref, { reserved: FieldValue.increment(block), expiresAt: Timestamp.fromDate(expiresAt), updatedAt: FieldValue.serverTimestamp() });
        } else {
          tx.create(ref, {
            userId: uid,
            instanceId: request.instanceId,
            status: 'open',
            reserved: block,
            monthEnd: Timestamp.fromDate(monthEnd),
            expiresAt: Timestamp.fromDate(expiresAt),
            createdAt: FieldValue.serverTimestamp(),
            updatedAt: FieldValue.serverTimestamp(),
          });
        }
        return { id: reservationId, granted: block, expiresAt, monthEnd };
      },
      { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
    ),
  );
}

/** Moves an open block's expiry on (a busy holder's lease); false when the block is no longer open. Writes the reservation only. */
export async function extendReservation(db: Firestore, reservationId: string, now?: LedgerClock): Promise<Date | null> {
  const ref = reservationRef(db, reservationId);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists || snapshot.get('status') !== 'open') return null;
    const expiresAt = new Date(readClock(now).getTime() + RESERVATION_TTL_MS);
    tx.update(ref, { expiresAt: Timestamp.fromDate(expiresAt), updatedAt: FieldValue.serverTimestamp() });
    return expiresAt;
  });
}

export interface BlockSpend {
  uid: string;
  reservationId: string;
  feature: string;
  amount: number;
  idempotencyKey: string;
  keySpace: KeySpace;
  now?: LedgerClock;
  source?: UsageSource;
}

/** Firestore's ALREADY_EXISTS (a create of a document that exists). */
const ALREADY_EXISTS = 6;

/** A spend's usage entry: its id is the ledger's for the key (so a key is charged once, from a block or directly). */
function entryOf(db: Firestore, spend: BlockSpend) {
  const ref = db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(spend.uid, spend.idempotencyKey, spend.keySpace));
  const { workflowId, workflowName, runId } = spend.source ?? {};
  const source = typeof workflowId === 'string' && typeof workflowName === 'string' && typeof runId === 'string' ? { workflowId, workflowName: workflowName.slice(0, 200), runId } : {};
  const data = {
    userId: spend.uid,
    tokensUsed: spend.amount,
    feature: spend.feature,
    idempotencyKey: spend.idempotencyKey,
    ...(spend.keySpace === 'client' ? { keySpace: 'client' } : {}),
    ...source,
    reservationId: spend.reservationId,
    timestamp: Timestamp.fromDate(readClock(spend.now)),
    createdAt: FieldValue.serverTimestamp(),
  };
  return { ref, data };
}

const alreadyExists = (error: unknown) => (error as { code?: unknown } | null)?.code === ALREADY_EXISTS;

/**
 * One spend from a held block: creates its usage entry (one write to a
 * document of its own). A key applied before (from a block or directly)
 * answers applied: false; a key reused for something else throws
 * IdempotencyConflictError. The caller has taken `amount` from what it holds.
 */
export async function spendFromBlock(db: Firestore, spend: BlockSpend): Promise<{ applied: boolean }> {
  const { ref, data } = entryOf(db, spend);
  try {
    await ref.create(data);
    return { applied: true };
  } catch (error) {
    if (!alreadyExists(error)) throw error;
    const existing = (await ref.get()).data() ?? {};
    if (existing.userId !== spend.uid || existing.tokensUsed !== spend.amount || existing.feature !== spend.feature) throw new IdempotencyConflictError(spend.idempotencyKey);
    return { applied: false };
  }
}

/**
 * Several spends' entries in one commit (a batch of creates: all or none).
 * When one key was applied before, the batch fails as a whole and each spend
 * is written on its own, so each still answers for itself.
 */
export async function spendManyFromBlocks(db: Firestore, spends: readonly BlockSpend[]): Promise<PromiseSettledResult<{ applied: boolean }>[]> {
  if (spends.length === 1) return Promise.allSettled([spendFromBlock(db, spends[0]!)]);
  const batch = db.batch();
  for (const spend of spends) {
    const { ref, data } = entryOf(db, spend);
    batch.create(ref, data);
  }
  try {
    await batch.commit();
    return spends.map(() => ({ status: 'fulfilled', value: { applied: true } }));
  } catch (error) {
    // Two spends of one key in the batch fail it with INVALID_ARGUMENT; one applied before with ALREADY_EXISTS.
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== ALREADY_EXISTS && code !== 3) return spends.map(() => ({ status: 'rejected', reason: error }));
    return Promise.allSettled(spends.map((spend) => spendFromBlock(db, spend)));
  }
}

export interface SettledBlock {
  reserved: number;
  spent: number;
  returned: number;
}

/**
 * Settles a block once, in one transaction: spent = Σ its usage entries,
 * the unspent rest goes back to the owner's balance (unspentToReturn: not
 * when its month has ended), and the block is marked settled. null when it
 * was settled already, or (`onlyExpiredBy`, a sweep) when it has not expired
 * by then. The holder settles only after its own spends have landed.
 */
export async function settleReservation(db: Firestore, reservationId: string, options: { now?: LedgerClock; onlyExpiredBy?: Date; by: 'holder' | 'sweep' }): Promise<SettledBlock | null> {
  const ref = reservationRef(db, reservationId);
  const first = await ref.get();
  const uid = first.get('userId');
  if (!first.exists || typeof uid !== 'string') return null;
  const entries = db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('reservationId', '==', reservationId).select('tokensUsed');
  return serialized(db, uid, () =>
    db.runTransaction(
      async (tx) => {
        const at = readClock(options.now);
        const [reservation, spends, snapshot] = await Promise.all([tx.get(ref), tx.get(entries), tx.get(membershipRef(db, uid))]);
        if (reservation.get('status') !== 'open') return null;
        if (options.onlyExpiredBy && (reservation.get('expiresAt') as Timestamp).toMillis() > options.onlyExpiredBy.getTime()) return null;
        const reserved = reservation.get('reserved') as number;
        const spent = spends.docs.reduce((sum, doc) => sum + (doc.get('tokensUsed') as number), 0);
        const settled = await settleMembership(db, tx, uid, at, snapshot);
        const sameMonth = new Date(settled.membership.tokensReset).getTime() === (reservation.get('monthEnd') as Timestamp).toMillis();
        const returned = unspentToReturn({ reserved, spent, sameMonth });
        if (returned > 0) settled.write({ tokensRemaining: settled.membership.tokensRemaining + returned });
        else if (needsWrite(snapshot, at)) settled.write({});
        tx.update(ref, { status: 'settled', spent, returned, settledBy: options.by, settledAt: Timestamp.fromDate(at), updatedAt: FieldValue.serverTimestamp() });
        return { reserved, spent, returned };
      },
      { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
    ),
  );
}

/**
 * Settles blocks whose holder stopped extending them (a killed or stopped
 * instance): open and expired at `now`. Several sweepers may run; each block
 * is settled once (the transaction checks its status). Returns how many were settled here.
 */
export async function sweepExpiredReservations(db: Firestore, options: { now?: LedgerClock; limit?: number } = {}): Promise<number> {
  const at = readClock(options.now);
  const expired = await db
    .collection(MEMBERSHIP_COLLECTIONS.tokenReservations)
    .where('status', '==', 'open')
    .where('expiresAt', '<=', Timestamp.fromDate(at))
    .limit(options.limit ?? 100)
    .get();
  let count = 0;
  for (const doc of expired.docs) {
    if (await settleReservation(db, doc.id, { now: at, onlyExpiredBy: at, by: 'sweep' })) count++;
  }
  return count;
}

/**
 * The membership as its owner should see it: the stored balance plus what the
 * owner's open blocks hold and have not spent (taken out of the balance, still
 * theirs). Read in one consistent snapshot (a read-only transaction), so a
 * block settled meanwhile counts once, either held or returned, never both
 * and never neither: the balance a page shows is exact whenever it is read,
 * not only after the holder gives its blocks back (which takes at least
 * RESERVATION_FLUSH_INTERVAL_MS and longer on a loaded machine).
 */
export async function readMembershipWithHeldTokens(db: Firestore, uid: string, now?: LedgerClock): Promise<UserMembership> {
  // Applies a due month reset or allowance first (the read-only snapshot below cannot write).
  const current = await readMembership(db, uid, now);
  const open = db.collection(MEMBERSHIP_COLLECTIONS.tokenReservations).where('userId', '==', uid).where('status', '==', 'open');
  return db.runTransaction(
    async (tx) => {
      const [snapshot, blocks] = await Promise.all([tx.get(membershipRef(db, uid)), tx.get(open)]);
      const membership = snapshot.exists ? membershipFromData(uid, snapshot.data() ?? {}) : current;
      if (blocks.empty) return membership;
      const monthEnd = new Date(membership.tokensReset).getTime();
      const held = await Promise.all(
        blocks.docs.map(async (block) => {
          const spends = await tx.get(db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('reservationId', '==', block.id).select('tokensUsed'));
          const spent = spends.docs.reduce((sum, doc) => sum + (doc.get('tokensUsed') as number), 0);
          const sameMonth = (block.get('monthEnd') as Timestamp).toMillis() === monthEnd;
          return unspentToReturn({ reserved: block.get('reserved') as number, spent, sameMonth });
        }),
      );
      return { ...membership, tokensRemaining: membership.tokensRemaining + held.reduce((sum, each) => sum + each, 0) };
    },
    { readOnly: true },
  );
}
