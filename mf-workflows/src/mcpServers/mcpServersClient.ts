// platform-api's MCP server routes (MCP_SERVERS_API) on the shared API client:
// a workspace's servers, adding, changing and deleting one, and listing its
// tools (platform-api connects, lists and stores them). Pages and the agent
// step's picker read the client from context, so tests pass a fake.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
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

export const McpServersClientContext = createContext<McpServersClient | null>(null);
McpServersClientContext.displayName = 'McpServersClient';

/**
 * One client per API and signed-in user for the whole page, as the credentials client: the builder's
 * server list is shared per client (mcpServerList.ts), so the picker and the workflow's check must share it.
 */
const shared = new Map<string, { getIdToken: ApiClientOptions['getIdToken']; client: McpServersClient }>();

/** The provided client (tests), else platform-api at the configured URL with the signed-in user's ID token. */
export function useMcpServersClient(): McpServersClient {
  const provided = useContext(McpServersClientContext);
  const { config } = usePlatform();
  const { getIdToken, user } = useAuth();
  const baseUrl = config.apis.platform;
  const uid = user?.uid ?? '';
  return useMemo(() => {
    if (provided) return provided;
    const key = `${baseUrl}\n${uid}`;
    const known = shared.get(key);
    if (known && known.getIdToken === getIdToken) return known.client;
    const client = createMcpServersClient({ baseUrl, getIdToken });
    shared.set(key, { getIdToken, client });
    return client;
  }, [provided, baseUrl, getIdToken, uid]);
}
