// Test code only: an in-memory MCP servers client holding servers as
// platform-api answers them (views, `{code}` refusals as ApiError), with the
// tools each server would list and scripted refusals. Plain functions, no jest
// globals, so the screenshot harness uses it too; `calls` records each call.
import { ApiError } from '@agentflow/shared';
import type { CreateMcpServerBody, McpServerView, McpToolView, UpdateMcpServerBody } from '@agentflow/shared/mcp';
import type { McpServersClient } from '../mcpServersClient';

export const FAKE_AT = '2026-11-20T10:00:00.000Z';

export function fakeMcpServer(overrides: Partial<McpServerView> & Pick<McpServerView, 'id'>): McpServerView {
  return {
    workspaceId: 'personal',
    name: `Server ${overrides.id}`,
    url: `https://${overrides.id}.example.com/mcp`,
    transport: 'streamable-http',
    credentialId: null,
    createdAt: FAKE_AT,
    createdBy: 'user-1',
    tools: null,
    toolsListedAt: null,
    lastError: null,
    ...overrides,
  };
}

export const fakeTool = (name: string, description = `What ${name} does.`): McpToolView => ({ name, description, inputSchema: { type: 'object', properties: {} } });

export interface FakeMcpServersClient extends McpServersClient {
  servers: McpServerView[];
  calls: Array<{ method: keyof McpServersClient; args: unknown[] }>;
  /** What "List tools" finds on a server, by id (absent: no tools). */
  offered: Map<string, McpToolView[]>;
  /** Refusals by method, used once each. */
  refuse: Partial<Record<keyof McpServersClient, ApiError>>;
  /** Servers whose listing fails, by id: as platform-api, the answer is the server with the failure stored (lastError), not a refusal. */
  listingFails: Map<string, string>;
}

export function createFakeMcpServersClient(servers: McpServerView[] = [], offered: Record<string, McpToolView[]> = {}): FakeMcpServersClient {
  let next = 1;
  const fake: FakeMcpServersClient = {
    servers: [...servers],
    calls: [],
    offered: new Map(Object.entries(offered)),
    refuse: {},
    listingFails: new Map(),
    list: async (workspace) => {
      record('list', [workspace]);
      return fake.servers.filter((server) => server.workspaceId === workspace);
    },
    create: async (body: CreateMcpServerBody) => {
      record('create', [body]);
      const server = fakeMcpServer({ id: `mcp-${next++}`, workspaceId: body.workspaceId, name: body.name, url: body.url, transport: body.transport, credentialId: body.credentialId ?? null, createdAt: new Date().toISOString() });
      fake.servers.push(server);
      return server;
    },
    update: async (serverId: string, change: UpdateMcpServerBody) => {
      record('update', [serverId, change]);
      return put(serverId, (server) => ({ ...server, ...change, credentialId: change.credentialId === undefined ? server.credentialId : change.credentialId }));
    },
    remove: async (serverId) => {
      record('remove', [serverId]);
      fake.servers = fake.servers.filter((server) => server.id !== serverId);
    },
    listTools: async (serverId) => {
      record('listTools', [serverId]);
      const failed = fake.listingFails.get(serverId);
      if (failed) return put(serverId, (server) => ({ ...server, lastError: { code: failed, message: `${failed} (the service's English)` } }));
      return put(serverId, (server) => ({ ...server, tools: fake.offered.get(serverId) ?? [], toolsListedAt: new Date().toISOString(), lastError: null }));
    },
  };
  function record(method: keyof McpServersClient, args: unknown[]) {
    fake.calls.push({ method, args });
    const refusal = fake.refuse[method];
    if (refusal) {
      delete fake.refuse[method];
      throw refusal;
    }
  }
  function put(serverId: string, change: (server: McpServerView) => McpServerView): McpServerView {
    const index = fake.servers.findIndex((server) => server.id === serverId);
    if (index < 0) throw new ApiError('MCP server not found', 404, 'mcp_server_not_found', null, {});
    fake.servers[index] = change(fake.servers[index]!);
    return fake.servers[index]!;
  }
  return fake;
}
