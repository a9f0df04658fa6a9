// Token reservations (issue 22): how a service instance meters runs without
// a transaction on the owner's membership document per run. The instance
// takes a block of tokens out of the owner's balance in ONE transaction (a
// tokenReservations document), spends it locally (each spend writes only its
// own usage entry), and gives the unspent rest back.
//
// THE INVARIANT (checked where blocks are settled, shared/src/ledger/reservations.ts):
//   for every owner, tokens spent ≤ tokens granted (allowances, top-ups, credits) + 0.
// The over-allowance bound is 0: a block is only ever taken from the balance
// available in the same transaction (never more than it), a spend only ever
// takes from what is still held locally, and settling a block returns exactly
// `reserved − Σ usage entries written against it`. So the balance never goes
// below 0 and no spend is counted twice or not at all.
// The one assumption is the lease's (as for run leases): a holder stops
// spending RESERVATION_SPEND_MARGIN_MS before its block expires, so a sweep
// (which settles only expired blocks) never races a write the holder started
// in time — clocks agree and a usage entry write lands within that margin.
//
// WHAT A USER SEES: userMemberships.tokensRemaining excludes tokens held in
// open blocks (lower than the true balance by their unspent part, each at most
// MAX_RESERVATION_BLOCK). Pages are shown the true balance: the services read
// it with readMembershipWithHeldTokens (ledger/reservations.ts), which adds
// the open blocks' unspent part in one consistent snapshot. A holder returns a
// block once its owner has spent nothing on that instance for one
// RESERVATION_FLUSH_INTERVAL_MS, so the stored balance catches up soon after.

/** How often a holder returns idle blocks and extends busy ones (the balance's lag: ≤ 1 s, see above). */
export const RESERVATION_FLUSH_INTERVAL_MS = 1000;
/** A block's lifetime without an extension: a dead holder's tokens come back this long after its last extension. */
export const RESERVATION_TTL_MS = 30_000;
/** A holder never spends from a block this close to its expiry (so sweeps never race its writes). */
export const RESERVATION_SPEND_MARGIN_MS = 10_000;
/** The smallest block worth a transaction. */
export const MIN_RESERVATION_BLOCK = 10;
/** The largest block one holder takes at once (what a dead holder can keep from its owner until the sweep). */
export const MAX_RESERVATION_BLOCK = 1000;
/** A holder grows its block ahead of need once less than this share of its last growth is left (spends then rarely wait). */
export const RESERVATION_REFILL_SHARE = 0.25;
/** A block grows (refills in place) up to this many tokens over its life; then the holder settles it and starts another (settling sums its entries). */
export const MAX_TOKENS_PER_RESERVATION = 10 * MAX_RESERVATION_BLOCK;
/** A block is sized to last this long at the recent spend rate. */
export const RESERVATION_HORIZON_MS = 5000;

export interface BlockSizeInput {
  /** Tokens the spend that asks for the block needs now. */
  needed: number;
  /** Tokens this holder spent for the owner per second, recently (0 when unknown). */
  spendPerSecond: number;
  /** The owner's available balance (blocks held elsewhere already taken out). */
  available: number;
  /** What this holder's last block (or growth) for the owner was; 0 for the first. */
  previousBlock?: number;
}

/**
 * The block to take: enough for RESERVATION_HORIZON_MS at the recent rate,
 * or twice the previous block when that is more (a burst ramps up before its
 * rate is measured), at least MIN_RESERVATION_BLOCK and what is needed now; at most
 * MAX_RESERVATION_BLOCK, and never more than half the available balance
 * (other instances of the same owner get tokens too) unless the spend needs
 * it. Never more than the balance: 0 when the balance cannot cover `needed`
 * (the caller then debits directly, which refuses exactly as before).
 */
export function reservationBlockSize({ needed, spendPerSecond, available, previousBlock = 0 }: BlockSizeInput): number {
  if (!Number.isInteger(needed) || needed <= 0 || !Number.isFinite(available) || available < needed) return 0;
  const rate = Number.isFinite(spendPerSecond) && spendPerSecond > 0 ? spendPerSecond : 0;
  const doubled = Number.isFinite(previousBlock) && previousBlock > 0 ? 2 * previousBlock : 0;
  const wanted = Math.min(MAX_RESERVATION_BLOCK, Math.max(MIN_RESERVATION_BLOCK, Math.ceil((rate * RESERVATION_HORIZON_MS) / 1000), doubled));
  const share = Math.max(needed, Math.floor(available / 2));
  return Math.min(Math.max(needed, Math.min(wanted, share)), Math.floor(available));
}

export interface BlockWindow {
  /** When the block expires (its lease). */
  expiresAt: Date;
  /** The end of the allowance month the block was taken from: a spend after it belongs to the next month. */
  monthEnd: Date;
}

/** Whether a holder may still spend from a block at `now`: before its spend margin and within its allowance month. */
export function canSpendFromBlock(block: BlockWindow, now: Date): boolean {
  const t = now.getTime();
  return t < block.expiresAt.getTime() - RESERVATION_SPEND_MARGIN_MS && t < block.monthEnd.getTime();
}

/** Whether a busy block's lease should be extended now (less than half its lifetime left). */
export function blockNeedsExtension(block: Pick<BlockWindow, 'expiresAt'>, now: Date): boolean {
  return block.expiresAt.getTime() - now.getTime() < RESERVATION_TTL_MS / 2;
}

/**
 * What settling a block gives back: the unspent rest, or 0 when the allowance
 * month it came from has ended (a monthly reset replaces the balance, so
 * unspent tokens of the old month lapse exactly as they would unreserved).
 * Throws when more was spent than reserved: that would break the invariant.
 */
export function unspentToReturn({ reserved, spent, sameMonth }: { reserved: number; spent: number; sameMonth: boolean }): number {
  if (spent > reserved) throw new Error(`Token reservation overspent: ${spent} spent of ${reserved} reserved`);
  return sameMonth ? reserved - spent : 0;
}
