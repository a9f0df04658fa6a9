import type { KnowledgeNodeCatalog } from './en';

export const de: KnowledgeNodeCatalog = {
  workflows: {
    knowledgeNode: {
      base: 'Wissensdatenbank',
      choose: 'Wissensdatenbank wählen',
      loading: 'Wissensdatenbanken werden geladen…',
      loadFailed: 'Die Wissensdatenbanken konnten nicht geladen werden.',
      none: 'Dieser Arbeitsbereich hat noch keine Wissensdatenbank: Legen Sie eine auf der Seite „Wissen“ an.',
      notListed: 'Die gewählte Wissensdatenbank gehört nicht zu diesem Arbeitsbereich (sie wurde vielleicht gelöscht).',
      keywordOnly: 'Kein Embedding-Modell: Suche nur nach Stichwörtern.',
      chunks: '{{count}} Passagen',
      agentBases: 'Wissensdatenbanken, die dieser Agent durchsuchen darf',
      agentHint: 'Der Agent erhält ein Werkzeug search_knowledge und kann zitieren, was er findet.',
      agentMissing: 'Nicht in diesem Arbeitsbereich: {{id}} (zum Entfernen abwählen)',
      passages: 'Gefundene Passagen',
      noPassages: 'Keine Passage passte.',
      modes: { hybrid: 'Hybride Suche (Vektoren und Stichwörter)', vector: 'Vektorsuche', keyword: 'Stichwortsuche (kein Embedding-Modell)' },
      score: 'Relevanz {{score}}',
      page: 'S.',
    },
  },
};
