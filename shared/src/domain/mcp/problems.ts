// The builder's problems of an agent's MCP tools that only the servers'
// listings can show (nodeProblems() sees the node alone): a server that is
// gone, or a tool the server no longer lists. Pure.
import type { WorkflowProblem } from '../workflow/model.js';
import type { McpServerView } from './model.js';

/**
 * Problems of `params.tools.mcp` against the workspace's servers (GET
 * /api/mcp-servers): 'mcp-server-missing' (params.server: the id) and
 * 'mcp-tool-missing' (params.tool, params.server: its name) when the server's
 * last listing lacks the tool. A server never listed (tools null) is not judged.
 */
export function mcpToolProblems(
  node: { id: string; params: unknown },
  servers: readonly Pick<McpServerView, 'id' | 'name' | 'tools'>[],
): WorkflowProblem[] {
  const params = node.params as { tools?: { mcp?: unknown } } | null;
  const tools = params && typeof params === 'object' && params.tools && typeof params.tools === 'object' ? params.tools.mcp : undefined;
  if (!Array.isArray(tools)) return [];
  const byId = new Map(servers.map((server) => [server.id, server]));
  const problems: WorkflowProblem[] = [];
  tools.forEach((entry: unknown, i) => {
    if (!entry || typeof entry !== 'object') return;
    const { serverId, tool } = entry as { serverId?: unknown; tool?: unknown };
    if (typeof serverId !== 'string' || typeof tool !== 'string') return;
    const server = byId.get(serverId);
    const where = { code: 'invalid-params', nodeId: node.id } as const;
    if (!server) {
      problems.push({ ...where, path: `tools.mcp.${i}.serverId`, message: `Uses the MCP server "${serverId}", which is not a server of this workspace`, reason: 'mcp-server-missing', params: { server: serverId } });
    } else if (server.tools !== null && !server.tools.some((t) => t.name === tool)) {
      problems.push({ ...where, path: `tools.mcp.${i}.tool`, message: `The MCP server "${server.name}" no longer has the tool "${tool}"`, reason: 'mcp-tool-missing', params: { tool, server: server.name } });
    }
  });
  return problems;
}
