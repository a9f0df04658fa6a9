import { agentParamsSchema } from '../workflow/params';
import { isProblemReason } from '../workflow/problemReasons';
import { createMcpServerSchema, updateMcpServerSchema } from './api';
import { MCP_LIMITS, mcpModelToolNames } from './model';
import { mcpToolProblems } from './problems';

const issueOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

describe('createMcpServerSchema', () => {
  it('takes a name, an http(s) URL, a transport (streamable HTTP by default) and an optional credential', () => {
    const parsed = createMcpServerSchema.parse({ workspaceId: 'personal', name: ' Docs ', url: 'https://mcp.example.com/mcp' });
    expect(parsed).toEqual({ workspaceId: 'personal', name: 'Docs', url: 'https://mcp.example.com/mcp', transport: 'streamable-http' });
    expect(createMcpServerSchema.parse({ workspaceId: 'o1', name: 'A', url: 'http://10.0.0.5:8080/sse', transport: 'sse', credentialId: 'cred1' }).transport).toBe('sse');
  });

  it('refuses other schemes, a user:password in the URL, an unknown transport, a bad credential id, unknown fields', () => {
    const base = { workspaceId: 'personal', name: 'A', url: 'https://x.example' };
    expect(issueOf(createMcpServerSchema.safeParse({ ...base, url: 'ftp://x.example' }))).toBe('url: must be an http(s) URL without a user name or password');
    expect(issueOf(createMcpServerSchema.safeParse({ ...base, url: 'https://u:p@x.example' }))).toBe('url: must be an http(s) URL without a user name or password');
    expect(issueOf(createMcpServerSchema.safeParse({ ...base, transport: 'stdio' }))).toBe('transport: must be one of streamable-http, sse');
    expect(issueOf(createMcpServerSchema.safeParse({ ...base, credentialId: 'a/b' }))).toMatch(/^credentialId: must be an id/);
    expect(issueOf(createMcpServerSchema.safeParse({ ...base, name: '' }))).toBe('name: is required');
    expect(createMcpServerSchema.safeParse({ ...base, secret: 'x' }).success).toBe(false);
  });

  it('an update changes something', () => {
    expect(issueOf(updateMcpServerSchema.safeParse({}))).toBe(': must change at least one of name, url, transport, credentialId');
    expect(updateMcpServerSchema.parse({ credentialId: null })).toEqual({ credentialId: null });
  });
});

describe('mcpModelToolNames', () => {
  it('prefixes and sanitises the names for every provider, and keeps them unique and at most 64 characters', () => {
    const names = mcpModelToolNames(
      [
        { serverName: 'Docs server', tool: 'search.pages' },
        { serverName: 'Docs server', tool: 'search pages' },
        { serverName: 'ÜÖ', tool: 'x'.repeat(100) },
      ],
      ['search_knowledge'],
    );
    expect(names[0]).toBe('mcp_Docs_server_search_pages');
    expect(names[1]).toBe('mcp_Docs_server_search_pages_2');
    expect(names[2]).toHaveLength(MCP_LIMITS.modelToolNameMax);
    expect(names[2]).toMatch(/^mcp_server_x+$/);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(mcpModelToolNames([{ serverName: 'a', tool: 'b' }], ['mcp_a_b'])).toEqual(['mcp_a_b_2']);
  });
});

describe("an agent's tools.mcp", () => {
  const agent = (mcp: unknown) => ({ name: 'A', role: 'r', promptTemplate: 'p', tools: { http: [], delegates: [], mcp } });

  it('lists server tools, each once, at most MCP_LIMITS.maxAgentMcpTools', () => {
    expect(agentParamsSchema.parse(agent([{ serverId: 's1', tool: 'search' }])).tools.mcp).toEqual([{ serverId: 's1', tool: 'search' }]);
    expect(issueOf(agentParamsSchema.safeParse(agent([{ serverId: 's1', tool: 'a' }, { serverId: 's1', tool: 'a' }])))).toMatch(/^tools\.mcp\.1.*MCP tool/);
    const many = Array.from({ length: MCP_LIMITS.maxAgentMcpTools + 1 }, (_, i) => ({ serverId: 's1', tool: `t${i}` }));
    expect(issueOf(agentParamsSchema.safeParse(agent(many)))).toBe(`tools.mcp: must have at most ${MCP_LIMITS.maxAgentMcpTools} MCP tools`);
    expect(issueOf(agentParamsSchema.safeParse(agent([{ serverId: '', tool: 'a' }])))).toMatch(/^tools\.mcp\.0\.serverId: is required/);
  });

  it('mcpToolProblems names a server that is gone and a tool its server no longer lists, with reasons the builder translates', () => {
    const node = { id: 'agent_1', params: agent([{ serverId: 's1', tool: 'search' }, { serverId: 's1', tool: 'gone' }, { serverId: 's2', tool: 'x' }, { serverId: 's3', tool: 'y' }]) };
    const servers = [
      { id: 's1', name: 'Docs', tools: [{ name: 'search', description: '', inputSchema: { type: 'object' } }] },
      { id: 's3', name: 'Never listed', tools: null },
    ];
    const problems = mcpToolProblems(node, servers);
    expect(problems.map((p) => [p.path, p.reason, p.params])).toEqual([
      ['tools.mcp.1.tool', 'mcp-tool-missing', { tool: 'gone', server: 'Docs' }],
      ['tools.mcp.2.serverId', 'mcp-server-missing', { server: 's2' }],
    ]);
    for (const p of problems) expect(isProblemReason(p.reason)).toBe(true);
    expect(mcpToolProblems({ id: 'n', params: null }, servers)).toEqual([]);
  });
});
