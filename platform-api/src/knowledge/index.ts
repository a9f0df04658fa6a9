// platform-api's knowledge bases, assembled: stores, the job executor on the
// run queue (registered as the queue's `knowledge:` jobs), the service and
// its router. app.ts builds it beside the runs module it shares the queue and
// the meter with.
import type { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { NewAuditEntry } from '../access/audit.js';
import type { ProviderRegistry } from '../agents/providers/index.js';
import type { CredentialVault } from '../credentials/index.js';
import type { FilesModule } from '../files/index.js';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import type { RunsModule } from '../runs/index.js';
import { ChunkStore } from './chunkStore.js';
import { KnowledgeJobExecutor } from './jobExecutor.js';
import { KeywordIndexStore } from './keywordIndexStore.js';
import { contentLoader, vaultEmbedder } from './ports.js';
import { createKnowledgeRouter } from './router.js';
import { KnowledgeService } from './service.js';
import { KNOWLEDGE_JOB_KIND, SourceJobs } from './sourceJobs.js';
import { KnowledgeStore } from './store.js';

export { KnowledgeService } from './service.js';
export { KnowledgeJobExecutor } from './jobExecutor.js';
export { KNOWLEDGE_JOB_KIND, knowledgeJobId } from './sourceJobs.js';

export interface KnowledgeModuleOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  runs: RunsModule;
  /** Files (uploaded sources) and the bucket the keyword indexes live in. */
  files: FilesModule;
  vault: CredentialVault | null;
  providers: ProviderRegistry;
  /** What a page fetch may reach (default: the runs module's policy). */
  fetchPolicy?: SafeFetchPolicy;
  record: (entry: NewAuditEntry) => Promise<void>;
  /** A source's lease (default: the runs' lease). */
  leaseMs?: number;
}

export interface KnowledgeModule {
  router: Router;
  service: KnowledgeService;
  executor: KnowledgeJobExecutor;
  store: KnowledgeStore;
  chunks: ChunkStore;
  keywords: KeywordIndexStore;
}

export function createKnowledgeModule(options: KnowledgeModuleOptions): KnowledgeModule {
  const fetchPolicy = options.fetchPolicy ?? options.runs.fetchPolicy;
  const leaseMs = options.leaseMs ?? options.runs.executor.limits.leaseMs;
  const store = new KnowledgeStore(options.db);
  const chunks = new ChunkStore(options.db);
  const keywords = new KeywordIndexStore(options.db, options.files.bucket);
  const jobs = new SourceJobs(options.db, { instanceId: options.runs.instanceId, leaseMs });
  const embedder = vaultEmbedder({ vault: options.vault, providers: options.providers, fetchPolicy });
  const enqueue = (jobId: string) => options.runs.queue.enqueue(jobId);
  const executor = new KnowledgeJobExecutor({
    store,
    jobs,
    chunks,
    keywords,
    embedder,
    meter: options.runs.meter,
    loadContent: contentLoader({ files: options.files, fetchPolicy, jobs }),
    logger: options.logger,
    leaseMs,
    enqueue,
  });
  options.runs.jobs.register(KNOWLEDGE_JOB_KIND, executor.execute, { start: () => executor.start(), stop: () => executor.stop() });
  const service = new KnowledgeService({ db: options.db, store, chunks, keywords, jobs, executor, embedder, meter: options.runs.meter, files: options.files, vault: options.vault, providers: options.providers, enqueue });
  return { router: createKnowledgeRouter({ auth: options.auth, service, record: options.record }), service, executor, store, chunks, keywords };
}
