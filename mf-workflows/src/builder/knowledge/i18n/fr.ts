import type { KnowledgeNodeCatalog } from './en';

export const fr: KnowledgeNodeCatalog = {
  workflows: {
    knowledgeNode: {
      base: 'Base de connaissances',
      choose: 'Choisir une base de connaissances',
      loading: 'Chargement des bases de connaissances…',
      loadFailed: 'Les bases de connaissances n’ont pas pu être chargées.',
      none: 'Cet espace de travail n’a pas encore de base de connaissances : créez-en une sur la page Connaissances.',
      notListed: 'La base de connaissances choisie n’est pas de cet espace de travail (elle a peut-être été supprimée).',
      keywordOnly: 'Pas de modèle d’embeddings : recherche par mots-clés uniquement.',
      chunks: '{{count}} extraits',
      agentBases: 'Bases de connaissances que cet agent peut interroger',
      agentHint: 'L’agent reçoit un outil search_knowledge et peut citer ce qu’il trouve.',
      agentMissing: 'Absente de cet espace de travail : {{id}} (décochez-la pour la retirer)',
      passages: 'Passages retrouvés',
      noPassages: 'Aucun passage ne correspond.',
      modes: { hybrid: 'Recherche hybride (vecteurs et mots-clés)', vector: 'Recherche vectorielle', keyword: 'Recherche par mots-clés (pas de modèle d’embeddings)' },
      score: 'Pertinence {{score}}',
      page: 'p.',
    },
  },
};
