// Executes `knowledge:` jobs from the run queue: claims the source (only the
// claimant works on it), renews its lease while ingesting, then marks it
// ready or failed with a reason code. Those writes land only while this
// claim holds the source: a job whose lease was taken over stops at its
// next progress write and leaves the source to the new one. A source removed
// while it was being processed has what this job wrote removed again. Recovery (start()) queues
// again the sources a dead worker left processing and those an in-process
// queue dropped when it stopped.
import type { Logger } from 'pino';
import { InsufficientTokensError } from '@agentflow/shared/server';
import { KNOWLEDGE_ERROR_CODES, unindexChunks, type SourceFailure } from '@agentflow/shared/knowledge';
import type { LedgerMeter } from '../runs/ledgerMeter.js';
import type { ChunkStore } from './chunkStore.js';
import { UnreadableSourceError, type ExtractedSource } from './extract/sourceBlocks.js';
import { EmbeddingShapeError, EmptySourceError, ingestSource } from './ingest.js';
import type { KeywordIndexStore } from './keywordIndexStore.js';
import { embeddingCharger, SourceFailureError, type Embedder } from './ports.js';
import { parseKnowledgeJobId, SourceLostError, type SourceJobs } from './sourceJobs.js';
import type { KnowledgeStore } from './store.js';
import type { KnowledgeSource } from '@agentflow/shared/knowledge';

export interface KnowledgeJobDependencies {
  store: KnowledgeStore;
  jobs: SourceJobs;
  chunks: ChunkStore;
  keywords: KeywordIndexStore;
  embedder: Embedder;
  meter: LedgerMeter;
  loadContent: (source: KnowledgeSource) => Promise<ExtractedSource>;
  logger: Logger;
  leaseMs: number;
  /** Queues a job id again (recovery). */
  enqueue: (jobId: string) => Promise<void>;
}

/** Why a source failed, as its code and message: what the client may see, never a stack. */
export function failureOf(error: unknown): SourceFailure {
  if (error instanceof SourceFailureError) return { code: error.code, message: error.message };
  if (error instanceof InsufficientTokensError) return { code: KNOWLEDGE_ERROR_CODES.tokensExhausted, message: 'The workspace ran out of tokens while embedding' };
  if (error instanceof EmptySourceError) return { code: KNOWLEDGE_ERROR_CODES.empty, message: 'The source holds no text' };
  if (error instanceof UnreadableSourceError) return { code: KNOWLEDGE_ERROR_CODES.unreadable, message: error.message };
  if (error instanceof EmbeddingShapeError) return { code: KNOWLEDGE_ERROR_CODES.embeddingDimensionsUnsupported, message: error.message };
  return { code: KNOWLEDGE_ERROR_CODES.processingFailed, message: 'Processing stopped on a server fault; re-sync the source to try again' };
}

export class KnowledgeJobExecutor {
  private recoveryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: KnowledgeJobDependencies) {}

  readonly execute = async (jobId: string): Promise<void> => {
    const job = parseKnowledgeJobId(jobId);
    if (!job) throw new Error(`Not a knowledge job: ${jobId}`);
    const { knowledgeBaseId, sourceId } = job;
    const claim = await this.deps.jobs.claim(knowledgeBaseId, sourceId);
    if (!claim.claimed) return;
    const { holder } = claim;
    const heartbeat = setInterval(() => {
      this.deps.jobs.renew(knowledgeBaseId, sourceId, holder).catch((error: unknown) => this.deps.logger.warn({ err: error, jobId }, 'could not renew a knowledge source lease'));
    }, Math.max(100, Math.floor(this.deps.leaseMs / 3)));
    heartbeat.unref();
    try {
      const [knowledgeBase, source] = await Promise.all([this.deps.store.get(knowledgeBaseId), this.deps.store.source(knowledgeBaseId, sourceId)]);
      if (!knowledgeBase || !source) return;
      const charger = embeddingCharger(this.deps.meter, claim.sync);
      let result;
      try {
        result = await ingestSource(
          {
            chunks: this.deps.chunks,
            keywords: this.deps.keywords,
            loadContent: this.deps.loadContent,
            embed: this.deps.embedder.embed,
            charge: charger.charge,
            progress: async (_source, done, total) => {
              const written = await this.deps.store.progress(knowledgeBaseId, sourceId, holder, done, total);
              // Gone or taken over: stop before writing chunks the source no longer counts on this job for.
              if (written !== 'written') throw new SourceLostError(written);
            },
          },
          knowledgeBase,
          source,
          source.chunkCount,
        );
      } catch (error) {
        if (error instanceof SourceLostError) {
          this.deps.logger.info({ jobId, outcome: error.outcome }, 'a knowledge job stopped: its source is no longer this worker\'s');
          return;
        }
        const failure = failureOf(error);
        if (failure.code === KNOWLEDGE_ERROR_CODES.processingFailed) this.deps.logger.error({ err: error, jobId }, 'a knowledge source failed on a server fault');
        await this.deps.store.markFailed(knowledgeBaseId, sourceId, holder, failure);
        return;
      }
      const ready = await this.deps.store.markReady(knowledgeBaseId, sourceId, holder, { chunkCount: result.chunkCount, embeddedTokens: charger.newlyCharged(), ...(result.title ? { name: result.title } : {}), ...(result.size !== null ? { size: result.size } : {}), dimensions: result.dimensions });
      // Removed while it was processed: what this job wrote goes too (taken over: the chunks are the new worker's).
      if (ready === 'gone') await this.removeChunks(knowledgeBaseId, sourceId);
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** A source's chunks and keyword entries (its removal, or a removal that raced this job). */
  async removeChunks(knowledgeBaseId: string, sourceId: string): Promise<void> {
    const ids = await this.deps.chunks.deleteSource(knowledgeBaseId, sourceId);
    if (ids.length) await this.deps.keywords.update(knowledgeBaseId, (index) => unindexChunks(index, ids));
  }

  /** Queues stranded sources again now and every lease. */
  start(): void {
    if (this.recoveryTimer) return;
    const sweep = () => {
      this.deps.jobs
        .stranded()
        .then((ids) => Promise.all(ids.map((id) => this.deps.enqueue(id))))
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'knowledge source recovery failed'));
    };
    sweep();
    this.recoveryTimer = setInterval(sweep, this.deps.leaseMs);
    this.recoveryTimer.unref();
  }

  stop(): void {
    if (this.recoveryTimer) clearInterval(this.recoveryTimer);
    this.recoveryTimer = null;
  }
}
