// The MCP servers' routes (issue 24) on the real app and the emulators:
// create, list, refresh (the tools listed from an MCP server started here
// with the official SDK) and delete; who may do what in an organization; a
// server or credential of another workspace refused; the credential's secret
// in no answer and no audit entry; refusals naming the field and code.
import { MCP_ERROR_CODES, MCP_SERVERS_API, MCP_SERVERS_COLLECTION } from '@agentflow/shared/mcp';
import { RBAC_COLLECTIONS, WORKSPACE_ROLES, type WorkspaceRoleId } from '@agentflow/shared/rbac';
import { startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startTestMcpServer, type TestMcpServer } from './testing/mcpServer';

const TOKEN = 'org-mcp-token-abcdef123456';
let h: RunsHarness;
let mcp: TestMcpServer;
let admin: RunsUser;
let editor: RunsUser;
let viewer: RunsUser;
let stranger: RunsUser;
let org: string;
let orgCredential: string;
let adminPersonalCredential: string;

const assign = (uid: string, roleId: WorkspaceRoleId, organizationId: string) =>
  h.db.collection(RBAC_COLLECTIONS.userRoles).doc(`${uid}:${roleId}:${organizationId}`).set({ userId: uid, roleId, organizationId, assignedBy: 'system' });

beforeAll(async () => {
  mcp = await startTestMcpServer(`Bearer ${TOKEN}`);
  h = await startRunsHarness('mcp-routes');
  [admin, editor, viewer, stranger] = await Promise.all([h.createUser('admin'), h.createUser('editor'), h.createUser('viewer'), h.createUser('stranger')]);
  await Promise.all(WORKSPACE_ROLES.map((role) => h.db.collection(RBAC_COLLECTIONS.roles).doc(role.id).set({ ...role })));
  org = `org-${Math.random().toString(36).slice(2, 10)}`;
  await h.db.collection(RBAC_COLLECTIONS.organizations).doc(org).set({ name: org, description: '', ownerId: admin.uid, createdBy: admin.uid, createdAt: new Date().toISOString() });
  await Promise.all([assign(admin.uid, 'workspace_admin', org), assign(editor.uid, 'workspace_editor', org), assign(viewer.uid, 'workspace_viewer', org)]);
  const credential = await h.call('POST', '/api/credentials', { user: admin, body: { type: 'httpBearer', name: 'Orders', organizationId: org, secrets: { token: TOKEN } } });
  expect(credential.status).toBe(201);
  orgCredential = credential.body.id;
  const personal = await h.call('POST', '/api/credentials', { user: admin, body: { type: 'httpBearer', name: 'Mine', secrets: { token: 'personal-token-xyz-987654' } } });
  expect(personal.status).toBe(201);
  adminPersonalCredential = personal.body.id;
}, 60_000);
afterAll(async () => {
  await h?.close();
  await mcp?.close();
});

const create = (user: RunsUser, body: Record<string, unknown>) => h.call('POST', MCP_SERVERS_API.servers, { user, body });
const list = (user: RunsUser, workspaceId: string) => h.call('GET', `${MCP_SERVERS_API.servers}?workspaceId=${encodeURIComponent(workspaceId)}`, { user });

it('an admin registers a server with an org credential; an editor lists it and refreshes its tools; the secret is in no answer', async () => {
  const created = await create(admin, { workspaceId: org, name: 'Orders', url: `${mcp.url}/mcp`, credentialId: orgCredential });
  expect(created.status).toBe(201);
  const server = created.body.server;
  expect(server).toEqual({
    id: expect.any(String),
    workspaceId: org,
    name: 'Orders',
    url: `${mcp.url}/mcp`,
    transport: 'streamable-http',
    credentialId: orgCredential,
    createdAt: expect.any(String),
    createdBy: admin.uid,
    tools: null,
    toolsListedAt: null,
    lastError: null,
  });

  const listed = await list(editor, org);
  expect(listed.status).toBe(200);
  expect(listed.body.servers.map((s: { id: string }) => s.id)).toEqual([server.id]);

  const refreshed = await h.call('POST', MCP_SERVERS_API.tools(server.id), { user: editor });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body.server.lastError).toBeNull();
  expect(refreshed.body.server.toolsListedAt).toEqual(expect.any(String));
  expect(refreshed.body.server.tools.map((t: { name: string }) => t.name)).toEqual(['lookup_order', 'cancel_order']);
  expect(refreshed.body.server.tools[0]).toMatchObject({ description: 'Finds an order by its id and tells its status', inputSchema: { type: 'object', properties: { orderId: { type: 'string' } } } });
  expect(mcp.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);
  // Stored, so the next list has the tools.
  expect((await list(editor, org)).body.servers[0].tools).toHaveLength(2);

  for (const answer of [created, listed, refreshed]) expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
  const audit = (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('targetType', '==', 'mcpServer').where('targetId', '==', server.id).get()).docs.map((d) => d.data());
  expect(audit.map((e) => e.action)).toEqual(['CREATE_MCP_SERVER']);
  expect(audit[0]).toMatchObject({ userId: admin.uid, organizationId: org, details: { name: 'Orders', credentialId: orgCredential } });
  expect(JSON.stringify(audit)).not.toContain(TOKEN);

  // Renamed, then deleted (both audited); gone afterwards.
  const renamed = await h.call('PATCH', MCP_SERVERS_API.server(server.id), { user: admin, body: { name: 'Order desk' } });
  expect([renamed.status, renamed.body.server.name]).toEqual([200, 'Order desk']);
  expect((await h.call('DELETE', MCP_SERVERS_API.server(server.id), { user: admin })).status).toBe(204);
  expect((await h.call('POST', MCP_SERVERS_API.tools(server.id), { user: editor })).status).toBe(404);
  expect((await h.db.collection(MCP_SERVERS_COLLECTION).doc(server.id).get()).exists).toBe(false);
  const actions = (await h.db.collection(RBAC_COLLECTIONS.auditLog).where('targetId', '==', server.id).get()).docs.map((d) => d.data().action).sort();
  expect(actions).toEqual(['CREATE_MCP_SERVER', 'DELETE_MCP_SERVER', 'UPDATE_MCP_SERVER']);
});

it('managing needs manage_credentials, listing needs edit_workflows; a stranger does not see the server', async () => {
  const byEditor = await create(editor, { workspaceId: org, name: 'X', url: `${mcp.url}/mcp` });
  expect([byEditor.status, byEditor.body.code]).toEqual([403, MCP_ERROR_CODES.forbidden]);
  expect((await list(viewer, org)).body.code).toBe(MCP_ERROR_CODES.forbidden);
  const server = (await create(admin, { workspaceId: org, name: 'Orders', url: `${mcp.url}/mcp`, credentialId: orgCredential })).body.server;
  const patchByEditor = await h.call('PATCH', MCP_SERVERS_API.server(server.id), { user: editor, body: { name: 'Mine now' } });
  expect([patchByEditor.status, patchByEditor.body.code]).toEqual([403, MCP_ERROR_CODES.forbidden]);
  expect((await h.call('DELETE', MCP_SERVERS_API.server(server.id), { user: editor })).status).toBe(403);
  for (const [method, path] of [['PATCH', MCP_SERVERS_API.server(server.id)], ['DELETE', MCP_SERVERS_API.server(server.id)], ['POST', MCP_SERVERS_API.tools(server.id)]] as const) {
    const answer = await h.call(method, path, { user: stranger, ...(method === 'PATCH' ? { body: { name: 'Stolen' } } : {}) });
    expect([answer.status, answer.body.code]).toEqual([404, MCP_ERROR_CODES.notFound]);
  }
  expect((await list(stranger, org)).status).toBe(403);
  // The stranger's personal workspace does not hold it either.
  expect((await list(stranger, 'personal')).body.servers).toEqual([]);
});

it('refuses a credential of another workspace, a non-HTTP credential, and bad fields, naming the field', async () => {
  const other = await create(admin, { workspaceId: org, name: 'Orders', url: `${mcp.url}/mcp`, credentialId: adminPersonalCredential });
  expect([other.status, other.body.code, other.body.field]).toEqual([400, MCP_ERROR_CODES.credentialInvalid, 'credentialId']);
  const ai = await h.call('POST', '/api/credentials', { user: admin, body: { type: 'openai', name: 'AI', organizationId: org, secrets: { apiKey: 'sk-test-123456789' } } });
  expect(ai.status).toBe(201);
  const notHttp = await create(admin, { workspaceId: org, name: 'Orders', url: `${mcp.url}/mcp`, credentialId: ai.body.id });
  expect([notHttp.status, notHttp.body.field]).toEqual([400, 'credentialId']);
  expect(notHttp.body.error).toMatch(/must be an HTTP credential/);
  const badUrl = await create(admin, { workspaceId: org, name: 'Orders', url: 'ftp://example.com' });
  expect([badUrl.status, badUrl.body.code]).toEqual([400, 'invalid_request']);
  expect(badUrl.body.error).toMatch(/^url must be an http\(s\) URL/);
  const badTransport = await create(admin, { workspaceId: org, name: 'Orders', url: `${mcp.url}/mcp`, transport: 'stdio' });
  expect(badTransport.status).toBe(400);
  expect(badTransport.body.error).toMatch(/^transport must be one of streamable-http, sse/);
  expect((await create(admin, { workspaceId: 'no-such-org', name: 'A', url: `${mcp.url}/mcp` })).status).toBe(404);
});

it('a refresh that fails keeps the old listing and stores the reason: a wrong credential, an unreachable server', async () => {
  const personal = await create(admin, { workspaceId: 'personal', name: 'Wrong key', url: `${mcp.url}/mcp`, credentialId: adminPersonalCredential });
  expect(personal.status).toBe(201);
  const refused = await h.call('POST', MCP_SERVERS_API.tools(personal.body.server.id), { user: admin });
  expect(refused.status).toBe(200);
  expect(refused.body.server.tools).toBeNull();
  expect(refused.body.server.lastError.code).toBe(MCP_ERROR_CODES.authFailed);
  expect(JSON.stringify(refused.body)).not.toContain('personal-token-xyz-987654');

  const gone = await startTestMcpServer(null);
  const url = `${gone.url}/mcp`;
  await gone.close();
  const unreachable = (await create(admin, { workspaceId: 'personal', name: 'Gone', url })).body.server;
  const answer = await h.call('POST', MCP_SERVERS_API.tools(unreachable.id), { user: admin });
  expect(answer.body.server.lastError.code).toBe(MCP_ERROR_CODES.unreachable);
  // Only its creator sees a personal server.
  expect((await list(admin, 'personal')).body.servers.map((s: { name: string }) => s.name)).toEqual(['Wrong key', 'Gone']);
  expect((await h.call('POST', MCP_SERVERS_API.tools(unreachable.id), { user: editor })).status).toBe(404);
});

it('where private networks are not allowed: an http:// URL is refused, and a listing of a private address is blocked', async () => {
  await h.restart({ fetchPolicy: { allowPrivateNetworks: false, timeoutMs: 5000, maxResponseBytes: 1_000_000 } });
  const plain = await create(admin, { workspaceId: 'personal', name: 'Plain', url: 'http://mcp.example.com/mcp' });
  expect([plain.status, plain.body.code, plain.body.field]).toEqual([400, MCP_ERROR_CODES.insecureUrl, 'url']);
  const seen = mcp.authorizations.length;
  const internal = (await create(admin, { workspaceId: 'personal', name: 'Internal', url: 'https://127.0.0.1:9/mcp' })).body.server;
  const listed = await h.call('POST', MCP_SERVERS_API.tools(internal.id), { user: admin });
  expect(listed.body.server.lastError).toMatchObject({ code: MCP_ERROR_CODES.blockedAddress, message: expect.stringMatching(/loopback addresses are not allowed/) });
  expect(mcp.authorizations.length).toBe(seen);
});
