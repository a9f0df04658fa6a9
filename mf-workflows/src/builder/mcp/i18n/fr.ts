import type { McpCatalog } from './en';

export const fr: McpCatalog = {
  workflows: {
    mcp: {
      enabled: 'Proposer aux clients MCP comme outil',
      hint: 'Les assistants et agents d’IA connectés au point de terminaison MCP de cet espace de travail avec une clé d’API peuvent l’exécuter. Les champs de son déclencheur manuel sont l’entrée de l’outil.',
      needsManualTrigger: 'Seul un workflow avec un déclencheur manuel peut être proposé aux clients MCP : ses champs sont l’entrée de l’outil.',
      toolName: 'Nom de l’outil',
      toolNameHint: 'Lettres, chiffres, _ et -, jusqu’à 64. Vide : {{name}}',
      toolNameInvalid: 'Utilisez seulement des lettres, chiffres, _ et - (jusqu’à 64).',
      description: 'Description de l’outil',
      descriptionHint: 'Ce que fait l’outil, pour l’IA qui décide de l’appeler. Vide : la description du workflow.',
      badge: 'MCP',
      badgeTitle: 'Proposé aux clients MCP comme outil',
    },
  },
};
