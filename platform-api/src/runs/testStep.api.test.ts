// "Test step" (POST /api/workflows/:id/nodes/:nodeId/test) against the
// emulators: an agent node on the fake model server and an HTTP node on a
// local Express server (loopback allowed for tests, as in every runs suite)
// answer their output and are metered ONCE (one tokenUsage entry of the exact
// amount; a retried Idempotency-Key is not charged again); refusals (401,
// another user's workflow, a bad body, an unknown node, an approval, no
// tokens, the trash) run and charge nothing, and a credential's secret never
// reaches the answer.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { CREDENTIALS_API, MEMBERSHIP_COLLECTIONS, debit } from '@agentflow/shared/server';
import { RUN_MESSAGES, RUN_START_COST, STEP_TEST_API, STEP_TEST_ERROR_CODES, type StepTestResponse } from '@agentflow/shared/workflow';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { edge, manual, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

const CANARY = 'tok-canary-5d1e-step-test';
let h: RunsHarness;
let fake: FakeOpenAI;
let api: Server;
let apiUrl: string;
let alice: RunsUser;
let bob: RunsUser;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  // A small CRM on loopback: a deal by id, echoing the Authorization header it got; 404 for an unknown one.
  const crm = express();
  crm.get('/deals/:id', (req, res) => {
    if (req.params.id !== '42') return void res.status(404).json({ error: 'no such deal' });
    res.json({ id: 42, stage: 'won', amount: 1200, auth: req.get('authorization') ?? null });
  });
  api = await new Promise<Server>((resolve) => {
    const server = crm.listen(0, '127.0.0.1', () => resolve(server));
  });
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  h = await startRunsHarness('step-test', { env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' } });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 500 }), h.createUser('bob', { tokens: 500 })]);
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
});

beforeEach(() => fake.reset());

/** The amounts of a user's ledger entries for runs, step tests and agents (sorted: entries have no order). */
async function runCharges(uid: string): Promise<number[]> {
  const entries = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).where('feature', 'in', ['workflow_run', 'agent']).get();
  return entries.docs.map((doc) => doc.get('tokensUsed') as number).sort((a, b) => a - b);
}
/** `before` and exactly one more entry of `amount`. */
const plusOne = (before: number[], amount: number) => [...before, amount].sort((a, b) => a - b);
const runCount = async () => (await h.db.collection('workflowRuns').count().get()).data().count;

const agentNode = (id: string) =>
  node(id, 'agent', { name: id, role: 'You are the lead scorer.', promptTemplate: 'Score this lead: {{ input.lead }} ({{ enrich.company }})', output: { type: 'text' }, tools: { http: [], delegates: [] } });
const httpNode = (id: string, extra: Record<string, unknown> = {}) => node(id, 'http', { method: 'GET', url: `${apiUrl}/deals/{{ input.dealId }}`, headers: {}, ...extra });

async function leadWorkflow(owner = alice.uid) {
  return h.saveWorkflow(
    owner,
    [manual([{ key: 'lead', type: 'string' }, { key: 'dealId', type: 'string' }]), node('enrich', 'transform', { mapping: '{"company": "Acme"}' }), agentNode('score'), httpNode('deal'), node('ok', 'approval', { message: 'Fine?', approvers: [] })],
    [edge('trigger', 'enrich'), edge('enrich', 'score'), edge('trigger', 'deal'), edge('deal', 'ok')],
  );
}

const testStep = (workflowId: string, nodeId: string, options: { user?: RunsUser | null; body?: unknown; key?: string } = {}) =>
  h.call('POST', STEP_TEST_API.testStep(workflowId, nodeId), {
    user: options.user === undefined ? alice : options.user,
    body: options.body ?? {},
    headers: options.key ? { 'Idempotency-Key': options.key } : {},
  });

describe('an agent node', () => {
  it('answers the model output with the sample input, and is metered once: the start token plus the priced usage, in one entry', async () => {
    const wf = await leadWorkflow();
    fake.script({ match: { system: 'lead scorer' }, reply: { text: 'Hot lead: 86', usage: { prompt: 3_000, completion: 500 } } });
    const before = await h.balance(alice.uid);
    const chargesBefore = await runCharges(alice.uid);
    const response = await testStep(wf.id, 'score', { body: { input: { input: { lead: 'Ada wants a demo' }, enrich: { company: 'Acme' } } }, key: 'test-agent-0001' });

    expect(response.status).toBe(200);
    const answer = response.body as StepTestResponse;
    // fake-model pays the default price: 3,000 in × 1 + 500 out × 4 per 1,000 = 5 tokens.
    expect(answer).toEqual({ status: 'succeeded', output: 'Hot lead: 86', durationMs: expect.any(Number), tokens: RUN_START_COST + 5 });
    // The step saw the sample input as a run would give it.
    expect(fake.requests.find((r) => r.system.includes('lead scorer'))?.lastUser).toContain('Score this lead: Ada wants a demo (Acme)');
    expect(await runCharges(alice.uid)).toEqual(plusOne(chargesBefore, RUN_START_COST + 5));
    expect(await h.balance(alice.uid)).toBe(before - RUN_START_COST - 5);

    // The same request again (a retry): refused, not run, not charged.
    const retried = await testStep(wf.id, 'score', { body: { input: { input: { lead: 'Ada wants a demo' } } }, key: 'test-agent-0001' });
    expect(retried).toMatchObject({ status: 409, body: { code: STEP_TEST_ERROR_CODES.testAlreadyCharged } });
    expect(fake.requests.filter((r) => r.system.includes('lead scorer'))).toHaveLength(1);
    expect(await runCharges(alice.uid)).toEqual(plusOne(chargesBefore, RUN_START_COST + 5));
    expect(await h.balance(alice.uid)).toBe(before - RUN_START_COST - 5);
    // No run was written.
    expect((await h.db.collection('workflowRuns').where('workflowId', '==', wf.id).get()).size).toBe(0);
  });

  it('fails the step with the ledger\'s message when a model call costs more than is left, charging what was spent before it', async () => {
    const dave = await h.createUser('dave');
    await debit(h.db, { uid: dave.uid, feature: 'workflow_run', amount: (await h.balance(dave.uid)) - 3, idempotencyKey: 'test:leave-three' });
    const wf = await h.saveWorkflow(dave.uid, [manual(), agentNode('score')], [edge('trigger', 'score')]);
    fake.script({ match: { system: 'lead scorer' }, reply: { text: 'Hot', usage: { prompt: 3_000, completion: 500 } } });
    const chargesBefore = await runCharges(dave.uid);
    const response = await testStep(wf.id, 'score', { user: dave, body: { input: { input: { lead: 'x' } } } });
    // 3 - 1 (start) = 2 left for a 5-token call.
    expect(response).toMatchObject({ status: 200, body: { status: 'failed', error: { code: 'insufficient_tokens', message: 'Insufficient tokens: 5 needed, 2 remaining' }, tokens: RUN_START_COST } });
    expect(await runCharges(dave.uid)).toEqual(plusOne(chargesBefore, RUN_START_COST));
    expect(await h.balance(dave.uid)).toBe(2);
  });

  it('answers a provider failure as a failed result (200), charging only the start token', async () => {
    const wf = await leadWorkflow();
    fake.script({ match: { system: 'lead scorer' }, reply: { error: { status: 400, message: 'Invalid prompt' } } });
    const chargesBefore = await runCharges(alice.uid);
    const response = await testStep(wf.id, 'score', { body: { input: { input: { lead: 'x' } } } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'failed', error: { code: 'step-failed', message: expect.stringContaining('Invalid prompt') }, durationMs: expect.any(Number), tokens: RUN_START_COST });
    expect(await runCharges(alice.uid)).toEqual(plusOne(chargesBefore, RUN_START_COST));
  });
});

describe('an HTTP node', () => {
  it('calls the local server with the rendered URL, answers its response, and is metered once (the start token)', async () => {
    const wf = await leadWorkflow();
    const chargesBefore = await runCharges(alice.uid);
    const before = await h.balance(alice.uid);
    const response = await testStep(wf.id, 'deal', { body: { input: { trigger: { dealId: '42' } } }, key: 'test-http-00001' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'succeeded',
      output: { status: 200, headers: expect.objectContaining({ 'content-type': expect.stringContaining('application/json') }), body: { id: 42, stage: 'won', amount: 1200, auth: null } },
      durationMs: expect.any(Number),
      tokens: RUN_START_COST,
    });
    expect(await runCharges(alice.uid)).toEqual(plusOne(chargesBefore, RUN_START_COST));
    const again = await testStep(wf.id, 'deal', { body: { input: { trigger: { dealId: '42' } } }, key: 'test-http-00001' });
    expect(again.status).toBe(409);
    expect(await runCharges(alice.uid)).toEqual(plusOne(chargesBefore, RUN_START_COST));
    expect(await h.balance(alice.uid)).toBe(before - RUN_START_COST);
  });

  it('answers an HTTP 404 as a failed step with its message', async () => {
    const wf = await leadWorkflow();
    const response = await testStep(wf.id, 'deal', { body: { input: { input: { dealId: '7' } } } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'failed', error: { code: 'step-failed', message: `HTTP 404 from GET ${apiUrl}/deals/7` }, tokens: RUN_START_COST });
  });

  it("uses the node's vault credential and never answers its secret", async () => {
    const created = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'httpBearer', name: 'CRM token', secrets: { token: CANARY } } });
    expect(created.status).toBe(201);
    const wf = await h.saveWorkflow(alice.uid, [manual(), httpNode('deal', { credentialId: created.body.id })], [edge('trigger', 'deal')]);
    const response = await testStep(wf.id, 'deal', { body: { input: { input: { dealId: '42' } } } });
    expect(response).toMatchObject({ status: 200, body: { status: 'succeeded', output: { body: { id: 42, auth: 'Bearer [redacted]' } } } });
    expect(JSON.stringify(response.body)).not.toContain(CANARY);
  });
});

describe('what is not a step run', () => {
  it('a trigger answers its sample input, free', async () => {
    const wf = await leadWorkflow();
    const chargesBefore = await runCharges(alice.uid);
    const response = await testStep(wf.id, 'trigger', { body: { input: { input: { lead: 'Ada' } } } });
    expect(response).toMatchObject({ status: 200, body: { status: 'succeeded', output: { lead: 'Ada' }, tokens: 0 } });
    expect(await runCharges(alice.uid)).toEqual(chargesBefore);
  });

  it('refuses an approval (400 node-not-testable) and an unknown node (404 node-not-found)', async () => {
    const wf = await leadWorkflow();
    expect(await testStep(wf.id, 'ok')).toMatchObject({ status: 400, body: { code: STEP_TEST_ERROR_CODES.nodeNotTestable } });
    expect(await testStep(wf.id, 'nowhere')).toMatchObject({ status: 404, body: { code: STEP_TEST_ERROR_CODES.nodeNotFound } });
  });
});

describe('refusals run and charge nothing', () => {
  it.each([
    ['no token → 401', { user: null }, 401, 'unauthenticated', undefined],
    ["another user's workflow → 403", { user: 'bob' }, 403, 'forbidden', RUN_MESSAGES.notAllowedToRun],
    ['input not an object → 400', { body: { input: 'x' } }, 400, 'invalid_request', 'input must be an object'],
    ['an unknown body field → 400', { body: { input: {}, nodeId: 'deal' } }, 400, 'invalid_request', 'nodeId is not a known field'],
    ['a malformed Idempotency-Key → 400', { key: 'short' }, 400, 'invalid_request', "Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'"],
  ])('%s', async (_label, options, status, code, message) => {
    const wf = await leadWorkflow();
    const user = (options as { user?: string | null }).user;
    const [aliceBefore, bobBefore, runsBefore] = [await runCharges(alice.uid), await runCharges(bob.uid), await runCount()];
    const response = await testStep(wf.id, 'deal', { ...options, user: user === 'bob' ? bob : user === null ? null : alice } as Parameters<typeof testStep>[2]);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    if (message) expect(response.body.error).toBe(message);
    expect(await runCharges(alice.uid)).toEqual(aliceBefore);
    expect(await runCharges(bob.uid)).toEqual(bobBefore);
    expect(await runCount()).toBe(runsBefore);
  });

  it('answers 404 for a workflow that does not exist', async () => {
    expect(await testStep('wf-none', 'deal')).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it("answers 402 with the ledger's message when the caller has no token left, and runs nothing", async () => {
    const carol = await h.createUser('carol');
    await debit(h.db, { uid: carol.uid, feature: 'workflow_run', amount: await h.balance(carol.uid), idempotencyKey: 'test:drain-carol' });
    const wf = await h.saveWorkflow(carol.uid, [manual(), agentNode('score')], [edge('trigger', 'score')]);
    const chargesBefore = await runCharges(carol.uid);
    const response = await testStep(wf.id, 'score', { user: carol, body: { input: { input: { lead: 'x' } } } });
    expect(response).toMatchObject({ status: 402, body: { error: 'Insufficient tokens: 1 needed, 0 remaining', code: 'insufficient_tokens' } });
    expect(fake.requests).toHaveLength(0);
    expect(await runCharges(carol.uid)).toEqual(chargesBefore);
  });

  it('answers 409 workflow-in-trash for a workflow in the trash', async () => {
    const wf = await h.saveWorkflow(alice.uid, [manual(), httpNode('deal')], [edge('trigger', 'deal')], { deletedAt: new Date().toISOString() });
    const chargesBefore = await runCharges(alice.uid);
    expect(await testStep(wf.id, 'deal', { body: { input: { input: { dealId: '42' } } } })).toMatchObject({ status: 409, body: { code: STEP_TEST_ERROR_CODES.workflowInTrash } });
    expect(await runCharges(alice.uid)).toEqual(chargesBefore);
  });
});
