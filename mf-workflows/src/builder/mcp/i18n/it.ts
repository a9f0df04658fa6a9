import type { McpCatalog } from './en';

export const it: McpCatalog = {
  workflows: {
    mcp: {
      enabled: 'Offri ai client MCP come strumento',
      hint: 'Gli assistenti e gli agenti di IA collegati all’endpoint MCP di questo spazio di lavoro con una chiave API possono eseguirlo. I campi del suo trigger manuale sono l’input dello strumento.',
      needsManualTrigger: 'Solo un workflow con un trigger manuale può essere offerto ai client MCP: i suoi campi sono l’input dello strumento.',
      toolName: 'Nome dello strumento',
      toolNameHint: 'Lettere, cifre, _ e -, fino a 64. Vuoto: {{name}}',
      toolNameInvalid: 'Usa solo lettere, cifre, _ e - (fino a 64).',
      description: 'Descrizione dello strumento',
      descriptionHint: 'Cosa fa lo strumento, per l’IA che decide di chiamarlo. Vuoto: la descrizione del workflow.',
      badge: 'MCP',
      badgeTitle: 'Offerto ai client MCP come strumento',
    },
  },
};
