// Knowledge bases and their sources in Firestore (server-only documents):
// `knowledgeBases/{kb}` and `knowledgeBases/{kb}/sources/{source}`. Counts on
// the knowledge base move in the same transaction as the source that changes
// them, so the list page never disagrees with the sources it shows.
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  DEFAULT_CHUNKING,
  DEFAULT_RETRIEVAL,
  KNOWLEDGE_BASES_COLLECTION,
  KNOWLEDGE_SOURCES,
  type ChunkingOptions,
  type EmbeddingModelRef,
  type KnowledgeBase,
  type KnowledgeSource,
  type RetrievalSettings,
  type SourceFailure,
} from '@agentflow/shared/knowledge';
import { KEYWORD_INDEX_FIELD } from './keywordIndexStore.js';
import { leaseHeldBy, type LeaseHolder, type LeasedWrite } from './sourceJobs.js';

export interface NewKnowledgeBase {
  ownerId: string;
  organizationId: string | null;
  name: string;
  description: string;
  chunking?: ChunkingOptions;
  retrieval?: RetrievalSettings;
  embedding: EmbeddingModelRef | null;
  createdBy: string;
}

export type NewSource = Pick<KnowledgeSource, 'kind' | 'name' | 'file' | 'url' | 'size' | 'createdBy'>;

const iso = (value: unknown): string => (typeof value === 'string' ? value : new Date(0).toISOString());

function knowledgeBaseOf(doc: DocumentSnapshot): KnowledgeBase | null {
  const data = doc.data();
  if (!data) return null;
  return {
    id: doc.id,
    ownerId: String(data.ownerId),
    organizationId: typeof data.organizationId === 'string' ? data.organizationId : null,
    name: String(data.name ?? ''),
    description: String(data.description ?? ''),
    chunking: (data.chunking as ChunkingOptions | undefined) ?? DEFAULT_CHUNKING,
    retrieval: (data.retrieval as RetrievalSettings | undefined) ?? DEFAULT_RETRIEVAL,
    embedding: (data.embedding as EmbeddingModelRef | null | undefined) ?? null,
    createdBy: String(data.createdBy ?? ''),
    createdAt: iso(data.createdAt),
    updatedAt: iso(data.updatedAt),
    sourceCount: Number(data.sourceCount ?? 0),
    chunkCount: Number(data.chunkCount ?? 0),
  };
}

function sourceOf(doc: DocumentSnapshot, knowledgeBaseId: string): KnowledgeSource | null {
  const data = doc.data();
  if (!data) return null;
  return {
    id: doc.id,
    knowledgeBaseId,
    kind: data.kind as KnowledgeSource['kind'],
    name: String(data.name ?? ''),
    file: (data.file as KnowledgeSource['file']) ?? null,
    url: typeof data.url === 'string' ? data.url : null,
    status: data.status as KnowledgeSource['status'],
    progress: (data.progress as KnowledgeSource['progress']) ?? null,
    failure: (data.failure as SourceFailure | null | undefined) ?? null,
    size: Number(data.size ?? 0),
    chunkCount: Number(data.chunkCount ?? 0),
    embeddedTokens: Number(data.embeddedTokens ?? 0),
    createdBy: String(data.createdBy ?? ''),
    createdAt: iso(data.createdAt),
    updatedAt: iso(data.updatedAt),
    syncedAt: typeof data.syncedAt === 'string' ? data.syncedAt : null,
  };
}

export class KnowledgeStore {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private bases() {
    return this.db.collection(KNOWLEDGE_BASES_COLLECTION);
  }

  private sources(knowledgeBaseId: string) {
    return this.bases().doc(knowledgeBaseId).collection(KNOWLEDGE_SOURCES);
  }

  async create(input: NewKnowledgeBase): Promise<KnowledgeBase> {
    const at = this.now().toISOString();
    const ref = this.bases().doc();
    const data = {
      ownerId: input.ownerId,
      organizationId: input.organizationId,
      name: input.name,
      description: input.description,
      chunking: input.chunking ?? DEFAULT_CHUNKING,
      retrieval: input.retrieval ?? DEFAULT_RETRIEVAL,
      embedding: input.embedding,
      createdBy: input.createdBy,
      createdAt: at,
      updatedAt: at,
      sourceCount: 0,
      chunkCount: 0,
      [KEYWORD_INDEX_FIELD]: null,
    };
    await ref.create(data);
    return knowledgeBaseOf(await ref.get())!;
  }

  async get(knowledgeBaseId: string): Promise<KnowledgeBase | null> {
    return knowledgeBaseOf(await this.bases().doc(knowledgeBaseId).get());
  }

  /** A workspace's knowledge bases, by name: an organization's, or a person's own (organizationId null). */
  async list(workspace: { ownerId: string; organizationId: string | null }): Promise<KnowledgeBase[]> {
    const query = workspace.organizationId ? this.bases().where('organizationId', '==', workspace.organizationId) : this.bases().where('ownerId', '==', workspace.ownerId).where('organizationId', '==', null);
    const snapshot = await query.get();
    return snapshot.docs
      .map((doc) => knowledgeBaseOf(doc)!)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async update(knowledgeBaseId: string, change: Partial<Pick<KnowledgeBase, 'name' | 'description' | 'chunking' | 'retrieval' | 'embedding'>>): Promise<KnowledgeBase | null> {
    const ref = this.bases().doc(knowledgeBaseId);
    const updated = await this.db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return false;
      transaction.update(ref, { ...change, updatedAt: this.now().toISOString() });
      return true;
    });
    return updated ? this.get(knowledgeBaseId) : null;
  }

  /** Deletes the knowledge base document and its sources (chunks and files are the caller's to remove first). */
  async remove(knowledgeBaseId: string): Promise<void> {
    await this.db.recursiveDelete(this.bases().doc(knowledgeBaseId));
  }

  /** An id for a source not yet added (a file is given to its source before the source is written). */
  newSourceId(knowledgeBaseId: string): string {
    return this.sources(knowledgeBaseId).doc().id;
  }

  /** `extra`: fields the API never answers (the job's state, pasted text: sourceJobs.ts); `sourceId`: one from newSourceId. */
  async addSource(knowledgeBaseId: string, input: NewSource, extra: Record<string, unknown> = {}, sourceId?: string): Promise<KnowledgeSource | null> {
    const at = this.now().toISOString();
    const base = this.bases().doc(knowledgeBaseId);
    const ref = sourceId ? this.sources(knowledgeBaseId).doc(sourceId) : this.sources(knowledgeBaseId).doc();
    const added = await this.db.runTransaction(async (transaction) => {
      if (!(await transaction.get(base)).exists) return false;
      transaction.create(ref, { ...extra, ...input, status: 'queued', progress: null, failure: null, chunkCount: 0, embeddedTokens: 0, createdAt: at, updatedAt: at, syncedAt: null });
      transaction.update(base, { sourceCount: FieldValue.increment(1), updatedAt: at });
      return true;
    });
    return added ? sourceOf(await ref.get(), knowledgeBaseId) : null;
  }

  async source(knowledgeBaseId: string, sourceId: string): Promise<KnowledgeSource | null> {
    return sourceOf(await this.sources(knowledgeBaseId).doc(sourceId).get(), knowledgeBaseId);
  }

  async listSources(knowledgeBaseId: string): Promise<KnowledgeSource[]> {
    const snapshot = await this.sources(knowledgeBaseId).orderBy('createdAt', 'asc').get();
    return snapshot.docs.map((doc) => sourceOf(doc, knowledgeBaseId)!);
  }

  /** Source names and URLs by id (citations). */
  async sourceLabels(knowledgeBaseId: string, ids: readonly string[]): Promise<Map<string, { name: string; url: string | null }>> {
    if (!ids.length) return new Map();
    const snapshots = await this.db.getAll(...ids.map((id) => this.sources(knowledgeBaseId).doc(id)));
    return new Map(snapshots.filter((doc) => doc.exists).map((doc) => [doc.id, { name: String(doc.get('name') ?? ''), url: typeof doc.get('url') === 'string' ? (doc.get('url') as string) : null }]));
  }

  /** Chunks done of the total, while `holder`'s claim holds the source (sourceJobs.ts). */
  async progress(knowledgeBaseId: string, sourceId: string, holder: LeaseHolder, done: number, total: number): Promise<LeasedWrite> {
    return this.leasedUpdate(knowledgeBaseId, sourceId, holder, { progress: { done, total } });
  }

  /**
   * Ready, written while `holder`'s claim holds the source: its chunk
   * count replaces the old one on the knowledge base, in one transaction.
   * `size`: the bytes the job read, when only it knows them (a web page's).
   */
  async markReady(knowledgeBaseId: string, sourceId: string, holder: LeaseHolder, result: { chunkCount: number; embeddedTokens: number; name?: string; size?: number; dimensions: number | null }): Promise<LeasedWrite> {
    const at = this.now().toISOString();
    const base = this.bases().doc(knowledgeBaseId);
    const ref = this.sources(knowledgeBaseId).doc(sourceId);
    return this.db.runTransaction(async (transaction) => {
      const [baseSnapshot, sourceSnapshot] = await Promise.all([transaction.get(base), transaction.get(ref)]);
      if (!baseSnapshot.exists || !sourceSnapshot.exists) return 'gone';
      if (!leaseHeldBy(sourceSnapshot, holder)) return 'lost';
      const previous = Number(sourceSnapshot.get('chunkCount') ?? 0);
      transaction.update(ref, {
        status: 'ready',
        progress: null,
        failure: null,
        lease: null,
        chunkCount: result.chunkCount,
        embeddedTokens: FieldValue.increment(result.embeddedTokens),
        ...(result.name ? { name: result.name } : {}),
        ...(result.size !== undefined ? { size: result.size } : {}),
        updatedAt: at,
        syncedAt: at,
      });
      const embedding = baseSnapshot.get('embedding') as EmbeddingModelRef | null;
      transaction.update(base, {
        chunkCount: FieldValue.increment(result.chunkCount - previous),
        updatedAt: at,
        // The first embedded source fixes the vector length every later one must match.
        ...(embedding && embedding.dimensions === null && result.dimensions !== null ? { embedding: { ...embedding, dimensions: result.dimensions } } : {}),
      });
      return 'written';
    });
  }

  /** Failed with its reason, written while `holder`'s claim holds the source. */
  async markFailed(knowledgeBaseId: string, sourceId: string, holder: LeaseHolder, failure: SourceFailure): Promise<LeasedWrite> {
    return this.leasedUpdate(knowledgeBaseId, sourceId, holder, { status: 'failed', progress: null, failure, lease: null });
  }

  /** Removes a source's document and its chunks' count from the knowledge base (chunks and file are the caller's). */
  async removeSource(knowledgeBaseId: string, sourceId: string): Promise<KnowledgeSource | null> {
    const base = this.bases().doc(knowledgeBaseId);
    const ref = this.sources(knowledgeBaseId).doc(sourceId);
    return this.db.runTransaction(async (transaction) => {
      const [baseSnapshot, sourceSnapshot] = await Promise.all([transaction.get(base), transaction.get(ref)]);
      const source = sourceOf(sourceSnapshot, knowledgeBaseId);
      if (!baseSnapshot.exists || !source) return null;
      transaction.delete(ref);
      transaction.update(base, { sourceCount: FieldValue.increment(-1), chunkCount: FieldValue.increment(-source.chunkCount), updatedAt: this.now().toISOString() });
      return source;
    });
  }

  private async leasedUpdate(knowledgeBaseId: string, sourceId: string, holder: LeaseHolder, change: Record<string, unknown>): Promise<LeasedWrite> {
    const ref = this.sources(knowledgeBaseId).doc(sourceId);
    return this.db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return 'gone';
      if (!leaseHeldBy(snapshot, holder)) return 'lost';
      transaction.update(ref, { ...change, updatedAt: this.now().toISOString() });
      return 'written';
    });
  }
}
