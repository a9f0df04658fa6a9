// A source's processing as a job on the run queue: `knowledge:<kb>:<source>`.
// The source document is the job's state: a worker claims it in one
// transaction (queued, or processing under a lapsed lease → processing under
// this worker's lease), renews the lease while it works, and only the
// claimant ingests, so two workers never process one source. `sync` counts
// the versions asked for (add, each re-sync): with the batch number it keys
// the embedding charges, so a retried job is never charged twice. What a job
// writes (progress, ready, failed) lands only while its claim still holds
// the source (leaseHeldBy), so a worker that lost its lease to another never
// overwrites the new worker's state. A claim is named by its worker and a
// claim id: a worker that takes over its own lapsed lease (its recovery
// sweep re-queued the job) is a new claimant too.
import { randomUUID } from 'node:crypto';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { KNOWLEDGE_BASES_COLLECTION, KNOWLEDGE_SOURCES } from '@agentflow/shared/knowledge';

export const KNOWLEDGE_JOB_KIND = 'knowledge';

export const knowledgeJobId = (knowledgeBaseId: string, sourceId: string): string => `${KNOWLEDGE_JOB_KIND}:${knowledgeBaseId}:${sourceId}`;

export function parseKnowledgeJobId(id: string): { knowledgeBaseId: string; sourceId: string } | null {
  const match = /^knowledge:([A-Za-z0-9]{1,64}):([A-Za-z0-9]{1,64})$/.exec(id);
  return match ? { knowledgeBaseId: match[1]!, sourceId: match[2]! } : null;
}

export interface SourceLease {
  instanceId: string;
  /** This claim's id (absent on a lease written before claims had one: no job holds it). */
  claim?: string;
  expiresAt: number;
}

/** Who holds a source: the worker and its claim (what a job's writes are checked against). */
export type LeaseHolder = Required<Pick<SourceLease, 'instanceId' | 'claim'>>;

/** A job's write: landed, or refused because the source is gone or another worker took it over. */
export type LeasedWrite = 'written' | 'gone' | 'lost';

/** A job's write was refused: the job stops and writes nothing more. */
export class SourceLostError extends Error {
  override name = 'SourceLostError';
  constructor(readonly outcome: Exclude<LeasedWrite, 'written'>) {
    super(outcome === 'gone' ? 'the source was removed' : 'another worker took the source over');
  }
}

/**
 * Whether `holder` still holds the source: processing under its claim's
 * lease. A lapsed lease nobody took over still counts: its work is still the
 * only work on the source.
 */
export function leaseHeldBy(snapshot: DocumentSnapshot, holder: LeaseHolder): boolean {
  const lease = (snapshot.get('lease') as SourceLease | null | undefined) ?? null;
  return snapshot.exists && snapshot.get('status') === 'processing' && lease?.instanceId === holder.instanceId && lease.claim === holder.claim;
}

export type SourceClaim = { claimed: true; sync: number; holder: LeaseHolder } | { claimed: false; why: 'gone' | 'taken' | 'ended' };

export class SourceJobs {
  constructor(
    private readonly db: Firestore,
    private readonly options: { instanceId: string; leaseMs: number; now?: () => Date },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private ref(knowledgeBaseId: string, sourceId: string) {
    return this.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(knowledgeBaseId).collection(KNOWLEDGE_SOURCES).doc(sourceId);
  }

  /** The fields a new source starts its first job with (store.addSource's extra fields). */
  static firstJob(at: Date): Record<string, unknown> {
    return { sync: 1, lease: null, queuedAt: at.toISOString() };
  }

  async claim(knowledgeBaseId: string, sourceId: string): Promise<SourceClaim> {
    return this.db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(this.ref(knowledgeBaseId, sourceId));
      if (!snapshot.exists) return { claimed: false, why: 'gone' } as const;
      const status = snapshot.get('status') as string;
      const lease = (snapshot.get('lease') as SourceLease | null | undefined) ?? null;
      const at = this.now();
      if (status === 'ready' || status === 'failed') return { claimed: false, why: 'ended' } as const;
      // Processing under a live lease: its worker is on it (a lapsed one: that worker died, this one takes over).
      if (status === 'processing' && lease && lease.expiresAt > at.getTime()) return { claimed: false, why: 'taken' } as const;
      const sync = Number(snapshot.get('sync') ?? 1);
      const holder: LeaseHolder = { instanceId: this.options.instanceId, claim: randomUUID() };
      transaction.update(snapshot.ref, { status: 'processing', progress: null, failure: null, lease: { ...holder, expiresAt: at.getTime() + this.options.leaseMs } satisfies SourceLease, updatedAt: at.toISOString() });
      return { claimed: true, sync, holder } as const;
    });
  }

  /** Extends a claim's lease while its job works (false: the source is gone or another claim holds it). */
  async renew(knowledgeBaseId: string, sourceId: string, holder: LeaseHolder): Promise<boolean> {
    return this.db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(this.ref(knowledgeBaseId, sourceId));
      if (!leaseHeldBy(snapshot, holder)) return false;
      transaction.update(snapshot.ref, { lease: { ...holder, expiresAt: this.now().getTime() + this.options.leaseMs } satisfies SourceLease });
      return true;
    });
  }

  /**
   * A new version asked for (re-sync): queued again with the next `sync`.
   * 'busy' while it is processed; null when the source is gone.
   */
  async requeue(knowledgeBaseId: string, sourceId: string): Promise<'queued' | 'busy' | null> {
    return this.db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(this.ref(knowledgeBaseId, sourceId));
      if (!snapshot.exists) return null;
      const status = snapshot.get('status') as string;
      if (status === 'processing' || status === 'queued') return 'busy';
      const at = this.now().toISOString();
      transaction.update(snapshot.ref, { status: 'queued', progress: null, failure: null, lease: null, sync: Number(snapshot.get('sync') ?? 1) + 1, queuedAt: at, updatedAt: at });
      return 'queued';
    });
  }

  /** Pasted text's content (kept on the source document, never in an answer). */
  async pastedText(knowledgeBaseId: string, sourceId: string): Promise<string> {
    const value = (await this.ref(knowledgeBaseId, sourceId).get()).get('text');
    return typeof value === 'string' ? value : '';
  }

  /**
   * Jobs to queue again (recovery): sources processing under a lapsed lease
   * (their worker died), and sources queued longer than a lease (an
   * in-process queue that stopped with them waiting). A duplicate is harmless: the claim decides.
   */
  async stranded(limit = 200): Promise<string[]> {
    const at = this.now().getTime();
    const group = this.db.collectionGroup(KNOWLEDGE_SOURCES);
    const [processing, queued] = await Promise.all([group.where('status', '==', 'processing').limit(limit).get(), group.where('status', '==', 'queued').limit(limit).get()]);
    const ids: string[] = [];
    for (const doc of [...processing.docs, ...queued.docs]) {
      const base = doc.ref.parent.parent;
      if (!base || base.parent.id !== KNOWLEDGE_BASES_COLLECTION) continue;
      const lease = (doc.get('lease') as SourceLease | null | undefined) ?? null;
      const queuedAt = Date.parse(String(doc.get('queuedAt') ?? ''));
      const lapsed = doc.get('status') === 'processing' ? !lease || lease.expiresAt <= at : !(queuedAt > at - this.options.leaseMs);
      if (lapsed) ids.push(knowledgeJobId(base.id, doc.id));
    }
    return ids;
  }
}
