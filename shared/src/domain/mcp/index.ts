// MCP servers for agents (issue 24, item 4): the model, the HTTP contract, the agent's param and its problems.
export * from './model.js';
export * from './api.js';
export * from './nodeParams.js';
export * from './problems.js';
