import type { McpCatalog } from './en';

export const de: McpCatalog = {
  workflows: {
    mcp: {
      enabled: 'MCP-Clients als Werkzeug anbieten',
      hint: 'KI-Assistenten und Agenten, die mit einem API-Schlüssel mit dem MCP-Endpunkt dieses Arbeitsbereichs verbunden sind, können ihn ausführen. Die Felder des manuellen Auslösers sind die Eingabe des Werkzeugs.',
      needsManualTrigger: 'Nur ein Workflow mit manuellem Auslöser kann MCP-Clients angeboten werden: Seine Felder sind die Eingabe des Werkzeugs.',
      toolName: 'Werkzeugname',
      toolNameHint: 'Buchstaben, Ziffern, _ und -, bis zu 64. Leer: {{name}}',
      toolNameInvalid: 'Nur Buchstaben, Ziffern, _ und - verwenden (bis zu 64).',
      description: 'Werkzeugbeschreibung',
      descriptionHint: 'Was das Werkzeug tut, für die KI, die entscheidet, es aufzurufen. Leer: die Beschreibung des Workflows.',
      badge: 'MCP',
      badgeTitle: 'MCP-Clients als Werkzeug angeboten',
    },
  },
};
