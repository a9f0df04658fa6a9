// The meter on the token ledger: each charge a debit (a refund a credit)
// under an idempotency key built by the ledger's key builders
// (shared/src/ledger/ledgerKeys.ts), so a charge reported twice (a retried
// write, a re-executed run) is applied once. The ledger throws
// InsufficientTokensError when the owner cannot pay.
import type { Firestore } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS, credit, debit, ledgerKey, modelCallChargeKey, readMembership, runStartChargeKey, runStartRefundKey, usageEntryId } from '@agentflow/shared/server';
import type { Meter, ModelCall, RunAccount, StepTestCharge, StepTestMeter } from './ports.js';

/** What the usage entry names: the run and its workflow (the ledger stores them beside the amount). */
const sourceOf = ({ runId, workflow }: RunAccount) => (workflow ? { source: { runId, workflowId: workflow.id, workflowName: workflow.name } } : {});

/** A step test's key on the ledger: the client's key in the client key space, so it meets no server key. */
const stepTestLedgerKey = (testKey: string) => ledgerKey('steptest', testKey);

export class LedgerMeter implements Meter, StepTestMeter {
  constructor(readonly db: Firestore) {}

  async chargeRunStart(account: RunAccount, tokens: number): Promise<void> {
    await debit(this.db, { uid: account.ownerId, feature: 'workflow_run', amount: tokens, idempotencyKey: runStartChargeKey(account.runId), ...sourceOf(account) });
  }

  async refundRunStart(account: RunAccount, tokens: number): Promise<void> {
    await credit(this.db, { uid: account.ownerId, amount: tokens, reason: 'refund', idempotencyKey: runStartRefundKey(account.runId), ...sourceOf(account) });
  }

  async chargeModelCall(call: ModelCall): Promise<boolean> {
    const { runId, ownerId, attempt, callKey, tokens } = call;
    const result = await debit(this.db, { uid: ownerId, feature: 'agent', amount: tokens, idempotencyKey: modelCallChargeKey(runId, attempt, callKey), ...sourceOf(call) });
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
