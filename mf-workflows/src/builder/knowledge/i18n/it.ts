import type { KnowledgeNodeCatalog } from './en';

export const it: KnowledgeNodeCatalog = {
  workflows: {
    knowledgeNode: {
      base: 'Base di conoscenza',
      choose: 'Scegli una base di conoscenza',
      loading: 'Caricamento delle basi di conoscenza…',
      loadFailed: 'Non è stato possibile caricare le basi di conoscenza.',
      none: 'Questo spazio di lavoro non ha ancora basi di conoscenza: creane una nella pagina Conoscenza.',
      notListed: 'La base di conoscenza scelta non è di questo spazio di lavoro (forse è stata eliminata).',
      keywordOnly: 'Nessun modello di embedding: ricerca solo per parole chiave.',
      chunks: '{{count}} passaggi',
      agentBases: 'Basi di conoscenza che questo agente può consultare',
      agentHint: 'L’agente riceve uno strumento search_knowledge e può citare ciò che trova.',
      agentMissing: 'Non in questo spazio di lavoro: {{id}} (deseleziona per rimuoverla)',
      passages: 'Passaggi recuperati',
      noPassages: 'Nessun passaggio corrisponde.',
      modes: { hybrid: 'Ricerca ibrida (vettori e parole chiave)', vector: 'Ricerca vettoriale', keyword: 'Ricerca per parole chiave (nessun modello di embedding)' },
      score: 'Pertinenza {{score}}',
      page: 'pag.',
    },
  },
};
