// A workspace's MCP endpoint (issue 24 must-show): an MCP client of the
// official SDK connects to a real platform-api on loopback with an API key,
// lists the workflows marked available as tools with their input schemas,
// calls one and gets the run's output; the run is stored with trigger 'mcp',
// listed in executions and charged once, to the workspace's owner. A
// workflow not marked available is not listed and cannot be called; keys
// without the scope, of another workspace or revoked are refused.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { API_KEYS_API, MCP_API, PUBLIC_API, type ApiKeyScope } from '@agentflow/shared/api-keys';
import { RBAC_COLLECTIONS } from '@agentflow/shared/rbac';
import { MEMBERSHIP_COLLECTIONS } from '@agentflow/shared/server';
import { eventually } from '@agentflow/shared/testing/eventually';
import { EXECUTIONS_API, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { decodeRun, runsCollection } from '../runs/store';
import { assignWorkspaceRole, createOrganization, seedWorkspaceRoles } from '../runs/testing/workspaces';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let alice: RunsUser;
let olga: RunsUser;
let rob: RunsUser;
let org: string;
let quote: Workflow;
let unmarked: Workflow;
let noManual: Workflow;
let trashed: Workflow;
let failing: Workflow;
let orgFlow: Workflow;
let review: Workflow;
const clients: Client[] = [];

const fields = [
  { key: 'company', type: 'string', required: true },
  { key: 'seats', type: 'number', required: true },
];
const shape = (mapping: string): WorkflowNode => node('done', 'output', { mapping });
const offered = { mcp: { enabled: true } };

beforeAll(async () => {
  h = await startRunsHarness('mcp-server');
  [alice, olga, rob] = await Promise.all([h.createUser('alice', { tokens: 50 }), h.createUser('olga', { tokens: 50 }), h.createUser('rob')]);
  await seedWorkspaceRoles(h.db);
  org = `org-${Math.random().toString(36).slice(2, 10)}`;
  await createOrganization(h.db, org, olga.uid);
  await assignWorkspaceRole(h.db, rob.uid, 'workspace_runner', org);
  const save = (owner: string, name: string, nodes: WorkflowNode[], extra: Partial<Workflow> = {}) => h.saveWorkflow(owner, nodes, nodes.slice(1).map((next) => edge(nodes[0]!.id, next.id)), { name, ...extra });
  quote = await save(alice.uid, 'Quote a deal', [manual(fields), shape('{"company": trigger.company, "total": trigger.seats * 12}')], { description: 'Prices a deal', mcp: { enabled: true, toolName: 'quote_deal', description: 'Prices a deal per seat' } });
  unmarked = await save(alice.uid, 'Not offered', [manual(), shape('{"a": 1}')]);
  // Stored as the rules allow (they do not read the nodes); the domain refuses it and it is never a tool.
  noManual = await save(alice.uid, 'Webhook only', [node('hook', 'trigger.webhook', {}), shape('{"a": 1}')], offered);
  trashed = await save(alice.uid, 'In the trash', [manual(), shape('{"a": 1}')], { ...offered, deletedAt: new Date().toISOString() });
  failing = await save(alice.uid, 'Always fails', [manual(), shape('{"a": $error("the lead is missing")}')], offered);
  review = await save(alice.uid, 'Needs review', [manual(), node('review', 'approval', { approvers: [alice.uid], message: 'OK?' })], offered);
  orgFlow = await save(olga.uid, 'Team greeting', [manual([{ key: 'name', type: 'string', required: true }]), shape('{"greeting": "Hello " & trigger.name}')], { ...offered, organizationId: org, visibility: 'organization' });
  await save(olga.uid, 'Olga private', [manual(), shape('{"a": 1}')], offered);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await h?.close();
});

async function keyFor(user: RunsUser, scopes: ApiKeyScope[], workspaceId = 'personal'): Promise<{ id: string; secret: string }> {
  const created = await h.call('POST', API_KEYS_API.keys, { user, body: { name: 'MCP', workspaceId, scopes } });
  expect(created.status).toBe(201);
  return { id: created.body.key.id as string, secret: created.body.secret as string };
}

async function connect(secret: string, workspaceId = 'personal', baseUrl = h.baseUrl()): Promise<Client> {
  const client = new Client({ name: 'agentflow-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}${MCP_API.endpoint(workspaceId)}`), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }));
  clients.push(client);
  return client;
}

/** A raw JSON-RPC POST (for the HTTP answers a client only sees as a thrown error). */
const post = (workspaceId: string, authorization: string | null) =>
  fetch(`${h.baseUrl()}${MCP_API.endpoint(workspaceId)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(authorization ? { Authorization: authorization } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

const runsOf = async (workflow: Workflow) => (await runsCollection(h.db).where('workflowId', '==', workflow.id).get()).docs.map((doc) => decodeRun(doc));

test('a client lists the workspace’s workflows marked available as tools, with their input schemas; nothing else', async () => {
  const client = await connect((await keyFor(alice, ['workflows:read'])).secret);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(['always_fails', 'needs_review', 'quote_deal']);
  expect(tools.find((tool) => tool.name === 'quote_deal')).toEqual({
    name: 'quote_deal',
    title: 'Quote a deal',
    description: 'Prices a deal per seat',
    inputSchema: {
      type: 'object',
      properties: { company: { type: 'string', maxLength: expect.any(Number), description: 'company' }, seats: { type: 'number', description: 'seats' } },
      required: ['company', 'seats'],
      additionalProperties: false,
    },
  });
  for (const hidden of [unmarked, noManual, trashed, orgFlow]) expect(tools.map((tool) => tool.title)).not.toContain(hidden.name);
});

test('a call runs the workflow as the key’s creator with trigger mcp and answers its output; the run is listed and charged once', async () => {
  const key = await keyFor(alice, ['runs:write']);
  const client = await connect(key.secret);
  const result = await client.callTool({ name: 'quote_deal', arguments: { company: 'Acme', seats: 3 } });
  expect(result.isError).toBeFalsy();
  // The run's output: its output steps' values by node id, as a webhook's answer.
  expect(result.structuredContent).toEqual({ done: { company: 'Acme', total: 36 } });
  expect(JSON.parse((result.content as { type: string; text: string }[])[0]!.text)).toEqual({ done: { company: 'Acme', total: 36 } });
  const runId = (result._meta as Record<string, string>)['agentflow/runId']!;
  const [run] = await runsOf(quote);
  expect(run).toMatchObject({ status: 'succeeded', trigger: { type: 'mcp', userId: alice.uid, nodeId: 'trigger' }, input: { company: 'Acme', seats: 3 }, startedBy: alice.uid });
  const listed = await h.call('GET', `${EXECUTIONS_API.list}?workspace=personal&trigger=mcp&workflowId=${quote.id}`, { user: alice });
  expect(listed.body.runs.map((row: { id: string }) => row.id)).toEqual([runId]);
  const usage = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('runId', '==', runId).get();
  expect(usage.docs.map((doc) => [doc.data().userId, doc.data().feature])).toEqual([[alice.uid, 'workflow_run']]);
  // Every POST of the session is a use of the key, audited by its id and the route's pattern, never its secret.
  const uses = await eventually(
    async () => (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('action', '==', 'USE_API_KEY').where('targetId', '==', key.id).get()).docs.map((doc) => doc.data()),
    (entries) => entries.length >= 3,
  );
  for (const use of uses) expect(use).toMatchObject({ userId: alice.uid, status: 'success', details: { method: 'POST', route: MCP_API.path } });
  expect(JSON.stringify(uses)).not.toContain(key.secret.slice(-20));
});

test('an organization key’s call is paid by the workspace’s owner and listed in its executions', async () => {
  const client = await connect((await keyFor(rob, ['runs:write'], org)).secret, org);
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['team_greeting']);
  const result = await client.callTool({ name: 'team_greeting', arguments: { name: 'Rob' } });
  expect(result.structuredContent).toEqual({ done: { greeting: 'Hello Rob' } });
  const runId = (result._meta as Record<string, string>)['agentflow/runId']!;
  const usage = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('runId', '==', runId).get();
  expect(usage.docs.map((doc) => doc.data().userId)).toEqual([olga.uid]);
  expect((await runsOf(orgFlow))[0]).toMatchObject({ trigger: { type: 'mcp', userId: rob.uid }, ownerId: olga.uid });
  const listed = await h.call('GET', `${EXECUTIONS_API.list}?workspace=${org}&trigger=mcp`, { user: olga });
  expect(listed.body.runs.map((row: { id: string }) => row.id)).toEqual([runId]);
});

test('a workflow not marked available (or not a tool) is refused by name, and no run is made', async () => {
  const client = await connect((await keyFor(alice, ['runs:write'])).secret);
  for (const name of ['not_offered', 'webhook_only', 'in_the_trash', 'olga_private', unmarked.id]) {
    await expect(client.callTool({ name, arguments: {} })).rejects.toThrow(`Unknown tool: ${name}`);
  }
  for (const workflow of [unmarked, noManual, trashed]) expect(await runsOf(workflow)).toEqual([]);
});

test('bad arguments are a tool error naming the field, and no run', async () => {
  const client = await connect((await keyFor(alice, ['runs:write'])).secret);
  const before = (await runsOf(quote)).length;
  for (const [args, field] of [
    [{ company: 'Acme' }, 'seats'],
    [{ company: 'Acme', seats: 'many' }, 'seats'],
    [{ company: 'Acme', seats: 2, discount: 5 }, 'discount'],
  ] as const) {
    const result = await client.callTool({ name: 'quote_deal', arguments: args });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'invalid_request', error: expect.stringContaining(field) });
  }
  expect((await runsOf(quote)).length).toBe(before);
});

test('a failed run is a tool error with its message and code; a run still going at the limit answers its id and status', async () => {
  const client = await connect((await keyFor(alice, ['runs:write'])).secret);
  const failed = await client.callTool({ name: 'always_fails', arguments: {} });
  expect(failed.isError).toBe(true);
  expect(failed.structuredContent).toMatchObject({ status: 'failed', error: expect.stringContaining('the lead is missing'), runId: expect.any(String) });
  expect((await runsOf(failing)).map((run) => [run?.id, run?.status])).toEqual([[(failed.structuredContent as { runId: string }).runId, 'failed']]);
  const quick = await h.startApp({ mcpCallTimeoutMs: 300 });
  try {
    const waiting = await (await connect((await keyFor(alice, ['runs:write'])).secret, 'personal', quick.baseUrl)).callTool({ name: 'needs_review', arguments: {} });
    expect(waiting.isError).toBeFalsy();
    const runId = (waiting.structuredContent as { runId: string }).runId;
    expect(waiting.structuredContent).toEqual({ runId, status: expect.stringMatching(/^(queued|running|waiting)$/), message: expect.stringContaining(PUBLIC_API.run(runId)), url: PUBLIC_API.run(runId) });
    await h.waitForRun(runId, ['waiting']);
    expect((await runsOf(review)).map((run) => run?.id)).toEqual([runId]);
  } finally {
    await quick.close();
  }
});

test('a key without runs:write lists but cannot call; a key with neither scope is refused', async () => {
  const reader = await connect((await keyFor(alice, ['workflows:read'])).secret);
  const before = (await runsOf(quote)).length;
  const refused = await reader.callTool({ name: 'quote_deal', arguments: { company: 'Acme', seats: 1 } });
  expect(refused.isError).toBe(true);
  expect(refused.structuredContent).toMatchObject({ code: 'api_key_scope_missing' });
  expect((await runsOf(quote)).length).toBe(before);
  const answer = await post('personal', `Bearer ${(await keyFor(alice, ['runs:read'])).secret}`);
  expect(answer.status).toBe(403);
  expect(((await answer.json()) as { code: string }).code).toBe('api_key_scope_missing');
});

test('a key of another workspace, a revoked key, an ID token or no key are refused; 401s carry WWW-Authenticate: Bearer', async () => {
  const personal = await keyFor(alice, ['runs:write']);
  const other = await post(org, `Bearer ${personal.secret}`);
  expect(other.status).toBe(403);
  expect(((await other.json()) as { code: string }).code).toBe('api_key_wrong_workspace');
  const robs = await keyFor(rob, ['runs:write'], org);
  expect((await post('personal', `Bearer ${robs.secret}`)).status).toBe(403);
  await expect(connect(robs.secret, 'personal')).rejects.toThrow();

  expect((await h.call('DELETE', API_KEYS_API.key(personal.id), { user: alice })).status).toBeLessThan(300);
  const revoked = await post('personal', `Bearer ${personal.secret}`);
  expect(revoked.status).toBe(401);
  expect(((await revoked.json()) as { code: string }).code).toBe('api_key_revoked');
  expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer /);
  for (const authorization of [`Bearer ${alice.idToken}`, null]) {
    const answer = await post('personal', authorization);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
  }
});

test('GET and DELETE answer 405 (stateless: no stream, no session)', async () => {
  for (const method of ['GET', 'DELETE']) {
    const answer = await fetch(`${h.baseUrl()}${MCP_API.endpoint('personal')}`, { method, headers: { Accept: 'text/event-stream' } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  }
});
