// The real ports of ingestion and search: a source's content (its file from
// the bucket, its page through the private-address guard, its pasted text),
// embeddings through the workspace's AI credential from the vault (AI SDK
// embedMany), and charges on the token ledger through the runs' meter,
// priced by the price table's embedding price.
import { embedMany } from 'ai';
import { embeddingTokensFor, HttpError, IdempotencyConflictError, ledgerKey } from '@agentflow/shared/server';
import { messageOf } from '@agentflow/shared/domain';
import { blocksFromText, isIndexedDimension, KNOWLEDGE_ERROR_CODES, type KnowledgeBase, type KnowledgeSource, type KnowledgeErrorCode } from '@agentflow/shared/knowledge';
import { isAiProviderType, type ProviderRegistry } from '../agents/providers/index.js';
import type { CredentialVault } from '../credentials/index.js';
import type { FilesModule } from '../files/index.js';
import { guardedFetch, modelCallPolicy } from '../net/guardedFetch.js';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import type { LedgerMeter } from '../runs/ledgerMeter.js';
import { webPageContent } from './extract/htmlBlocks.js';
import { blocksOfFile, knowledgeFormatOf, type ExtractedSource } from './extract/sourceBlocks.js';
import type { EmbeddedBatch } from './ingest.js';
import type { QueryVector } from './retrieve.js';
import type { SourceJobs } from './sourceJobs.js';

/** A source failed for a reason its code names (KNOWLEDGE_ERROR_CODES); the message is shown beside it. */
export class SourceFailureError extends Error {
  override name = 'SourceFailureError';
  constructor(
    readonly code: KnowledgeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A web page's bytes at most (the page's text is extracted from its HTML). */
const PAGE_MAX_BYTES = 5_000_000;

export function contentLoader(deps: { files: FilesModule | null; fetchPolicy: SafeFetchPolicy; jobs: SourceJobs }): (source: KnowledgeSource) => Promise<ExtractedSource> {
  const fetchPage = guardedFetch({ ...deps.fetchPolicy, maxResponseBytes: Math.max(deps.fetchPolicy.maxResponseBytes, PAGE_MAX_BYTES) });
  return async (source) => {
    if (source.kind === 'text') return { blocks: blocksFromText(await deps.jobs.pastedText(source.knowledgeBaseId, source.id)), title: null, truncated: false };
    if (source.kind === 'url') {
      let bytes: Uint8Array;
      try {
        const response = await fetchPage(source.url!, { headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.8' } });
        if (!response.ok) throw new Error(`the page answered ${response.status}`);
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.fetchFailed, `The page could not be fetched: ${messageOf(error)}`);
      }
      // Decoded as response.text() would (UTF-8); the size is the bytes fetched, as a file's is its bytes stored.
      const page = webPageContent(new TextDecoder().decode(bytes));
      return { blocks: page.blocks, title: page.title, truncated: false, size: bytes.byteLength };
    }
    if (!deps.files || !source.file) throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.unreadable, 'File storage is not available on this server');
    const file = await deps.files.store.get(source.file.fileId);
    const format = file ? knowledgeFormatOf(file.contentType, file.name) : null;
    if (!file || !format) throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.unreadable, 'The file is gone or of a type a knowledge base does not read');
    return blocksOfFile(deps.files.inspector, await deps.files.store.read(file), format);
  };
}

export interface Embedder {
  embed: (knowledgeBase: KnowledgeBase, texts: readonly string[]) => Promise<EmbeddedBatch>;
  embedQuery: (knowledgeBase: KnowledgeBase, text: string) => Promise<QueryVector>;
}

/** Embeddings with the knowledge base's credential, opened as its workspace's owner (the payer) for its workspace only. */
export function vaultEmbedder(deps: { vault: CredentialVault | null; providers: ProviderRegistry; fetchPolicy: SafeFetchPolicy }): Embedder {
  const fetch = guardedFetch(modelCallPolicy(deps.fetchPolicy));
  const model = async (knowledgeBase: KnowledgeBase) => {
    const embedding = knowledgeBase.embedding!;
    if (!deps.vault) throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.embeddingCredentialInvalid, 'Credentials are not available on this server');
    let opened;
    try {
      opened = await deps.vault.use({ userId: knowledgeBase.ownerId }, embedding.credentialId, { workspace: { ownerId: knowledgeBase.ownerId, organizationId: knowledgeBase.organizationId } });
    } catch (error) {
      if (error instanceof HttpError) throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.embeddingCredentialInvalid, `The embedding credential cannot be used: ${error.message}`);
      throw error;
    }
    const adapter = isAiProviderType(opened.type) ? deps.providers.providerAdapter(opened.type) : null;
    if (!adapter?.embeddingModel) throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.embeddingCredentialInvalid, 'The embedding credential is not of a provider with embeddings');
    return adapter.embeddingModel(opened, embedding.model, fetch);
  };
  const embed = async (knowledgeBase: KnowledgeBase, texts: readonly string[]): Promise<EmbeddedBatch> => {
    const embeddingModel = await model(knowledgeBase);
    let result;
    try {
      result = await embedMany({ model: embeddingModel, values: [...texts], maxRetries: 2 });
    } catch (error) {
      throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.embeddingFailed, `The embedding call failed: ${messageOf(error)}`);
    }
    const length = result.embeddings[0]?.length ?? 0;
    if (length && !isIndexedDimension(length)) throw new SourceFailureError(KNOWLEDGE_ERROR_CODES.embeddingDimensionsUnsupported, `The model answers vectors of ${length} dimensions, which knowledge bases do not index`);
    return { vectors: result.embeddings, tokens: result.usage.tokens };
  };
  return {
    embed,
    embedQuery: async (knowledgeBase, text) => {
      const { vectors, tokens } = await embed(knowledgeBase, [text]);
      return { vector: vectors[0]!, tokens };
    },
  };
}

/**
 * Charges of one job attempt: batch n of sync s is keyed
 * `knowledge:<source>:<s>:<n>` (chunking is deterministic, so a retry's batch n
 * is the same work), charged once however often the job runs. `newlyCharged`:
 * the embedded tokens whose charge this attempt applied (a retry's are 0), so
 * the source's count stays what it was charged for.
 */
export function embeddingCharger(meter: LedgerMeter, sync: number): { charge: (knowledgeBase: KnowledgeBase, source: KnowledgeSource, tokens: number) => Promise<void>; newlyCharged: () => number } {
  let batch = 0;
  let applied = 0;
  return {
    charge: async (knowledgeBase, source, tokens) => {
      const key = ledgerKey('knowledge', source.id, String(sync), String(batch++));
      try {
        if (await meter.chargeEmbedding({ ownerId: knowledgeBase.ownerId, tokens: embeddingTokensFor(tokens), idempotencyKey: key })) applied += tokens;
      } catch (error) {
        // The batch was charged by an earlier attempt whose provider counted its tokens differently: charged once, as then.
        if (!(error instanceof IdempotencyConflictError)) throw error;
      }
    },
    newlyCharged: () => applied,
  };
}
