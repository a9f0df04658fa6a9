// HTTP steps that name a vault credential instead of carrying a secret: the
// header is added at the moment of the call, wins over a literal header of
// the same name, is redacted from what the service echoes back, and the
// canary appears in no Firestore document. A credential of the wrong kind
// or not the owner's refuses the run up front.
import { CREDENTIALS_API } from '@agentflow/shared/server';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startRecordingServer, type RecordingServer } from '../testing/upstream';

const CANARY = 'tok-canary-93be-http-step';
let h: RunsHarness;
let upstream: RecordingServer;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  // An API that echoes the request's headers back, as debugging endpoints do.
  upstream = await startRecordingServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ youSent: req.headers }));
  });
  h = await startRunsHarness('http-credentials', { env: { AI_BASE_URL: 'http://127.0.0.1:9/v1' } });
  alice = await h.createUser('alice', { tokens: 100 });
  bob = await h.createUser('bob', { tokens: 100 });
});
afterAll(async () => {
  await h?.close();
  await upstream?.close();
});

async function credential(user: RunsUser, body: Record<string, unknown>): Promise<string> {
  const response = await h.call('POST', CREDENTIALS_API.create, { user, body });
  expect(response.status).toBe(201);
  return response.body.id;
}

const callWith = (owner: string, params: Record<string, unknown>) =>
  h.saveWorkflow(owner, [node('trigger', 'trigger.manual'), node('call', 'http', { method: 'GET', url: `${upstream.url}/crm/deals`, headers: {}, ...params })], [edge('trigger', 'call')]);

async function run(user: RunsUser, workflowId: string) {
  const started = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user, body: { input: {} } });
  expect(started.status).toBe(202);
  return h.waitForRun(started.body.runId, ['succeeded', 'failed']);
}

test('a bearer credential is sent as Authorization, wins over a literal header, and what the service echoes is redacted', async () => {
  const credentialId = await credential(alice, { type: 'httpBearer', name: 'CRM token', secrets: { token: CANARY } });
  const wf = await callWith(alice.uid, { credentialId, headers: { authorization: 'Bearer literal-old-token', 'X-Trace': '1' } });
  upstream.seen.length = 0;
  const finished = await run(alice, wf.id);
  expect(finished.status).toBe('succeeded');
  expect(upstream.seen.map((request) => [request.headers.authorization, request.headers['x-trace']])).toEqual([[`Bearer ${CANARY}`, '1']]);
  const output = finished.steps.find((step) => step.id === 'call')?.output as { body: { youSent: Record<string, string> } };
  expect(output.body.youSent.authorization).toBe('Bearer [redacted]');
  expect(JSON.stringify(finished)).not.toContain(CANARY);
  const uses = (await h.db.collection('rbacAuditLogs').where('targetId', '==', credentialId).where('action', '==', 'USE_CREDENTIAL').get()).docs.map((doc) => doc.get('details'));
  expect(uses).toContainEqual(expect.objectContaining({ runId: finished.id, nodeId: 'call' }));
});

test('a header credential sends its own header name; basic auth sends user:password encoded, and neither is kept', async () => {
  const headerId = await credential(alice, { type: 'httpHeader', name: 'API key', settings: { headerName: 'X-Api-Key' }, secrets: { headerValue: CANARY } });
  const basicId = await credential(alice, { type: 'httpBasic', name: 'Basic', settings: { username: 'ada' }, secrets: { password: CANARY } });
  upstream.seen.length = 0;
  const withHeader = await run(alice, (await callWith(alice.uid, { credentialId: headerId })).id);
  const withBasic = await run(alice, (await callWith(alice.uid, { credentialId: basicId })).id);
  expect(upstream.seen.map((request) => request.headers['x-api-key'] ?? request.headers.authorization)).toEqual([CANARY, `Basic ${Buffer.from(`ada:${CANARY}`).toString('base64')}`]);
  expect(JSON.stringify([withHeader, withBasic])).not.toContain(CANARY);
  expect(JSON.stringify([withHeader, withBasic])).not.toContain(Buffer.from(`ada:${CANARY}`).toString('base64'));
});

test('an AI credential on an HTTP step, or another user’s credential, refuses the run up front: 409, nothing charged, nothing sent', async () => {
  const aiId = await credential(alice, { type: 'openai', name: 'OpenAI', secrets: { apiKey: CANARY } });
  const bearerId = await credential(alice, { type: 'httpBearer', name: 'Mine', secrets: { token: CANARY } });
  upstream.seen.length = 0;
  for (const [user, params, message] of [
    [alice, { credentialId: aiId }, /is not the kind this step can use/],
    [bob, { credentialId: bearerId }, /no longer exists, or the workflow’s owner may not use it/],
  ] as const) {
    const wf = await callWith(user.uid, params);
    const before = await h.balance(user.uid);
    const refused = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user, body: { input: {} } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: expect.stringMatching(message), code: 'credential_missing' });
    expect(await h.balance(user.uid)).toBe(before);
  }
  expect(upstream.seen).toEqual([]);
});

test('the canary is in no Firestore document', async () => {
  const parts: string[] = [];
  for (const collection of await h.db.listCollections()) for (const doc of (await collection.get()).docs) parts.push(JSON.stringify(doc.data()));
  expect(parts.join('\n')).not.toContain(CANARY);
});
