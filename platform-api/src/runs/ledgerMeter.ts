// The meter on the token ledger: each charge a debit (a refund a credit)
// under an idempotency key built by the ledger's key builders
// (shared/src/ledger/ledgerKeys.ts), so a charge reported twice (a retried
// write, a re-executed run) is applied once. The ledger throws
// InsufficientTokensError when the owner cannot pay.
import type { Firestore } from 'firebase-admin/firestore';
import { credit, debit, modelCallChargeKey, runStartChargeKey, runStartRefundKey } from '@agentflow/shared/server';
import type { Meter, ModelCall, RunAccount } from './ports.js';

export class LedgerMeter implements Meter {
  constructor(readonly db: Firestore) {}

  async chargeRunStart({ runId, ownerId }: RunAccount, tokens: number): Promise<void> {
    await debit(this.db, { uid: ownerId, feature: 'workflow_run', amount: tokens, idempotencyKey: runStartChargeKey(runId) });
  }

  async refundRunStart({ runId, ownerId }: RunAccount, tokens: number): Promise<void> {
    await credit(this.db, { uid: ownerId, amount: tokens, reason: 'refund', idempotencyKey: runStartRefundKey(runId) });
  }

  async chargeModelCall({ runId, ownerId, attempt, callKey, tokens }: ModelCall): Promise<boolean> {
    const result = await debit(this.db, { uid: ownerId, feature: 'agent', amount: tokens, idempotencyKey: modelCallChargeKey(runId, attempt, callKey) });
    return result.applied;
  }
}
