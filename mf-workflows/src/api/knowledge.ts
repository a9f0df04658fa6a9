// platform-api's knowledge endpoints (KNOWLEDGE_API) on the shared API client,
// for the Knowledge page: the workspace's knowledge bases, their sources and
// the test search. A file source is uploaded first through the files path
// (FILES_API, the one run inputs use) and added by its id. A refusal rejects
// with the one ApiError, whose `code` (and `field` on a 400) the page translates.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import {
  KNOWLEDGE_API,
  type AddSourceBody,
  type CreateKnowledgeBaseBody,
  type KnowledgeBase,
  type KnowledgeBaseListResponse,
  type KnowledgeSearchResponse,
  type KnowledgeSource,
  type KnowledgeSourceListResponse,
  type SearchKnowledgeBody,
  type UpdateKnowledgeBaseBody,
} from '@agentflow/shared/knowledge';
import { createFilesClient, type FilesClient } from './files';

export interface KnowledgeClient {
  list(workspaceId: string): Promise<KnowledgeBase[]>;
  get(id: string): Promise<KnowledgeBase>;
  create(body: CreateKnowledgeBaseBody): Promise<KnowledgeBase>;
  update(id: string, change: UpdateKnowledgeBaseBody): Promise<KnowledgeBase>;
  remove(id: string): Promise<void>;
  sources(id: string): Promise<KnowledgeSource[]>;
  addSource(id: string, body: AddSourceBody): Promise<KnowledgeSource>;
  removeSource(id: string, sourceId: string): Promise<void>;
  resync(id: string, sourceId: string): Promise<KnowledgeSource>;
  search(id: string, body: SearchKnowledgeBody): Promise<KnowledgeSearchResponse>;
  /** Uploads a file for a file source (the run inputs' upload path). */
  files: FilesClient;
}

export function createKnowledgeClient(options: ApiClientOptions): KnowledgeClient {
  const call = createApiClient(options);
  return {
    list: async (workspaceId) => {
      const body = await call<KnowledgeBaseListResponse | undefined>('GET', KNOWLEDGE_API.list, { query: { workspaceId } });
      return Array.isArray(body?.knowledgeBases) ? body.knowledgeBases : [];
    },
    get: (id) => call<KnowledgeBase>('GET', KNOWLEDGE_API.one(id)),
    create: (body) => call<KnowledgeBase>('POST', KNOWLEDGE_API.list, { body }),
    update: (id, change) => call<KnowledgeBase>('PATCH', KNOWLEDGE_API.one(id), { body: change }),
    remove: async (id) => {
      await call('DELETE', KNOWLEDGE_API.one(id));
    },
    sources: async (id) => {
      const body = await call<KnowledgeSourceListResponse | undefined>('GET', KNOWLEDGE_API.sources(id));
      return Array.isArray(body?.sources) ? body.sources : [];
    },
    addSource: (id, body) => call<KnowledgeSource>('POST', KNOWLEDGE_API.sources(id), { body }),
    removeSource: async (id, sourceId) => {
      await call('DELETE', KNOWLEDGE_API.source(id, sourceId));
    },
    resync: (id, sourceId) => call<KnowledgeSource>('POST', KNOWLEDGE_API.resync(id, sourceId), { body: {} }),
    search: (id, body) => call<KnowledgeSearchResponse>('POST', KNOWLEDGE_API.search(id), { body }),
    files: createFilesClient(call),
  };
}

export const KnowledgeClientContext = createContext<KnowledgeClient | null>(null);
KnowledgeClientContext.displayName = 'KnowledgeClient';

/** The client a test (or host) provides, else platform-api at the configured URL with the user's ID token. */
export function useKnowledgeClient(): KnowledgeClient {
  const provided = useContext(KnowledgeClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createKnowledgeClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}
