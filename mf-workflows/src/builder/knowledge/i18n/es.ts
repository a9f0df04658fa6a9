import type { KnowledgeNodeCatalog } from './en';

export const es: KnowledgeNodeCatalog = {
  workflows: {
    knowledgeNode: {
      base: 'Base de conocimiento',
      choose: 'Elige una base de conocimiento',
      loading: 'Cargando las bases de conocimiento…',
      loadFailed: 'No se pudieron cargar las bases de conocimiento.',
      none: 'Este espacio de trabajo aún no tiene bases de conocimiento: crea una en la página Conocimiento.',
      notListed: 'La base de conocimiento elegida no es de este espacio de trabajo (quizá se eliminó).',
      keywordOnly: 'Sin modelo de embeddings: se busca solo por palabras clave.',
      chunks: '{{count}} pasajes',
      agentBases: 'Bases de conocimiento que este agente puede consultar',
      agentHint: 'El agente recibe una herramienta search_knowledge y puede citar lo que encuentra.',
      agentMissing: 'No está en este espacio de trabajo: {{id}} (desmárcala para quitarla)',
      passages: 'Pasajes recuperados',
      noPassages: 'Ningún pasaje coincidió.',
      modes: { hybrid: 'Búsqueda híbrida (vectores y palabras clave)', vector: 'Búsqueda vectorial', keyword: 'Búsqueda por palabras clave (sin modelo de embeddings)' },
      score: 'Relevancia {{score}}',
      page: 'pág.',
    },
  },
};
