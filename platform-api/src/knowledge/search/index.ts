// The runs' knowledge search as the service builds it: the stores on
// Firestore and the bucket, the payer's grants, and the query embedder on the
// vault and the provider adapters (every request through the guarded fetch).
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '@agentflow/shared/server';
import type { SafeFetchPolicy } from '../../net/safeFetch.js';
import { guardedFetch, modelCallPolicy } from '../../net/guardedFetch.js';
import { loadAccess } from '../../access/store.js';
import type { CredentialVault } from '../../credentials/index.js';
import { isAiProviderType, type ProviderRegistry } from '../../agents/providers/index.js';
import type { FileBucket } from '../../files/bucket.js';
import type { KnowledgeSearch } from '../../runs/knowledge/knowledgeStep.js';
import { ChunkStore } from '../chunkStore.js';
import { KeywordIndexStore } from '../keywordIndexStore.js';
import { KnowledgeStore } from '../store.js';
import { queryEmbedder, runKnowledgeSearch } from './runKnowledgeSearch.js';

export { queryEmbedder, runKnowledgeSearch, runMayView, type RunKnowledgeSearchDeps, type RunQueryEmbedder } from './runKnowledgeSearch.js';

export interface FirestoreKnowledgeSearchOptions {
  db: Firestore;
  bucket: FileBucket;
  /** Absent: bases with an embedding model cannot be searched (their step fails with 'knowledge-embedding-failed'). */
  credentials: { vault: CredentialVault; providers: ProviderRegistry } | null;
  fetchPolicy: SafeFetchPolicy;
}

export function firestoreKnowledgeSearch(options: FirestoreKnowledgeSearchOptions): KnowledgeSearch {
  const fetch = guardedFetch(modelCallPolicy(options.fetchPolicy));
  const { credentials } = options;
  return runKnowledgeSearch({
    store: new KnowledgeStore(options.db),
    chunks: new ChunkStore(options.db),
    keywords: new KeywordIndexStore(options.db, options.bucket),
    grantsOf: async (uid) => (await loadAccess(options.db, uid)).grants,
    embedQuery: queryEmbedder({
      embeddingModel: async (request, credentialId, modelId) => {
        if (!credentials) throw new Error('credentials are not available on this server');
        const opened = await credentials.vault.use({ userId: request.ownerId }, credentialId, { runId: request.runId, nodeId: request.nodeId, workspace: { ownerId: request.ownerId, organizationId: request.organizationId } });
        if (!isAiProviderType(opened.type)) throw new HttpError(400, 'the embedding credential is not an AI provider');
        const adapter = credentials.providers.providerAdapter(opened.type);
        if (!adapter.embeddingModel) throw new HttpError(400, 'the embedding credential\'s provider has no embedding models');
        return adapter.embeddingModel(opened, modelId, fetch);
      },
    }),
  });
}
