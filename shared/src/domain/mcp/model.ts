// MCP servers for agents (issue 24, item 4): a workspace registers the MCP
// servers its agents may use; platform-api connects to them (through the
// private-address guard, with the auth header of a vault credential), lists
// their tools and calls them for agent steps. Pure: no Node, no Firebase.

/** mcpServers/{serverId}: written and read by platform-api only (rules deny browsers: a server names its credential). */
export const MCP_SERVERS_COLLECTION = 'mcpServers';

/** How platform-api speaks to the server: the current streamable HTTP transport, or the older HTTP+SSE one. */
export const MCP_TRANSPORTS = ['streamable-http', 'sse'] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];

export const MCP_LIMITS = {
  nameMax: 80,
  urlMax: 2048,
  /** Servers one workspace registers. */
  perWorkspace: 50,
  /** Tools kept from one listing (a server offering more is cut here, in its own order). */
  toolsPerServer: 200,
  /** A tool's description as stored and offered to the model. */
  toolDescriptionMax: 2000,
  /** A tool's input schema as JSON; a larger one is stored as a plain object schema. */
  toolInputSchemaBytes: 20_000,
  /** MCP tools one agent node offers its model. */
  maxAgentMcpTools: 20,
  /** Longest tool name the model may be given (OpenAI's limit; the strictest provider). */
  modelToolNameMax: 64,
} as const;

/** A tool of a server, as listed by it (its name is the server's; the model sees mcpModelToolNames()). */
export interface McpToolView {
  name: string;
  description: string;
  /** The tool's JSON Schema for its arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

/** What went wrong the last time platform-api listed the server's tools (MCP_ERROR_CODES). */
export interface McpServerError {
  code: string;
  message: string;
}

/** A server as the API answers it: never the credential's secret, only its id. */
export interface McpServerView {
  id: string;
  workspaceId: string;
  name: string;
  url: string;
  transport: McpTransport;
  /** An HTTP credential of the workspace (bearer, API key header or basic) sent to this server only; null: none. */
  credentialId: string | null;
  createdAt: string;
  createdBy: string;
  /** The tools of the last successful listing; null: never listed. */
  tools: McpToolView[] | null;
  toolsListedAt: string | null;
  /** The last listing's failure; null after a success. */
  lastError: McpServerError | null;
}

/** The server's tool name made safe for every provider: letters, digits, '_' and '-'. */
function sanitise(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
}

/**
 * The names the model sees for an agent's MCP tools, in order: `mcp_<server>_<tool>`
 * (the server's name, sanitised), at most 64 characters, unique among
 * themselves and against `taken` (the agent's other tools) by a numeric suffix.
 */
export function mcpModelToolNames(tools: readonly { serverName: string; tool: string }[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return tools.map(({ serverName, tool }) => {
    const base = `mcp_${sanitise(serverName).slice(0, 20) || 'server'}_${sanitise(tool) || 'tool'}`.slice(0, MCP_LIMITS.modelToolNameMax);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, MCP_LIMITS.modelToolNameMax - String(n).length - 1)}_${n}`;
    used.add(name);
    return name;
  });
}
