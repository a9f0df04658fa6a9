// What the poller keeps per workflow with an app poll trigger, in
// connectorPolls/{workflowId} (server-only): the trigger's configuration key
// (a changed trigger starts over), the provider's cursor, when it was last
// polled and how the last poll failed, and the lease of the instance polling
// it now. The lease is taken and given back in transactions and lapses on
// its own, so an instance that died mid-poll holds nobody up for long.
import type { Firestore } from 'firebase-admin/firestore';
import { RUN_SERVER_COLLECTIONS } from '@agentflow/shared/workflow';

export interface PollLease {
  instanceId: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface PollState {
  /** pollConfigKey of the trigger the cursor belongs to. */
  configKey: string | null;
  /** The provider's cursor; null: the first activation has not succeeded yet. */
  cursor: string | null;
  lastPolledAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  lease: PollLease | null;
}

/** What a poll changes when it is done (the lease is given back with it). */
export type PollOutcome = Pick<PollState, 'configKey' | 'cursor' | 'lastPolledAt' | 'lastError' | 'lastErrorAt'>;

export type Claim =
  /** This instance holds the lease; `state` is what was stored before (null: never polled). */
  | { kind: 'claimed'; state: PollState | null }
  /** Polled less than an interval ago: due at `dueAt` (epoch ms). */
  | { kind: 'notDue'; dueAt: number }
  /** Another instance is polling it; its lease ends at `until`. */
  | { kind: 'leased'; until: number };

export interface ClaimRequest {
  instanceId: string;
  now: number;
  leaseMs: number;
  /** The trigger's key now: another key is due at once (it starts over). */
  configKey: string;
  intervalMs: number;
}

export interface PollStateStore {
  /** Takes the lease of a workflow that is due and not leased by another instance. */
  claim(workflowId: string, request: ClaimRequest): Promise<Claim>;
  /** Stores a poll's outcome and gives the lease back; false (nothing written) when the lease is no longer this instance's. */
  finish(workflowId: string, instanceId: string, outcome: Partial<PollOutcome>): Promise<boolean>;
  read(workflowId: string): Promise<PollState | null>;
}

function stateOf(data: Record<string, unknown> | undefined): PollState | null {
  if (!data) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const lease = data.lease as Partial<PollLease> | null | undefined;
  return {
    configKey: text(data.configKey),
    cursor: text(data.cursor),
    lastPolledAt: text(data.lastPolledAt),
    lastError: text(data.lastError),
    lastErrorAt: text(data.lastErrorAt),
    lease: lease && typeof lease.instanceId === 'string' && typeof lease.expiresAt === 'number' ? { instanceId: lease.instanceId, expiresAt: lease.expiresAt } : null,
  };
}

export class FirestorePollStates implements PollStateStore {
  constructor(private readonly db: Firestore) {}

  private ref(workflowId: string) {
    return this.db.collection(RUN_SERVER_COLLECTIONS.connectorPolls).doc(workflowId);
  }

  async read(workflowId: string): Promise<PollState | null> {
    return stateOf((await this.ref(workflowId).get()).data());
  }

  claim(workflowId: string, { instanceId, now, leaseMs, configKey, intervalMs }: ClaimRequest): Promise<Claim> {
    const ref = this.ref(workflowId);
    return this.db.runTransaction(async (tx): Promise<Claim> => {
      const state = stateOf((await tx.get(ref)).data());
      if (state?.lease && state.lease.instanceId !== instanceId && state.lease.expiresAt > now) return { kind: 'leased', until: state.lease.expiresAt };
      const last = state?.lastPolledAt ? Date.parse(state.lastPolledAt) : Number.NaN;
      if (state && state.configKey === configKey && !Number.isNaN(last) && last + intervalMs > now) return { kind: 'notDue', dueAt: last + intervalMs };
      tx.set(ref, { lease: { instanceId, expiresAt: now + leaseMs } }, { merge: true });
      return { kind: 'claimed', state };
    });
  }

  finish(workflowId: string, instanceId: string, outcome: Partial<PollOutcome>): Promise<boolean> {
    const ref = this.ref(workflowId);
    return this.db.runTransaction(async (tx) => {
      const state = stateOf((await tx.get(ref)).data());
      // Our lease lapsed and another instance took over: its outcome wins (our runs were deduplicated anyway).
      if (state?.lease?.instanceId !== instanceId) return false;
      tx.set(ref, { ...outcome, lease: null }, { merge: true });
      return true;
    });
  }
}
