// platform-api's MCP server routes (MCP_SERVERS_API) on the shared API client:
// a workspace's servers, adding, changing and deleting one, and listing its
// tools (platform-api connects, lists and stores them). Pages and the agent
// step's picker read the client from context, so tests pass a fake.
import { createApiClient, type ApiClientOptions } from '@agentflow/shared';
import { sharedClientHook } from '../api/sharedClient';
import { MCP_SERVERS_API, type CreateMcpServerBody, type McpServerView, type UpdateMcpServerBody } from '@agentflow/shared/mcp';

export interface McpServersClient {
  /** The servers of a workspace ('personal' or an organization id). */
  list(workspace: string): Promise<McpServerView[]>;
  create(body: CreateMcpServerBody): Promise<McpServerView>;
  update(serverId: string, change: UpdateMcpServerBody): Promise<McpServerView>;
  remove(serverId: string): Promise<void>;
  /** Connects to the server, lists its tools and stores them: the server as it is now. */
  listTools(serverId: string): Promise<McpServerView>;
}

export function createMcpServersClient(options: ApiClientOptions): McpServersClient {
  const call = createApiClient(options);
  return {
    list: async (workspace) => (await call<{ servers?: McpServerView[] }>('GET', MCP_SERVERS_API.servers, { query: { workspaceId: workspace } }))?.servers ?? [],
    create: async (body) => (await call<{ server: McpServerView }>('POST', MCP_SERVERS_API.servers, { body })).server,
    update: async (serverId, change) => (await call<{ server: McpServerView }>('PATCH', MCP_SERVERS_API.server(serverId), { body: change })).server,
    remove: async (serverId) => {
      await call('DELETE', MCP_SERVERS_API.server(serverId));
    },
    listTools: async (serverId) => (await call<{ server: McpServerView }>('POST', MCP_SERVERS_API.tools(serverId), { body: {} })).server,
  };
}

/** One client per API and signed-in user for the whole page (its list cache is shared: see api/sharedClient.ts). */
const McpServersClientHook = sharedClientHook('McpServersClient', createMcpServersClient);
export const McpServersClientContext = McpServersClientHook.Context;
/** The provided client (tests), else platform-api at the configured URL with the signed-in user's ID token. */
export const useMcpServersClient = McpServersClientHook.useClient;
