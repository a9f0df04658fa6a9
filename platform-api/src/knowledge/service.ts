// Knowledge bases of a workspace: who may do what (mayUseKnowledge on the
// caller's grants), the changes (each source queued as a job on the run
// queue), and the test search. A base of a workspace the caller may not see
// answers 404 (nothing leaks); one they may see but not manage answers 403.
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { FILE_ERROR_CODES, HttpError, InsufficientTokensError, embeddingTokensFor, isDocumentId, ledgerKey, toFileRef, type ServiceErrorCode } from '@agentflow/shared/server';
import { PERSONAL_WORKSPACE, RBAC_COLLECTIONS } from '@agentflow/shared/rbac';
import {
  KNOWLEDGE_ERROR_CODES,
  KNOWLEDGE_LIMITS,
  mayUseKnowledge,
  type AddSourceBody,
  type CreateKnowledgeBaseBody,
  type KnowledgeBase,
  type KnowledgeNeed,
  type KnowledgeSource,
  type KnowledgeWorkspace,
  type SearchKnowledgeBody,
  type UpdateKnowledgeBaseBody,
} from '@agentflow/shared/knowledge';
import { loadAccess } from '../access/store.js';
import { isAiProviderType, type ProviderRegistry } from '../agents/providers/index.js';
import type { CredentialVault } from '../credentials/index.js';
import { credentialInWorkspace } from '../credentials/vault.js';
import { asHttp, type FilesModule } from '../files/index.js';
import type { LedgerMeter } from '../runs/ledgerMeter.js';
import type { ChunkStore } from './chunkStore.js';
import { knowledgeFormatOf } from './extract/sourceBlocks.js';
import type { KnowledgeJobExecutor } from './jobExecutor.js';
import type { KeywordIndexStore } from './keywordIndexStore.js';
import { SourceFailureError, type Embedder } from './ports.js';
import { searchKnowledge, type SearchResult } from './retrieve.js';
import { knowledgeJobId, SourceJobs } from './sourceJobs.js';
import type { KnowledgeStore } from './store.js';

export interface KnowledgeServiceDependencies {
  db: Firestore;
  store: KnowledgeStore;
  chunks: ChunkStore;
  keywords: KeywordIndexStore;
  jobs: SourceJobs;
  executor: KnowledgeJobExecutor;
  embedder: Embedder;
  meter: LedgerMeter;
  files: FilesModule | null;
  vault: CredentialVault | null;
  providers: ProviderRegistry;
  enqueue: (jobId: string) => Promise<void>;
  now?: () => Date;
}

const refuse = (status: 400 | 403 | 404 | 409 | 503, code: ServiceErrorCode, message: string, details?: Record<string, string>) => new HttpError(status, message, code, details);
const baseNotFound = (id: string) => refuse(404, KNOWLEDGE_ERROR_CODES.notFound, `Knowledge base '${id}' not found`);
const sourceNotFound = (id: string) => refuse(404, KNOWLEDGE_ERROR_CODES.sourceNotFound, `Knowledge source '${id}' not found`);

export class KnowledgeService {
  constructor(private readonly deps: KnowledgeServiceDependencies) {}

  private async grants(uid: string, workspace: KnowledgeWorkspace) {
    return workspace.organizationId ? (await loadAccess(this.deps.db, uid)).grants : [];
  }

  /** The workspace a request names ('personal' or an organization), if the caller may use its knowledge bases as `need` says. */
  async workspace(uid: string, workspaceId: string, need: KnowledgeNeed): Promise<KnowledgeWorkspace> {
    if (workspaceId === PERSONAL_WORKSPACE) return { ownerId: uid, organizationId: null };
    const organization = await this.deps.db.collection(RBAC_COLLECTIONS.organizations).doc(workspaceId).get();
    const ownerId = organization.get('ownerId') ?? organization.get('createdBy');
    const workspace = { ownerId: typeof ownerId === 'string' ? ownerId : '', organizationId: workspaceId };
    if (!organization.exists || !mayUseKnowledge(await this.grants(uid, workspace), uid, workspace, need)) {
      throw refuse(403, KNOWLEDGE_ERROR_CODES.workspaceForbidden, `You may not ${need === 'manage' ? 'manage' : 'see'} the knowledge bases of workspace '${workspaceId}'`);
    }
    return workspace;
  }

  /** A knowledge base the caller may see (404 otherwise) and, for 'manage', change (403). */
  async base(uid: string, id: string, need: KnowledgeNeed): Promise<KnowledgeBase> {
    const knowledgeBase = isDocumentId(id) ? await this.deps.store.get(id) : null;
    if (!knowledgeBase) throw baseNotFound(id);
    const grants = await this.grants(uid, knowledgeBase);
    if (!mayUseKnowledge(grants, uid, knowledgeBase, 'view')) throw baseNotFound(id);
    if (need === 'manage' && !mayUseKnowledge(grants, uid, knowledgeBase, 'manage')) throw refuse(403, 'forbidden', `You may not change knowledge base '${id}'`);
    return knowledgeBase;
  }

  async list(uid: string, workspaceId: string): Promise<KnowledgeBase[]> {
    return this.deps.store.list(await this.workspace(uid, workspaceId, 'view'));
  }

  async create(uid: string, body: CreateKnowledgeBaseBody): Promise<KnowledgeBase> {
    const workspace = await this.workspace(uid, body.workspaceId, 'manage');
    if (body.embedding) await this.checkEmbeddingCredential(uid, workspace, body.embedding.credentialId);
    return this.deps.store.create({
      ...workspace,
      name: body.name,
      description: body.description,
      ...(body.chunking ? { chunking: body.chunking } : {}),
      ...(body.retrieval ? { retrieval: body.retrieval } : {}),
      embedding: body.embedding ? { ...body.embedding, dimensions: null } : null,
      createdBy: uid,
    });
  }

  /** The credential is an AI credential of the workspace, of a provider with embeddings (400 naming the field otherwise). */
  private async checkEmbeddingCredential(uid: string, workspace: KnowledgeWorkspace, credentialId: string): Promise<void> {
    const invalid = (why: string) => refuse(400, KNOWLEDGE_ERROR_CODES.embeddingCredentialInvalid, `embedding.credentialId: ${why}`, { field: 'embedding.credentialId' });
    if (!this.deps.vault) throw invalid('credentials are not available on this server');
    let view;
    try {
      view = await this.deps.vault.get({ userId: uid }, credentialId);
    } catch (error) {
      if (error instanceof HttpError) throw invalid('no such credential of yours');
      throw error;
    }
    if (!credentialInWorkspace(view.owner, workspace)) throw invalid("the credential is not one of this workspace's");
    if (!isAiProviderType(view.type) || !this.deps.providers.providerAdapter(view.type).embeddingModel) throw invalid('the credential is not of an AI provider with embeddings');
  }

  async update(uid: string, id: string, body: UpdateKnowledgeBaseBody): Promise<KnowledgeBase> {
    await this.base(uid, id, 'manage');
    return (await this.deps.store.update(id, body)) ?? (() => { throw baseNotFound(id); })();
  }

  /** Removes the knowledge base, its sources' files, its chunks and its keyword index. */
  async remove(uid: string, id: string): Promise<KnowledgeBase> {
    const knowledgeBase = await this.base(uid, id, 'manage');
    const sources = await this.deps.store.listSources(id);
    await this.deps.keywords.remove(id);
    await this.deps.store.remove(id);
    for (const source of sources) if (source.file && this.deps.files) await this.deps.files.store.remove(source.file.fileId);
    return knowledgeBase;
  }

  async sources(uid: string, id: string): Promise<KnowledgeSource[]> {
    await this.base(uid, id, 'view');
    return this.deps.store.listSources(id);
  }

  async addSource(uid: string, id: string, body: AddSourceBody): Promise<KnowledgeSource> {
    const knowledgeBase = await this.base(uid, id, 'manage');
    if (knowledgeBase.sourceCount >= KNOWLEDGE_LIMITS.sourcesPerBase) throw refuse(409, KNOWLEDGE_ERROR_CODES.tooManySources, `A knowledge base holds at most ${KNOWLEDGE_LIMITS.sourcesPerBase} sources`);
    const firstJob = SourceJobs.firstJob(this.deps.now?.() ?? new Date());
    let source: KnowledgeSource | null;
    if (body.kind === 'file') {
      source = await this.addFile(uid, id, body.fileId, firstJob);
    } else if (body.kind === 'url') {
      source = await this.deps.store.addSource(id, { kind: 'url', name: body.url, file: null, url: body.url, size: 0, createdBy: uid }, firstJob);
    } else {
      source = await this.deps.store.addSource(id, { kind: 'text', name: body.name, file: null, url: null, size: body.text.length, createdBy: uid }, { ...firstJob, text: body.text });
    }
    if (!source) throw baseNotFound(id);
    await this.deps.enqueue(knowledgeJobId(id, source.id));
    return source;
  }

  /** A file source: the caller's unused upload of a type a knowledge base reads, given to the source (as a run's input file is to its run). */
  private async addFile(uid: string, id: string, fileId: string, firstJob: Record<string, unknown>): Promise<KnowledgeSource | null> {
    const files = this.deps.files;
    if (!files) throw refuse(503, FILE_ERROR_CODES.storageUnavailable, 'File storage is not available on this server');
    const file = await files.store.get(fileId);
    if (!file || file.ownerId !== uid || file.use.kind !== 'upload') throw refuse(400, FILE_ERROR_CODES.notUsable, 'fileId: not an upload of yours that is still unused', { field: 'fileId' });
    if (!knowledgeFormatOf(file.contentType, file.name)) throw refuse(400, KNOWLEDGE_ERROR_CODES.fileTypeNotAllowed, `fileId: a knowledge base does not read files of type ${file.contentType}`, { field: 'fileId' });
    const ref = toFileRef(file);
    // The upload is given to the source first (all or nothing, re-checked in its transaction), so a refusal writes nothing.
    const sourceId = this.deps.store.newSourceId(id);
    try {
      await files.store.attach(uid, [{ field: 'fileId', ref }], { kind: 'knowledge', knowledgeBaseId: id, sourceId });
    } catch (error) {
      throw asHttp(error);
    }
    const source = await this.deps.store.addSource(id, { kind: 'file', name: file.name, file: ref, url: null, size: file.size, createdBy: uid }, firstJob, sourceId);
    // The base was removed meanwhile: its file goes too.
    if (!source) await files.store.remove(file.id);
    return source;
  }

  async resync(uid: string, id: string, sourceId: string): Promise<KnowledgeSource> {
    await this.base(uid, id, 'manage');
    if (!isDocumentId(sourceId)) throw sourceNotFound(sourceId);
    const outcome = await this.deps.jobs.requeue(id, sourceId);
    if (outcome === null) throw sourceNotFound(sourceId);
    if (outcome === 'busy') throw refuse(409, KNOWLEDGE_ERROR_CODES.sourceBusy, 'The source is queued or being processed; re-sync it once it is ready or failed');
    await this.deps.enqueue(knowledgeJobId(id, sourceId));
    return (await this.deps.store.source(id, sourceId)) ?? (() => { throw sourceNotFound(sourceId); })();
  }

  /** Removes a source, its chunks, its keyword-index entries and its file. */
  async removeSource(uid: string, id: string, sourceId: string): Promise<KnowledgeSource> {
    await this.base(uid, id, 'manage');
    const source = isDocumentId(sourceId) ? await this.deps.store.removeSource(id, sourceId) : null;
    if (!source) throw sourceNotFound(sourceId);
    await this.deps.executor.removeChunks(id, sourceId);
    if (source.file && this.deps.files) await this.deps.files.store.remove(source.file.fileId);
    return source;
  }

  /** The ranked passages for a query; embedding the query is charged like a source's batches. */
  async search(uid: string, id: string, body: SearchKnowledgeBody): Promise<{ knowledgeBase: KnowledgeBase; result: SearchResult }> {
    const knowledgeBase = await this.base(uid, id, 'view');
    const settings = { topK: body.topK ?? knowledgeBase.retrieval.topK, minSimilarity: body.minSimilarity ?? knowledgeBase.retrieval.minSimilarity };
    let result: SearchResult;
    try {
      result = await searchKnowledge(
        { chunks: this.deps.chunks, keywords: this.deps.keywords, embedQuery: this.deps.embedder.embedQuery, sourceLabels: (baseId, ids) => this.deps.store.sourceLabels(baseId, ids) },
        knowledgeBase,
        body.query,
        settings,
      );
    } catch (error) {
      if (error instanceof SourceFailureError) throw new HttpError(503, error.message, error.code);
      throw error;
    }
    try {
      await this.deps.meter.chargeEmbedding({ ownerId: knowledgeBase.ownerId, tokens: embeddingTokensFor(result.embeddedTokens), idempotencyKey: ledgerKey('knowledgesearch', randomUUID()) });
    } catch (error) {
      if (error instanceof InsufficientTokensError) throw new HttpError(402, error.message, 'insufficient_tokens');
      throw error;
    }
    return { knowledgeBase, result };
  }
}
