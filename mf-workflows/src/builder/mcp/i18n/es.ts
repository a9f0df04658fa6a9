import type { McpCatalog } from './en';

export const es: McpCatalog = {
  workflows: {
    mcp: {
      enabled: 'Ofrecer a clientes MCP como herramienta',
      hint: 'Los asistentes y agentes de IA conectados al endpoint MCP de este espacio de trabajo con una clave de API pueden ejecutarlo. Los campos de su disparador manual son la entrada de la herramienta.',
      needsManualTrigger: 'Solo un flujo con disparador manual puede ofrecerse a clientes MCP: sus campos son la entrada de la herramienta.',
      toolName: 'Nombre de la herramienta',
      toolNameHint: 'Letras, dígitos, _ y -, hasta 64. Vacío: {{name}}',
      toolNameInvalid: 'Use solo letras, dígitos, _ y - (hasta 64).',
      description: 'Descripción de la herramienta',
      descriptionHint: 'Qué hace la herramienta, para la IA que decide llamarla. Vacío: la descripción del flujo.',
      badge: 'MCP',
      badgeTitle: 'Ofrecido a clientes MCP como herramienta',
    },
  },
};
