// A workspace's MCP endpoint: its workflows marked available, as tools (issue 24).
export { createMcpRouter, type McpRouterOptions } from './router.js';
export { MCP_CALL_TIMEOUT, mcpCallTimeoutFromEnv } from './tools.js';
