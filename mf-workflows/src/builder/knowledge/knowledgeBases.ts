// The workspace's knowledge bases for the builder's pickers (the Knowledge
// step's base, an agent's search_knowledge bases): GET KNOWLEDGE_API.list on
// the shared API client with the user's ID token. A test (or host) provides
// its own lister through the context.
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { KNOWLEDGE_API } from '@agentflow/shared/knowledge';

/** What a picker shows of a knowledge base: by keyword alone when it has no embedding model. */
export interface KnowledgeBaseOption {
  id: string;
  name: string;
  keywordOnly: boolean;
  chunkCount: number;
}

export interface KnowledgeBasesLister {
  /** `workspaceId`: an organization id, or 'personal'. */
  list(workspaceId: string): Promise<KnowledgeBaseOption[]>;
}

type Listed = { id?: unknown; name?: unknown; embedding?: unknown; chunkCount?: unknown };

function optionOf(base: Listed): KnowledgeBaseOption | null {
  if (typeof base.id !== 'string' || typeof base.name !== 'string') return null;
  return { id: base.id, name: base.name, keywordOnly: base.embedding === null || base.embedding === undefined, chunkCount: typeof base.chunkCount === 'number' ? base.chunkCount : 0 };
}

export function createKnowledgeBasesLister(options: ApiClientOptions): KnowledgeBasesLister {
  const call = createApiClient(options);
  return {
    list: async (workspaceId) => {
      const body = await call<{ knowledgeBases?: Listed[] } | Listed[] | undefined>('GET', `${KNOWLEDGE_API.list}?workspaceId=${encodeURIComponent(workspaceId)}`);
      const listed = Array.isArray(body) ? body : Array.isArray(body?.knowledgeBases) ? body.knowledgeBases : [];
      return listed.map(optionOf).filter((base): base is KnowledgeBaseOption => base !== null);
    },
  };
}

export const KnowledgeBasesContext = createContext<KnowledgeBasesLister | null>(null);
KnowledgeBasesContext.displayName = 'KnowledgeBases';

export type KnowledgeBasesLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; bases: KnowledgeBaseOption[] };

export function useKnowledgeBases(workspaceId: string): KnowledgeBasesLoad {
  const provided = useContext(KnowledgeBasesContext);
  const { config } = usePlatform();
  const { getIdToken, user } = useAuth();
  const lister = useMemo(() => provided ?? createKnowledgeBasesLister({ baseUrl: config.apis.platform, getIdToken }), [provided, config.apis.platform, getIdToken]);
  const [load, setLoad] = useState<KnowledgeBasesLoad>({ state: 'loading' });
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (!uid) return;
    let live = true;
    lister.list(workspaceId).then(
      (bases) => live && setLoad({ state: 'ready', bases: [...bases].sort((a, b) => a.name.localeCompare(b.name)) }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [lister, workspaceId, uid]);
  return load;
}
