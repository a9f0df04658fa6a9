// A service instance's token blocks (the design, the invariant and the
// balance's lag: domain/membership/reservations.ts). spend() has debit()'s
// contract (idempotent per key, InsufficientTokensError when the owner
// cannot pay) but takes from a block this instance holds for the owner, so a
// spend writes one usage entry of its own and no shared document. Blocks are
// taken, grown and settled by the transactions of reservations.ts; when the
// balance cannot cover a block, spend() debits directly (exact refusals).
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { FEATURE_COSTS, isMeteredFeature } from '../domain/membership/features.js';
import { MAX_TOKENS_PER_RESERVATION, RESERVATION_FLUSH_INTERVAL_MS, RESERVATION_REFILL_SHARE, blockNeedsExtension, canSpendFromBlock } from '../domain/membership/reservations.js';
import { debit } from './ledger.js';
import { requireAmount, requireKey, requireUid } from './ledgerChecks.js';
import { IdempotencyConflictError, LedgerValidationError, type DebitRequest, type KeySpace } from './ledgerTypes.js';
import { extendReservation, reserveTokens, settleReservation, spendManyFromBlocks, type BlockSpend } from './reservations.js';

interface Block {
  id: string;
  uid: string;
  /** Tokens of the block not yet spent here (spends take from it before their write). */
  held: number;
  reserved: number;
  /** The last block or growth (the next growth doubles it in a burst). */
  lastGrant: number;
  expiresAt: Date;
  monthEnd: Date;
  /** Spends that took tokens and have not landed yet (counted from the take, so a settle never runs ahead of them). */
  pending: number;
  /** Who waits for pending to reach 0 (a close). */
  drained: (() => void)[];
  /** Tokens spent since the last tick (the spend rate the next growth is sized by). */
  spentSinceTick: number;
  lastSpendAt: number;
  growing: Promise<boolean> | null;
  closing: Promise<void> | null;
}

export interface TokenBlocksOptions {
  /** This instance's id (named on its blocks). */
  instanceId: string;
  now?: () => Date;
  /** Told when a background settle or extension fails (the sweep settles the block later). */
  onError?: (error: unknown, context: string) => void;
}

/** Firestore's limit of writes in one commit. */
const MAX_BATCH = 500;

interface QueuedSpend {
  spend: BlockSpend;
  settle: (result: PromiseSettledResult<{ applied: boolean }>) => void;
}

/**
 * How many times a spend looks for a block (others may take what a growth
 * brought) before it gives its block back and debits directly.
 */
const MAX_BLOCK_ATTEMPTS = 50;
/** The tick: a block idle for one tick is returned, so within RESERVATION_FLUSH_INTERVAL_MS of the last spend. */
const TICK_MS = RESERVATION_FLUSH_INTERVAL_MS / 2;

export class TokenBlocks {
  private readonly blocks = new Map<string, Block>();
  private readonly opening = new Map<string, Promise<boolean>>();
  private readonly rates = new Map<string, number>();
  /** The last grant per owner, kept across blocks (a rotated block starts where the last left off). */
  private readonly lastGrants = new Map<string, number>();
  /** Blocks being settled (no longer spent from): stop() waits for them. */
  private readonly closing = new Set<Promise<void>>();
  private readonly prefix: string;
  private readonly now: () => Date;
  private sequence = 0;
  /** Spends waiting for the next commit: those made in the same turn of the event loop share one. */
  private queued: QueuedSpend[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly db: Firestore,
    private readonly options: TokenBlocksOptions,
  ) {
    this.prefix = `${options.instanceId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}-${Date.now().toString(36)}`;
    this.now = options.now ?? (() => new Date());
  }

  /** Starts the tick that returns idle blocks and extends busy ones (the first block held starts it too). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Stops the tick and returns every block's unspent rest (after the spends in flight). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.opening.values()].map((opening) => opening.catch(() => false)));
    await Promise.all([...this.blocks.values()].map((block) => this.close(block)));
    await Promise.all([...this.closing]);
  }

  /** Tokens held here for the owner and not spent (tests and the bench look). */
  heldFor(uid: string): number {
    return this.blocks.get(uid)?.held ?? 0;
  }

  /** A debit (same checks and errors as the ledger's debit) from a block when one can be held. */
  async spend(request: DebitRequest): Promise<{ applied: boolean }> {
    const uid = requireUid(request.uid);
    if (!isMeteredFeature(request.feature)) throw new LedgerValidationError('feature', `feature must be one of ${Object.keys(FEATURE_COSTS).join(', ')}`);
    const amount = requireAmount(request.amount);
    const idempotencyKey = requireKey(request.idempotencyKey);
    const keySpace: KeySpace = request.keySpace === 'client' ? 'client' : 'server';
    const block = await this.take(uid, amount);
    if (!block) return { applied: (await debit(this.db, request)).applied };
    try {
      const result = await this.write({ uid, reservationId: block.id, feature: request.feature, amount, idempotencyKey, keySpace, now: request.now, source: request.source });
      if (result.applied) {
        block.spentSinceTick += amount;
        block.lastSpendAt = this.now().getTime();
      } else block.held += amount;
      return result;
    } catch (error) {
      // A conflicting key wrote nothing: the tokens are still held. Any other failure may have
      // written the entry, so they stay taken (settling counts the entries, so nothing is lost).
      if (error instanceof IdempotencyConflictError) block.held += amount;
      throw error;
    } finally {
      block.pending--;
      if (block.pending === 0) for (const resume of block.drained.splice(0)) resume();
    }
  }

  /** Queues a spend's usage entry for the next commit (one batch per turn of the event loop: group commit). */
  private write(spend: BlockSpend): Promise<{ applied: boolean }> {
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(() => this.commitQueued());
      this.queued.push({ spend, settle: (result) => (result.status === 'fulfilled' ? resolve(result.value) : reject(result.reason as Error)) });
    });
  }

  private commitQueued(): void {
    const queued = this.queued;
    this.queued = [];
    for (let start = 0; start < queued.length; start += MAX_BATCH) {
      const part = queued.slice(start, start + MAX_BATCH);
      void spendManyFromBlocks(
        this.db,
        part.map((each) => each.spend),
      ).then((results) => part.forEach((each, index) => each.settle(results[index]!)));
    }
  }

  /** Takes `amount` from a usable block (opening or growing one as needed); null: debit directly. */
  private async take(uid: string, amount: number): Promise<Block | null> {
    for (let attempt = 0; attempt < MAX_BLOCK_ATTEMPTS; attempt++) {
      const block = this.blocks.get(uid);
      if (!block) {
        if (!(await this.open(uid, amount))) return null;
        continue;
      }
      if (block.closing || !canSpendFromBlock(block, this.now())) {
        await this.close(block);
        continue;
      }
      if (block.held >= amount) {
        block.held -= amount;
        block.pending++;
        // Running low: grow ahead of need, so the spends behind this one need not wait for a transaction.
        if (block.held < block.lastGrant * RESERVATION_REFILL_SHARE && !block.growing && block.reserved + block.lastGrant <= MAX_TOKENS_PER_RESERVATION) {
          block.growing = this.grow(block, amount)
            .catch((error: unknown) => {
              this.options.onError?.(error, `could not grow token block ${block.id}`);
              return false;
            })
            .finally(() => (block.growing = null));
        }
        return block;
      }
      if (block.reserved + amount > MAX_TOKENS_PER_RESERVATION) {
        this.lastGrants.set(uid, block.lastGrant);
        await this.close(block);
        continue;
      }
      block.growing ??= this.grow(block, amount).finally(() => (block.growing = null));
      if (!(await block.growing)) {
        // The balance cannot cover a block: give the rest back so a direct debit sees every token.
        await this.close(block);
        return null;
      }
    }
    const block = this.blocks.get(uid);
    if (block) await this.close(block);
    return null;
  }

  private open(uid: string, amount: number): Promise<boolean> {
    let opening = this.opening.get(uid);
    if (!opening) {
      const id = `${this.prefix}-${createHash('sha256').update(uid).digest('hex').slice(0, 16)}-${++this.sequence}`;
      opening = reserveTokens(this.db, { uid, reservationId: id, instanceId: this.options.instanceId, needed: amount, spendPerSecond: this.rates.get(uid) ?? 0, previousBlock: this.lastGrants.get(uid) ?? 0, grow: false, now: this.now })
        .then((held) => {
          if (!held) return false;
          this.blocks.set(uid, { id, uid, held: held.granted, reserved: held.granted, lastGrant: held.granted, expiresAt: held.expiresAt, monthEnd: held.monthEnd, pending: 0, drained: [], spentSinceTick: 0, lastSpendAt: this.now().getTime(), growing: null, closing: null });
          // The tick runs while blocks are held (a holder nobody started still returns its blocks).
          this.start();
          return true;
        })
        .finally(() => this.opening.delete(uid));
      this.opening.set(uid, opening);
    }
    return opening;
  }

  private async grow(block: Block, amount: number): Promise<boolean> {
    const rate = Math.max(this.rates.get(block.uid) ?? 0, (block.spentSinceTick * 1000) / TICK_MS);
    const held = await reserveTokens(this.db, { uid: block.uid, reservationId: block.id, instanceId: this.options.instanceId, needed: amount, spendPerSecond: rate, grow: true, previousBlock: block.lastGrant, now: this.now });
    if (!held) return false;
    block.lastGrant = held.granted;
    block.held += held.granted;
    block.reserved += held.granted;
    block.expiresAt = held.expiresAt;
    return true;
  }

  /** Stops spending from the block and settles it once its spends in flight have landed. */
  private close(block: Block): Promise<void> {
    if (!block.closing) {
      if (this.blocks.get(block.uid) === block) this.blocks.delete(block.uid);
      const closing = (async () => {
        if (block.pending > 0) await new Promise<void>((resume) => block.drained.push(resume));
        await block.growing?.catch(() => false);
        await settleReservation(this.db, block.id, { now: this.now, by: 'holder' });
      })()
        .catch((error: unknown) => this.options.onError?.(error, `could not settle token block ${block.id} (the sweep settles it after it expires)`))
        .finally(() => this.closing.delete(closing));
      this.closing.add(closing);
      block.closing = closing;
    }
    return block.closing;
  }

  /** Returns blocks idle for a tick (or past their spend window), measures rates, extends busy blocks. */
  private async tick(): Promise<void> {
    const now = this.now();
    await Promise.all(
      [...this.blocks.values()].map(async (block) => {
        this.rates.set(block.uid, (block.spentSinceTick * 1000) / TICK_MS);
        block.spentSinceTick = 0;
        const idle = block.pending === 0 && !block.growing && now.getTime() - block.lastSpendAt >= TICK_MS;
        if (idle || !canSpendFromBlock(block, now)) return this.close(block);
        if (!blockNeedsExtension(block, now)) return;
        try {
          const expiresAt = await extendReservation(this.db, block.id, now);
          if (expiresAt) block.expiresAt = expiresAt;
          // Settled by someone else (a sweep took it for dead): its tokens went back; spend no more from it.
          else if (this.blocks.get(block.uid) === block) this.blocks.delete(block.uid);
        } catch (error) {
          this.options.onError?.(error, `could not extend token block ${block.id}`);
        }
      }),
    );
  }
}
