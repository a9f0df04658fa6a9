// An agent run calls a tool of an MCP server started here with the official
// SDK (streamable HTTP, then SSE), with the Authorization header of a vault
// credential that server checks; each call is a child step with its input,
// output and fee, and the secret is nowhere in the run. An unreachable server
// and a private address fail the step with their codes.
import { MCP_ERROR_CODES, MCP_SERVERS_API } from '@agentflow/shared/mcp';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startTestMcpServer, type TestMcpServer } from './testing/mcpServer';

const TOKEN = 'mcp-secret-token-1234567890';
let h: RunsHarness;
let model: FakeOpenAI;
let mcp: TestMcpServer;
let alice: RunsUser;
let credentialId: string;

beforeAll(async () => {
  mcp = await startTestMcpServer(`Bearer ${TOKEN}`);
  model = await startFakeOpenAI();
  h = await startRunsHarness('mcp-agent', { env: { AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' }, limits: { retryBaseDelayMs: 10 } });
  alice = await h.createUser('alice', { tokens: 5000 });
  const created = await h.call('POST', '/api/credentials', { user: alice, body: { type: 'httpBearer', name: 'Orders MCP', secrets: { token: TOKEN } } });
  expect(created.status).toBe(201);
  credentialId = created.body.id;
});
afterAll(async () => {
  await h?.close();
  await Promise.all([model?.close(), mcp?.close()]);
});
beforeEach(() => model.reset());

async function registerServer(url: string, transport: 'streamable-http' | 'sse', name = 'Orders'): Promise<string> {
  const created = await h.call('POST', MCP_SERVERS_API.servers, { user: alice, body: { workspaceId: 'personal', name, url, transport, credentialId } });
  expect(created.status).toBe(201);
  return created.body.server.id;
}

async function runAgentWith(serverId: string, tool = 'lookup_order') {
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      manual([{ key: 'orderId', type: 'string' }]),
      node('support', 'agent', { name: 'Support', role: 'You are the order desk.', promptTemplate: 'Where is order {{ input.orderId }}?', tools: { http: [], delegates: [], mcp: [{ serverId, tool }] } }),
    ],
    [edge('trigger', 'support')],
  );
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { orderId: 'A-1' } } });
  expect(started.status).toBe(202);
  return h.waitForRun(started.body.runId, ['succeeded', 'failed']);
}

const scriptToolCall = (toolName: string, orderId: string, answer: string) =>
  model.script(
    { match: { system: 'order desk', afterToolResults: false }, reply: { toolCalls: [{ name: toolName, arguments: { orderId } }] } },
    { match: { system: 'order desk', afterToolResults: true }, reply: (request) => ({ text: `${answer} (${request.toolResults.at(-1)})` }) },
  );

for (const transport of ['streamable-http', 'sse'] as const) {
  it(`calls a tool of the MCP server over ${transport} with the credential's header: a child step with input, output and fee`, async () => {
    const path = transport === 'sse' ? '/sse' : '/mcp';
    const serverId = await registerServer(`${mcp.url}${path}`, transport);
    scriptToolCall('mcp_Orders_lookup_order', 'A-1', 'It shipped');
    const seen = mcp.authorizations.length;
    const calls = mcp.calls.length;
    const done = await runAgentWith(serverId);
    expect(done.error ?? null).toBeNull();
    expect(done.status).toBe('succeeded');
    // Offered with the server's description and input schema.
    const offered = model.requests[0]!.toolDefinitions;
    expect(offered.map((t) => t.name)).toEqual(['mcp_Orders_lookup_order']);
    expect(offered[0]!.description).toBe('Orders (MCP): Finds an order by its id and tells its status');
    expect(offered[0]!.parameters).toMatchObject({ type: 'object', properties: { orderId: { type: 'string', description: 'The order id, e.g. A-1' } }, required: ['orderId'] });
    // The server ran the tool, and every request it got carried the credential's header.
    expect(mcp.calls.slice(calls)).toEqual([{ orderId: 'A-1' }]);
    expect(mcp.authorizations.slice(seen).length).toBeGreaterThan(0);
    expect(new Set(mcp.authorizations.slice(seen))).toEqual(new Set([`Bearer ${TOKEN}`]));
    const children = done.steps.filter((s) => s.parentStepId === 'support');
    expect(children.map((c) => [c.id, c.type, c.status, c.tokens])).toEqual([['support/mcp_Orders_lookup_order#1', 'mcp', 'succeeded', 1]]);
    expect(children[0]!.name).toBe('Orders: lookup_order');
    expect(children[0]!.input).toEqual({ orderId: 'A-1' });
    expect(children[0]!.output).toEqual({ text: 'Order A-1 shipped', structured: { orderId: 'A-1', status: 'shipped' } });
    expect(done.steps.find((s) => s.id === 'support')!.output).toBe('It shipped (Order A-1 shipped)');
    expect(JSON.stringify(done)).not.toContain(TOKEN);
  });
}

it("gives the server's error back to the model as the tool's error, and records it on the child step", async () => {
  const serverId = await registerServer(`${mcp.url}/mcp`, 'streamable-http');
  scriptToolCall('mcp_Orders_lookup_order', 'missing', 'Not found');
  const done = await runAgentWith(serverId);
  expect(done.status).toBe('succeeded');
  const child = done.steps.find((s) => s.parentStepId === 'support')!;
  expect([child.status, child.error, child.tokens]).toEqual(['failed', 'No order missing', 1]);
  expect(model.requests.at(-1)!.toolResults.at(-1)).toContain('No order missing');
});

it('fails the step clearly for a tool the server no longer has, before the model is called', async () => {
  const serverId = await registerServer(`${mcp.url}/mcp`, 'streamable-http');
  const done = await runAgentWith(serverId, 'refund_order');
  expect(done.status).toBe('failed');
  const step = done.steps.find((s) => s.id === 'support')!;
  expect(step.error).toBe('The MCP server "Orders" no longer has the tool "refund_order"');
  expect(step.errorCode).toBe(MCP_ERROR_CODES.toolUnknown);
  expect(model.requests).toHaveLength(0);
});

it('fails the step with mcp_unreachable for a server that does not answer', async () => {
  const closed = await startTestMcpServer(null);
  const url = `${closed.url}/mcp`;
  await closed.close();
  const done = await runAgentWith(await registerServer(url, 'streamable-http', 'Gone'));
  expect(done.status).toBe('failed');
  const step = done.steps.find((s) => s.id === 'support')!;
  expect(step.errorCode).toBe(MCP_ERROR_CODES.unreachable);
  expect(step.error).toMatch(/^MCP server "Gone": The MCP server could not be reached/);
});

it('refuses a private address when private networks are not allowed (mcp_blocked_address), without connecting', async () => {
  const serverId = await registerServer(`${mcp.url}/mcp`, 'streamable-http');
  const seen = mcp.authorizations.length;
  await h.restart({ fetchPolicy: { allowPrivateNetworks: false, timeoutMs: 5000, maxResponseBytes: 1_000_000 } });
  const done = await runAgentWith(serverId);
  expect(done.status).toBe('failed');
  const step = done.steps.find((s) => s.id === 'support')!;
  expect(step.errorCode).toBe(MCP_ERROR_CODES.blockedAddress);
  expect(step.error).toMatch(/Refused to connect to 127\.0\.0\.1: loopback addresses are not allowed/);
  expect(mcp.authorizations.length).toBe(seen);
});
