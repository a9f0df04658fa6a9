// The meter on the token ledger: each charge a debit (a refund a credit)
// under an idempotency key built by the ledger's key builders
// (shared/src/ledger/ledgerKeys.ts), so a charge reported twice (a retried
// write, a re-executed run) is applied once. The ledger throws
// InsufficientTokensError when the owner cannot pay.
// Run charges (starts, model calls) are spent from token blocks this
// instance holds (the ledger's TokenBlocks: no transaction on the owner's
// membership per run; the invariant, its bound of 0 and the balance's lag of
// at most RESERVATION_FLUSH_INTERVAL_MS are stated in
// shared/src/domain/membership/reservations.ts). Refunds and step tests are
// rare and debit or credit the balance directly.
import type { Firestore } from 'firebase-admin/firestore';
import {
  MEMBERSHIP_COLLECTIONS,
  RESERVATION_TTL_MS,
  TokenBlocks,
  credit,
  debit,
  ledgerKey,
  modelCallChargeKey,
  readMembership,
  runStartChargeKey,
  runStartRefundKey,
  sweepExpiredReservations,
  usageEntryId,
} from '@agentflow/shared/server';
import type { Meter, ModelCall, RunAccount, StepTestCharge, StepTestMeter } from './ports.js';

/** What the usage entry names: the run and its workflow (the ledger stores them beside the amount). */
const sourceOf = ({ runId, workflow }: RunAccount) => (workflow ? { source: { runId, workflowId: workflow.id, workflowName: workflow.name } } : {});

/** A step test's key on the ledger: the client's key in the client key space, so it meets no server key. */
const stepTestLedgerKey = (testKey: string) => ledgerKey('steptest', testKey);

export interface LedgerMeterOptions {
  /** This instance (named on its token blocks); default: a random id. */
  instanceId?: string;
  /** Told when a background settle, extension or sweep fails (each is retried later). */
  onError?: (error: unknown, context: string) => void;
}

export class LedgerMeter implements Meter, StepTestMeter {
  private readonly blocks: TokenBlocks;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly db: Firestore,
    private readonly options: LedgerMeterOptions = {},
  ) {
    this.blocks = new TokenBlocks(db, { instanceId: options.instanceId ?? `meter-${process.pid}-${Math.random().toString(36).slice(2, 10)}`, ...(options.onError ? { onError: options.onError } : {}) });
  }

  /** Sweeps the blocks of instances that died holding them (every half block lifetime; any instance may, each block is settled once). */
  start(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setInterval(() => {
      sweepExpiredReservations(this.db).catch((error: unknown) => this.options.onError?.(error, 'token block sweep failed'));
    }, RESERVATION_TTL_MS / 2);
    this.sweepTimer.unref();
  }

  /** Stops the sweep and gives this instance's unspent tokens back (call after the runs here have stopped). */
  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.blocks.stop();
  }

  async chargeRunStart(account: RunAccount, tokens: number): Promise<void> {
    await this.blocks.spend({ uid: account.ownerId, feature: 'workflow_run', amount: tokens, idempotencyKey: runStartChargeKey(account.runId), ...sourceOf(account) });
  }

  async refundRunStart(account: RunAccount, tokens: number): Promise<void> {
    await credit(this.db, { uid: account.ownerId, amount: tokens, reason: 'refund', idempotencyKey: runStartRefundKey(account.runId), ...sourceOf(account) });
  }

  async chargeModelCall(call: ModelCall): Promise<boolean> {
    const { runId, ownerId, attempt, callKey, tokens } = call;
    const result = await this.blocks.spend({ uid: ownerId, feature: 'agent', amount: tokens, idempotencyKey: modelCallChargeKey(runId, attempt, callKey), ...sourceOf(call) });
    return result.applied;
  }

  /**
   * An embedding call of a knowledge base (its platform tokens, priced by the
   * caller from the price table), once per key: a retried job's batch is not
   * charged again. Throws InsufficientTokensError when the owner cannot pay.
   */
  async chargeEmbedding(charge: { ownerId: string; tokens: number; idempotencyKey: string }): Promise<boolean> {
    if (charge.tokens <= 0) return false;
    const result = await this.blocks.spend({ uid: charge.ownerId, feature: 'knowledge_embedding', amount: charge.tokens, idempotencyKey: charge.idempotencyKey });
    return result.applied;
  }

  async remaining(ownerId: string): Promise<number> {
    return (await readMembership(this.db, ownerId)).tokensRemaining;
  }

  async charged(ownerId: string, testKey: string): Promise<boolean> {
    const entry = await this.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).doc(usageEntryId(ownerId, stepTestLedgerKey(testKey), 'client')).get();
    return entry.exists;
  }

  /** A test is a run of one step: charged as 'workflow_run' (its start token and what the step charged, in one entry). */
  async chargeStepTest({ ownerId, testKey, tokens }: StepTestCharge): Promise<boolean> {
    const result = await debit(this.db, { uid: ownerId, feature: 'workflow_run', amount: tokens, idempotencyKey: stepTestLedgerKey(testKey), keySpace: 'client' });
    return result.applied;
  }
}
