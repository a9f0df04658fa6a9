// The texts of the Knowledge step's base picker, an agent's knowledge bases
// and the run view's retrieved passages (English source).
export const en = {
  workflows: {
    knowledgeNode: {
      base: 'Knowledge base',
      choose: 'Choose a knowledge base',
      loading: 'Loading the knowledge bases…',
      loadFailed: 'The knowledge bases could not be loaded.',
      none: 'This workspace has no knowledge base yet: create one on the Knowledge page.',
      notListed: 'The chosen knowledge base is not one of this workspace’s (it may have been deleted).',
      keywordOnly: 'No embedding model: searched by keyword alone.',
      chunks: '{{count}} passages',
      agentBases: 'Knowledge bases this agent may search',
      agentHint: 'The agent gets a search_knowledge tool and can cite what it finds.',
      agentMissing: 'Not in this workspace: {{id}} (untick to remove)',
      passages: 'Retrieved passages',
      noPassages: 'No passage matched.',
      modes: { hybrid: 'Hybrid search (vectors and keywords)', vector: 'Vector search', keyword: 'Keyword search (no embedding model)' },
      score: 'Relevance {{score}}',
      page: 'p.',
    },
  },
};

export type KnowledgeNodeCatalog = typeof en;
