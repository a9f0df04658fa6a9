// An agent that names a credential, end to end on the emulators: the user
// saves an OpenAI-compatible credential (the fake server), tests it, and a
// run's agent calls that provider with the decrypted key. The canary key
// reaches the provider and nothing else: no Firestore document, no API
// answer, no run event, no log line. Another user's workflow cannot use it.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { CREDENTIALS_API, DEFAULT_OWN_CREDENTIAL_STEP_FEE } from '@agentflow/shared/server';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { stepFeeFromEnv } from './agentStep';
import { startRecordingServer } from '../testing/upstream';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { assignWorkspaceRole, createOrganization, seedWorkspaceRoles } from './testing/workspaces';

const CANARY = 'sk-canary-5d1e-run-path-0042';
const logLines: string[] = [];
const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }));

let h: RunsHarness;
let fake: FakeOpenAI;
let alice: RunsUser;
let bob: RunsUser;
let credentialId: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: CANARY, models: ['fake-model', 'fake-model-large'] });
  // No AI_* variables: the platform has no default model, so only the credential can serve the agent.
  h = await startRunsHarness('agent-credentials', { logger, limits: { retryBaseDelayMs: 20 } });
  alice = await h.createUser('alice', { tokens: 5000 });
  bob = await h.createUser('bob', { tokens: 5000 });
  const created = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'openaiCompatible', name: 'Local model', settings: { baseUrl: fake.baseUrl }, secrets: { apiKey: CANARY } } });
  expect(created.status).toBe(201);
  credentialId = created.body.id;
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const workflowWith = (owner: string, params: Record<string, unknown>) =>
  h.saveWorkflow(
    owner,
    [
      node('trigger', 'trigger.manual', { inputSchema: [{ key: 'lead', label: 'Lead', type: 'text', required: true }] }),
      node('qualify', 'agent', { name: 'Qualifier', role: 'You qualify sales leads.', promptTemplate: 'Lead: {{ input.lead }}', output: { type: 'text' }, tools: { http: [], delegates: [] }, ...params }),
    ],
    [edge('trigger', 'qualify')],
  );

async function everything(): Promise<string> {
  const parts: string[] = [];
  for (const collection of await h.db.listCollections()) {
    for (const doc of (await collection.get()).docs) {
      parts.push(JSON.stringify(doc.data()));
      for (const sub of await doc.ref.listCollections()) for (const inner of (await sub.get()).docs) parts.push(JSON.stringify(inner.data()));
    }
  }
  return parts.join('\n');
}

test('"Test connection" lists the provider’s models with the saved key', async () => {
  const response = await h.call('POST', CREDENTIALS_API.test(credentialId), { user: alice });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ ok: true, models: ['fake-model', 'fake-model-large'] });
});

test('a run’s agent calls the credential’s provider with its key and model; the use is audited with the run', async () => {
  fake.reset();
  fake.script({ match: { system: 'qualify sales leads' }, reply: { text: 'Hot lead: budget confirmed.', usage: { prompt: 40_000, completion: 8_000 } } });
  const wf = await workflowWith(alice.uid, { credentialId, model: 'fake-model-large' });
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { lead: 'Ada at Acme' } } });
  expect(started.status).toBe(202);
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect({ status: run.status, error: run.error }).toEqual({ status: 'succeeded', error: null });
  expect(run.steps.find((step) => step.id === 'qualify')?.output).toBe('Hot lead: budget confirmed.');
  expect(fake.requests.map((request) => [request.authorization, request.model])).toEqual([[`Bearer ${CANARY}`, 'fake-model-large']]);
  // The provider bills the user: the platform charges the start token and the step fee, not the 48,000 tokens used.
  expect(run.steps.find((step) => step.id === 'qualify')?.tokens).toBe(DEFAULT_OWN_CREDENTIAL_STEP_FEE);
  expect(run.tokensUsed).toBe(1 + DEFAULT_OWN_CREDENTIAL_STEP_FEE);
  const uses = (await h.db.collection('rbacAuditLogs').where('targetId', '==', credentialId).where('action', '==', 'USE_CREDENTIAL').get()).docs.map((doc) => doc.get('details'));
  expect(uses).toContainEqual(expect.objectContaining({ runId: started.body.runId, nodeId: 'qualify' }));

  const runView = await h.call('GET', `/api/runs/${started.body.runId}`, { user: alice });
  expect(runView.status).toBe(200);
  expect(JSON.stringify(runView.body)).not.toContain(CANARY);
  const events = await fetch(`${h.baseUrl()}/api/runs/${started.body.runId}/events`, { headers: { Authorization: `Bearer ${alice.idToken}` } });
  expect(await events.text()).not.toContain(CANARY);
});

test('a run whose agent names a credential its owner may not use is refused up front: 409, no run stored, nothing charged, the provider never called', async () => {
  fake.reset();
  const wf = await workflowWith(bob.uid, { credentialId });
  const before = await h.balance(bob.uid);
  const runsBefore = (await h.db.collection('workflowRuns').where('workflowId', '==', wf.id).get()).size;
  const refused = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: bob, body: { input: { lead: 'x' } } });
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual({ error: expect.stringMatching(/step "Qualifier" no longer exists, or the workflow’s owner may not use it/), code: 'credential_missing' });
  expect(await h.balance(bob.uid)).toBe(before);
  expect((await h.db.collection('workflowRuns').where('workflowId', '==', wf.id).get()).size).toBe(runsBefore);
  expect(fake.requests).toEqual([]);
});

test('an organization workflow uses the organization’s credentials, whoever starts it, never its owner’s personal ones', async () => {
  const org = `acme-${alice.uid.slice(0, 6)}`;
  await seedWorkspaceRoles(h.db);
  await createOrganization(h.db, org, alice.uid);
  const removeBob = await assignWorkspaceRole(h.db, bob.uid, 'workspace_runner', org);
  try {
    // The owner's personal key named in the organization's workflow: refused before anything, as a missing one.
    fake.reset();
    const personal = await workflowWith(alice.uid, { credentialId });
    await h.db.collection('workflows').doc(personal.id).update({ organizationId: org, visibility: 'organization' });
    const [aliceBefore, bobBefore] = [await h.balance(alice.uid), await h.balance(bob.uid)];
    const refused = await h.call('POST', `/api/workflows/${personal.id}/runs`, { user: bob, body: { input: { lead: 'x' } } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'credential_missing' } });
    expect(fake.requests).toEqual([]);
    expect([await h.balance(alice.uid), await h.balance(bob.uid)]).toEqual([aliceBefore, bobBefore]);

    // The organization's own credential serves it, and the organization's owner pays.
    const shared = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'openaiCompatible', name: 'Team model', organizationId: org, settings: { baseUrl: fake.baseUrl }, secrets: { apiKey: CANARY } } });
    expect(shared.status).toBe(201);
    fake.script({ match: { system: 'qualify sales leads' }, reply: { text: 'Warm lead.', usage: { prompt: 10, completion: 5 } } });
    const teamWorkflow = await workflowWith(alice.uid, { credentialId: shared.body.id, model: 'fake-model' });
    await h.db.collection('workflows').doc(teamWorkflow.id).update({ organizationId: org, visibility: 'organization' });
    const started = await h.call('POST', `/api/workflows/${teamWorkflow.id}/runs`, { user: bob, body: { input: { lead: 'Ada' } } });
    expect(started.status).toBe(202);
    const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
    expect({ status: run.status, error: run.error, ownerId: run.ownerId, startedBy: run.startedBy }).toEqual({ status: 'succeeded', error: null, ownerId: alice.uid, startedBy: bob.uid });
    expect(fake.requests.map((request) => request.authorization)).toEqual([`Bearer ${CANARY}`]);
    expect(await h.balance(bob.uid)).toBe(bobBefore);
  } finally {
    await removeBob();
  }
});

test('a deleted credential refuses the run the same way', async () => {
  const created = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'openaiCompatible', name: 'Soon gone', settings: { baseUrl: fake.baseUrl }, secrets: { apiKey: CANARY } } });
  const wf = await workflowWith(alice.uid, { credentialId: created.body.id });
  expect((await h.call('DELETE', CREDENTIALS_API.one(created.body.id), { user: alice })).status).toBe(204);
  const before = await h.balance(alice.uid);
  const refused = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { lead: 'x' } } });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('credential_missing');
  expect(await h.balance(alice.uid)).toBe(before);
});

test('an agent’s HTTP tool may name an HTTP credential: the header is sent, and the echoed token is redacted before the model reads it', async () => {
  const TOKEN = 'tok-canary-tool-6b2a';
  const upstream = await startRecordingServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ deals: 3, youSent: req.headers.authorization }));
  });
  try {
    const bearer = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'httpBearer', name: 'CRM', secrets: { token: TOKEN } } });
    fake.reset();
    fake.script(
      { match: { system: 'qualify sales leads', afterToolResults: false }, reply: { toolCalls: [{ name: 'crm', arguments: {} }], usage: { prompt: 10, completion: 5 } } },
      { match: { system: 'qualify sales leads', afterToolResults: true }, reply: { text: 'Three open deals.', usage: { prompt: 10, completion: 5 } } },
    );
    const wf = await workflowWith(alice.uid, {
      credentialId,
      model: 'fake-model',
      tools: { http: [{ name: 'crm', description: 'Open deals in the CRM', method: 'GET', url: `${upstream.url}/deals`, credentialId: bearer.body.id }], delegates: [] },
    });
    const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { lead: 'Ada' } } });
    expect(started.status).toBe(202);
    const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
    expect({ status: run.status, error: run.error }).toEqual({ status: 'succeeded', error: null });
    expect(upstream.seen.map((request) => request.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
    const toolResult = fake.requests[1]!.toolResults.join('\n');
    expect(toolResult).toContain('"deals":3');
    expect(toolResult).not.toContain(TOKEN);
    expect(JSON.stringify(run)).not.toContain(TOKEN);
  } finally {
    await upstream.close();
  }
});

test('a provider error that echoes the key is redacted before it reaches the run', async () => {
  fake.reset();
  fake.script({ match: {}, reply: { error: { status: 400, message: `Model not allowed for key ${CANARY}` } } });
  const wf = await workflowWith(alice.uid, { credentialId, model: 'fake-model' });
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { lead: 'x' } } });
  const run = await h.waitForRun(started.body.runId, ['succeeded', 'failed']);
  expect(run.status).toBe('failed');
  expect(JSON.stringify(run)).not.toContain(CANARY);
});

test('the canary appears in no Firestore document and no log line', async () => {
  expect(await everything()).not.toContain(CANARY);
  expect(logLines.join('')).not.toContain(CANARY);
});

test('AGENT_STEP_FEE sets the fee (a whole number of tokens); anything else stops the start', () => {
  expect(stepFeeFromEnv({})).toBe(DEFAULT_OWN_CREDENTIAL_STEP_FEE);
  expect(stepFeeFromEnv({ AGENT_STEP_FEE: ' 3 ' })).toBe(3);
  expect(stepFeeFromEnv({ AGENT_STEP_FEE: '0' })).toBe(0);
  expect(() => stepFeeFromEnv({ AGENT_STEP_FEE: '1.5' })).toThrow(/AGENT_STEP_FEE must be a whole number/);
  expect(() => stepFeeFromEnv({ AGENT_STEP_FEE: '-1' })).toThrow(/AGENT_STEP_FEE/);
});
