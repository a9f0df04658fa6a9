// The workspace's knowledge bases for the builder's pickers (the Knowledge
// step's base, an agent's search_knowledge bases), listed through the one
// knowledge client (api/knowledge.ts; a test or host provides its own through
// KnowledgeClientContext).
import { useEffect, useState } from 'react';
import { useAuth } from '@agentflow/shared';
import type { KnowledgeBase } from '@agentflow/shared/knowledge';
import { useKnowledgeClient } from '../../api/knowledge';

/** What a picker shows of a knowledge base: by keyword alone when it has no embedding model. */
export interface KnowledgeBaseOption {
  id: string;
  name: string;
  keywordOnly: boolean;
  chunkCount: number;
}

const optionOf = (base: KnowledgeBase): KnowledgeBaseOption => ({ id: base.id, name: base.name, keywordOnly: base.embedding === null, chunkCount: base.chunkCount });

export type KnowledgeBasesLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; bases: KnowledgeBaseOption[] };

/** `workspaceId`: an organization id, or 'personal'. */
export function useKnowledgeBases(workspaceId: string): KnowledgeBasesLoad {
  const client = useKnowledgeClient();
  const { user } = useAuth();
  const [load, setLoad] = useState<KnowledgeBasesLoad>({ state: 'loading' });
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (!uid) return;
    let live = true;
    client.list(workspaceId).then(
      (bases) => live && setLoad({ state: 'ready', bases: bases.map(optionOf).sort((a, b) => a.name.localeCompare(b.name)) }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [client, workspaceId, uid]);
  return load;
}
