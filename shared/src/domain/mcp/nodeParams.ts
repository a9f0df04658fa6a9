// An agent node's MCP tools (params.tools.mcp): which tool of which of the
// workspace's MCP servers the model is offered. Pure.
import { z } from 'zod';
import { documentIdSchema } from '../validation/ids.js';

export const mcpAgentToolSchema = z.strictObject({
  serverId: documentIdSchema,
  /** The tool's name as the server lists it. */
  tool: z.string({ error: 'must be a string' }).min(1, 'is required').max(128, 'must be at most 128 characters'),
});
export type McpAgentTool = z.output<typeof mcpAgentToolSchema>;
