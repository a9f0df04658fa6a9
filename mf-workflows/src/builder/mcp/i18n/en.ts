// A workflow offered to MCP clients as a tool (the builder's settings, the catalogue's badge): English source.
export const en = {
  workflows: {
    mcp: {
      enabled: 'Offer to MCP clients as a tool',
      hint: 'AI assistants and agents connected to this workspace’s MCP endpoint with an API key can run it. Its manual trigger’s fields are the tool’s input.',
      needsManualTrigger: 'Only a workflow with a manual trigger can be offered to MCP clients: its fields are the tool’s input.',
      toolName: 'Tool name',
      toolNameHint: 'Letters, digits, _ and -, up to 64. Left empty: {{name}}',
      toolNameInvalid: 'Use only letters, digits, _ and - (up to 64).',
      description: 'Tool description',
      descriptionHint: 'What the tool does, for the AI that decides to call it. Left empty: the workflow’s description.',
      badge: 'MCP',
      badgeTitle: 'Offered to MCP clients as a tool',
    },
  },
};

export type McpCatalog = typeof en;
