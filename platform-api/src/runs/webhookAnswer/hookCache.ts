// What a webhook delivery reads before its run starts, cached per workflow:
// the hook's secret, the workflow, and whether its webhook triggers listen
// for a test event. Without it every delivery made three reads (secret,
// workflow, listen window) before the run was created.
//
// Staleness bound (why a time bound and not a listener): an entry is used
// for at most `ttlMs` by the service clock (WEBHOOK_CACHE_MS, default 1 s),
// then read again. On the instance that rotates the secret or opens a
// listening window the entry is dropped at once (forget()), so there the
// bound is zero; on other instances a rotated or removed secret, a workflow
// switched off, edited or moved to the trash, or a window opened, takes
// effect within ttlMs. A Firestore listener per workflow would usually be
// faster but gives no bound at all while its stream is down, and costs a
// stream per workflow per instance. A secret that does not match the cached
// one is read again before it is refused, so a secret rotated elsewhere
// works at once. Misses are not cached (unknown hooks stay uncached and
// rate limited). Concurrent misses of one workflow share one read.
import type { Firestore } from 'firebase-admin/firestore';
import { RUN_SERVER_COLLECTIONS, WORKFLOW_COLLECTION, workflowFromDocument, type Workflow } from '@agentflow/shared/workflow';
import { listenRef } from './listen.js';

/** How long a cached hook is used before it is read again (ms). */
export const WEBHOOK_CACHE_MS = 1000;
/** Workflows kept at most (the oldest entry goes first). */
const MAX_ENTRIES = 5000;

export interface CachedHook {
  /** The stored secret; null when the workflow has none. */
  secret: string | null;
  /** null when there is no such workflow. */
  workflow: Workflow | null;
  /** Each webhook trigger's listening window end (ISO) as read, null when it does not listen. */
  listeningUntil: ReadonlyMap<string, string | null>;
}

interface Entry {
  hook: CachedHook;
  readAt: number;
}

export class HookCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<CachedHook>>();

  constructor(
    private readonly db: Firestore,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** The hook as cached when fresh and `given` matches its secret; read otherwise. */
  async get(workflowId: string, matches: (secret: string) => boolean): Promise<CachedHook> {
    const entry = this.entries.get(workflowId);
    if (entry && this.now() - entry.readAt < this.ttlMs && entry.hook.secret !== null && matches(entry.hook.secret)) return entry.hook;
    return this.read(workflowId);
  }

  /** Drops a workflow's entry: its secret was rotated or a trigger started listening here. */
  forget(workflowId: string): void {
    this.entries.delete(workflowId);
    // A read under way may have begun before the change: its answer is used once, not kept.
    this.reading.delete(workflowId);
  }

  private read(workflowId: string): Promise<CachedHook> {
    const pending = this.reading.get(workflowId);
    if (pending) return pending;
    // Dropped before the read starts: a forget() during it must not be undone by a read begun earlier.
    this.entries.delete(workflowId);
    const readAt = this.now();
    const work = this.load(workflowId)
      .then((hook) => {
        if (hook.secret !== null && hook.workflow !== null && this.reading.get(workflowId) === work) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(workflowId, { hook, readAt });
        }
        return hook;
      })
      .finally(() => {
        if (this.reading.get(workflowId) === work) this.reading.delete(workflowId);
      });
    this.reading.set(workflowId, work);
    return work;
  }

  /** The secret and the workflow in one read, then the listening windows of its webhook triggers in one more. */
  private async load(workflowId: string): Promise<CachedHook> {
    const [stored, snapshot] = await this.db.getAll(this.db.collection(RUN_SERVER_COLLECTIONS.webhookSecrets).doc(workflowId), this.db.collection(WORKFLOW_COLLECTION).doc(workflowId));
    const secret: unknown = stored?.get('secret');
    const workflow = snapshot?.exists ? workflowFromDocument(snapshot.id, snapshot.data() ?? {}) : null;
    const listeningUntil = new Map<string, string | null>();
    const hooks = workflow && typeof secret === 'string' ? workflow.nodes.filter((n) => n.type === 'trigger.webhook') : [];
    if (hooks.length > 0) {
      const listens = await this.db.getAll(...hooks.map((n) => listenRef(this.db, workflowId, n.id)));
      hooks.forEach((n, i) => {
        const until: unknown = listens[i]?.get('until');
        listeningUntil.set(n.id, typeof until === 'string' ? until : null);
      });
    }
    return { secret: typeof secret === 'string' ? secret : null, workflow, listeningUntil };
  }
}
