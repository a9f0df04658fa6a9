// Property-based fuzzing of every platform-api route (issue 14): the routes
// are read from the app's router, so a new route is fuzzed without being
// listed here, and the suite fails if one is never reached. Properties (see
// shared/testing/fuzz.ts): no 5xx, an answer within 10 s, and no Firestore
// change on a 4xx except the audit entry of a refused change (a 403).
import { API_KEYS_API, API_KEY_LIMITS, API_KEY_SCOPE_LIST } from '@agentflow/shared/api-keys';
import { PERMISSION_ACTIONS } from '@agentflow/shared/rbac';
import { listRoutes } from '@agentflow/shared/server';
import { describeFuzzReport, fuzzRoutes } from '@agentflow/shared/testing/fuzz';
import { bootstrapAdmin } from './access/bootstrap';
import { firestoreAuditWriter } from './access/audit';
import { initializeRbac } from './access/initialize';
import type { RunQueue } from './runs/queue';
import { edge, node, startRunsHarness, type RunsHarness } from './testing/runsHarness';

// Runs stay queued: an executing run would write after its 202 and blur which request changed what.
const idleQueue: RunQueue = { enqueue: async () => undefined, start: () => undefined, stop: async () => undefined };

let h: RunsHarness;

beforeAll(async () => {
  // A thousand requests a minute from two users is the point here, not abuse.
  process.env.USER_RATE_LIMIT = '1000000';
  h = await startRunsHarness('fuzz', { createQueue: () => idleQueue, hookRateLimit: 1_000_000 });
});

afterAll(() => h?.close());

test('every route: no 5xx, no hang, no Firestore change on a 4xx', async () => {
  await initializeRbac(h.db);
  const [admin, alice] = await Promise.all([h.createUser('fuzz-admin', { emailVerified: true, tokens: 1000 }), h.createUser('fuzz-alice', { tokens: 1000 })]);
  const writer = firestoreAuditWriter(h.db);
  await bootstrapAdmin(h.db, admin, (entry) => writer.write(entry));

  const manual = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.manual', { inputSchema: [{ key: 'name', label: 'Name', type: 'string', required: false }] }), node('out', 'output', { mapping: '{"a": 1}' })], [edge('trigger', 'out')]);
  const hooked = await h.saveWorkflow(alice.uid, [node('trigger', 'trigger.webhook', { path: 'in', method: 'POST' }), node('out', 'output', { mapping: '{"lead": input.email}' })], [edge('trigger', 'out')]);
  const secret = (await h.call('GET', `/api/workflows/${hooked.id}/webhook`, { user: alice })).body.secret as string;
  const runId = (await h.call('POST', `/api/workflows/${manual.id}/runs`, { user: alice, body: { input: { name: 'seed' } } })).body.runId as string;
  const asAdmin = (method: string, path: string, body?: unknown) => h.call(method, path, { user: admin, body });
  await asAdmin('POST', '/api/access/roles', { id: 'fuzz-role', name: 'Fuzz', permissions: ['read_users'] });
  await asAdmin('POST', '/api/access/permissions', { id: 'fuzz_perm', name: 'Fuzz', resource: 'leads', action: 'read' });
  const organizationId = (await asAdmin('POST', '/api/access/organizations', { name: 'Fuzz Org' })).body.id as string;
  await asAdmin('POST', '/api/access/assignments', { userId: alice.uid, roleId: 'viewer', organizationId });

  // The public API's routes (/v1) take an API key: one with every scope, without a rate limit that matters here.
  const key = await h.call('POST', API_KEYS_API.keys, { user: alice, body: { name: 'Fuzz', workspaceId: 'personal', scopes: [...API_KEY_SCOPE_LIST], rateLimitPerMinute: API_KEY_LIMITS.rateLimitPerMinuteMax } });
  if (key.status !== 201) throw new Error(`could not create the fuzz API key: ${JSON.stringify(key.body)}`);

  const routes = listRoutes(h.app.express);
  const report = await fuzzRoutes({
    service: 'platform-api',
    baseUrl: h.baseUrl(),
    routes,
    projectId: h.projectId,
    params: {
      runId: [runId],
      workflowId: [manual.id, hooked.id, 'tpl-general-research-brief'],
      secret: [secret],
      id: ['fuzz-role', 'viewer', 'admin', 'fuzz_perm', 'read_users', organizationId],
      uid: [alice.uid, admin.uid],
      // A loop step's item page (runs/loop/itemsRoute.ts): the seed run has no loop, so these reach its 404.
      stepId: ['review', 'loop'],
      index: ['0', '7'],
      // A webhook trigger's listen window (runs/webhookAnswer/listen.ts): the hooked workflow's trigger, and a node that is none.
      nodeId: ['trigger', 'out'],
      // Chat apps and knowledge sources (chat/, knowledge/): ids that exist nowhere, so cases reach the handlers' own 404s instead of the router's.
      appId: ['fuzz-chat-app'],
      conversationId: ['fuzz-conversation'],
      messageId: ['fuzz-message'],
      sourceId: ['fuzz-source'],
      // API keys (apiKeys/): one that exists nowhere, so cases reach the handlers' 404.
      keyId: ['fuzzApiKey0000000000'],
      // MCP servers (mcpClient/): one that exists nowhere, so cases reach the handlers' 404.
      serverId: ['fuzzMcpServer0'],
      // A workspace's MCP endpoint (mcp/): the key's own workspace, and another one (403 api_key_wrong_workspace).
      workspaceId: ['personal', organizationId],
    },
    // A run started by a case takes a token block, returned a second after: returned before the next case is measured.
    settle: () => h.app.runs.meter.stop(),
    // Rotating the webhook (a fuzzed route) changes the secret.
    refreshParams: async () => ({ secret: [(await h.db.collection('workflowSecrets').doc(hooked.id).get()).get('secret') as string] }),
    authorizations: { admin: `Bearer ${admin.idToken}`, alice: `Bearer ${alice.idToken}`, key: `Bearer ${key.body.secret as string}` },
    fields: ['decision', 'id', 'name', 'description', 'system', 'permissions', 'googleEquivalent', 'resource', 'action', 'userId', 'roleId', 'organizationId', 'input', 'rerunOf', 'stepId', 'comment', 'email', 'emailPrefix'],
    values: [runId, manual.id, 'fuzz-role', 'viewer', 'read_users', 'fuzz_perm', organizationId, alice.uid, admin.uid, 'leads', 'custom', ...PERMISSION_ACTIONS, alice.email],
    queryKeys: ['system', 'force', 'organizationId', 'before', 'token', 'actor', 'target', 'action', 'limit', 'cursor', 'emailPrefix', 'workflowId', 'status', 'trigger', 'from', 'to'],
    examples: {
      'POST /api/workflows/:workflowId/runs': { as: 'alice', bodies: [{ input: { name: 'Ada' } }, { input: {}, rerunOf: runId }] },
      'POST /api/runs/:runId/approve': { as: 'alice', bodies: [{ stepId: 'review', comment: 'ok' }] },
      'POST /api/runs/:runId/reject': { as: 'alice', bodies: [{ stepId: 'review' }] },
      'POST /api/hooks/:workflowId/:secret': { params: { workflowId: hooked.id }, bodies: [{ email: 'lead@example.com' }] },
      // A visitor's chat calls (chat/visitorRoutes.ts) with well-formed bodies, so every run reaches their handlers (an app that does not exist: 404 chat_not_found)
      // rather than leaving it to chance that one of the generated bodies is JSON the route reads.
      'POST /api/chat/:appId/conversations': { params: { appId: 'fuzz-chat-app' }, bodies: [{}] },
      'POST /api/chat/:appId/conversations/:conversationId/messages': { params: { appId: 'fuzz-chat-app', conversationId: 'fuzz-conversation' }, bodies: [{ visitorToken: 'fuzz-visitor-token', text: 'Hello' }] },
      // Without it a random case rarely brought alice, her webhook workflow and an empty body together: CI found the route unreached.
      'POST /api/workflows/:workflowId/nodes/:nodeId/listen': { as: 'alice', params: { workflowId: hooked.id, nodeId: 'trigger' }, bodies: [{}] },
      'POST /api/api-keys': { as: 'alice', bodies: [{ name: 'Fuzz key', workspaceId: 'personal', scopes: ['runs:read'] }] },
      // The public API (publicApi/): with the key. No `wait` in a start: runs stay queued here, so a start would wait out its timeout.
      'POST /v1/workflows/:workflowId/runs': { as: 'key', params: { workflowId: manual.id }, bodies: [{ input: { name: 'Ada' } }] },
      'POST /v1/runs/:runId/cancel': { as: 'key', bodies: [{}] },
      'POST /v1/runs/:runId/approvals/:nodeId': { as: 'key', params: { runId, nodeId: 'review' }, bodies: [{ decision: 'approve', comment: 'ok' }, { decision: 'reject' }] },
      'POST /api/mcp-servers': { as: 'alice', bodies: [{ workspaceId: 'personal', name: 'Fuzz MCP', url: 'https://mcp.example.com/mcp' }] },
      // The MCP endpoint (mcp/) with the key: a JSON-RPC message (the transport then answers by the Accept header the case sends).
      'POST /mcp/:workspaceId': { as: 'key', params: { workspaceId: 'personal' }, bodies: [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }] },
      'POST /api/access/roles': { as: 'admin', bodies: [{ id: 'new-role', name: 'New', permissions: ['read_users'] }] },
      'PUT /api/access/roles/:id': { as: 'admin', bodies: [{ name: 'Renamed', permissions: ['read_users'] }] },
      'PATCH /api/access/roles/:id': { as: 'admin', bodies: [{ description: 'Changed' }] },
      'POST /api/access/permissions': { as: 'admin', bodies: [{ id: 'new_perm', name: 'New', resource: 'leads', action: 'read' }] },
      'PATCH /api/access/permissions/:id': { as: 'admin', params: { id: 'fuzz_perm' }, bodies: [{ name: 'Renamed' }] },
      'POST /api/access/organizations': { as: 'admin', bodies: [{ name: 'New Org', description: '' }] },
      'PATCH /api/access/organizations/:id': { as: 'admin', params: { id: organizationId }, bodies: [{ name: 'Renamed Org' }] },
      'POST /api/access/assignments': { as: 'admin', bodies: [{ userId: alice.uid, roleId: 'fuzz-role', organizationId }] },
      'POST /api/access/assignments/revoke': { as: 'admin', bodies: [{ userId: alice.uid, roleId: 'viewer', organizationId }] },
    },
    casesPerRoute: 20,
    // A refused change is audited on purpose: a new failure entry in rbacAuditLogs on a 403. Every call with an
    // API key is audited too (USE_API_KEY) and touches the key's lastUsedAt (apiKeys/authenticate.ts), both written
    // when the answer has gone, so one may land while the next case is measured: allowed whatever that case's status.
    allowedOn4xx: async (change, status, read) => {
      if (change.kind === 'updated' && /^apiKeys\/[^/]+$/.test(change.path)) return true;
      if (change.kind !== 'created' || !change.path.startsWith('rbacAuditLogs/')) return false;
      const entry = await read(change.path);
      const text = (field: string) => (entry?.[field] as { stringValue?: string } | undefined)?.stringValue;
      return text('action') === 'USE_API_KEY' || (status === 403 && text('status') === 'failure');
    },
  });
  console.log(describeFuzzReport('platform-api', report));
  expect(report.unsupported).toEqual([]);
  expect(report.unreached).toEqual([]);
  expect(report.routes).toBe(routes.length);
  expect(routes.length).toBeGreaterThanOrEqual(35);
  // 91 routes × 20 cases took 149 s on a loaded 2-core machine; the limit leaves room for CI's slower moments.
}, 420_000);
