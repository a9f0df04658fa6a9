// Agent steps inside runs, against the emulators and the fake
// OpenAI-compatible server (src/testing/fakeOpenAI.ts): a supervisor that
// delegates to two specialists with a condition on its structured output,
// token metering through the ledger, provider errors, no provider, and
// running out of tokens mid-run.
import { MEMBERSHIP_COLLECTIONS, agentNeedsProvider, debit } from '@agentflow/shared/server';
import { RUN_LIMITS } from '@agentflow/shared/workflow';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';

let h: RunsHarness;
let fake: FakeOpenAI;
let alice: RunsUser;

const AI_ENV = () => ({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' });

beforeAll(async () => {
  fake = await startFakeOpenAI();
  h = await startRunsHarness('agents', { env: AI_ENV(), limits: { retryBaseDelayMs: 20 } });
  alice = await h.createUser('alice', { tokens: 5000 });
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

const manual = (keys: string[]) => node('trigger', 'trigger.manual', { inputSchema: keys.map((key) => ({ key, label: key, type: 'text', required: true })) });
const agent = (id: string, role: string, extra: Record<string, unknown> = {}) =>
  node(id, 'agent', { name: id, role, promptTemplate: 'Lead: {{ input.lead }}', output: { type: 'text' }, tools: { http: [], delegates: [] }, ...extra });
const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as any;

async function start(workflowId: string, input: Record<string, unknown>, user = alice): Promise<string> {
  const response = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user, body: { input } });
  expect(response.status).toBe(202);
  return response.body.runId as string;
}

async function agentDebits(uid: string): Promise<number[]> {
  const entries = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).where('feature', '==', 'agent').get();
  return entries.docs.map((doc) => doc.get('tokensUsed') as number);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

it('runs a supervisor that delegates to two specialists, routes on its structured output, and debits each call’s priced usage', async () => {
  const supervisorSchema = { type: 'object', properties: { score: { type: 'number' }, tier: { type: 'string' }, summary: { type: 'string' } }, required: ['score', 'tier', 'summary'], additionalProperties: false };
  const wf = await h.saveWorkflow(
    alice.uid,
    [
      manual(['lead']),
      agent('supervisor', 'You are the sales supervisor. Hand research and writing to your specialists.', {
        output: { type: 'json', schema: supervisorSchema },
        tools: { http: [], delegates: ['researcher', 'writer'] },
      }),
      agent('researcher', 'You are the research specialist.'),
      agent('writer', 'You are the writing specialist.'),
      node('isHot', 'condition', { expression: 'supervisor.score >= 70' }),
      node('hot', 'output', { mapping: '{"tier": supervisor.tier, "summary": supervisor.summary}' }),
      node('cold', 'output', { mapping: '{"tier": "cold"}' }),
    ],
    [edge('trigger', 'supervisor'), edge('supervisor', 'isHot'), edge('isHot', 'hot', 'true'), edge('isHot', 'cold', 'false')],
  );
  fake.script(
    {
      match: { system: 'sales supervisor', afterToolResults: false },
      reply: {
        toolCalls: [
          { name: 'delegate_researcher', arguments: { task: 'Find the size of Acme' } },
          { name: 'delegate_writer', arguments: { task: 'Draft a first e-mail to Ada' } },
        ],
        usage: { prompt: 10_000, completion: 2_000 },
      },
    },
    { match: { system: 'research specialist' }, reply: { text: 'Acme has 500 employees.', usage: { prompt: 5_000, completion: 1_000 } } },
    { match: { system: 'writing specialist' }, reply: { text: 'Dear Ada, thank you for your interest.', usage: { prompt: 6_000, completion: 1_500 } } },
    {
      match: { system: 'sales supervisor', afterToolResults: true },
      reply: { json: { score: 86, tier: 'hot', summary: 'Acme (500 staff), e-mail drafted' }, usage: { prompt: 15_000, completion: 3_000 } },
    },
  );
  const before = await h.balance(alice.uid);
  const runId = await start(wf.id, { lead: 'Ada from Acme wants a demo' });
  const run = await h.waitForRun(runId, ['succeeded', 'failed'], 30_000);

  expect(run.status).toBe('succeeded');
  expect(stepOf(run, 'supervisor')).toMatchObject({ status: 'succeeded', output: { score: 86, tier: 'hot' }, attempts: 1 });
  expect(stepOf(run, 'isHot')).toMatchObject({ status: 'succeeded', branch: 'true' });
  expect(stepOf(run, 'cold').status).toBe('skipped');
  expect(run.output).toEqual({ hot: { tier: 'hot', summary: 'Acme (500 staff), e-mail drafted' } });

  // Delegations are child steps with their own tokens; delegate-only agents have no top-level step.
  const children = run.steps.filter((s) => s.parentStepId === 'supervisor');
  expect(children.map((c) => [c.id, c.status, c.tokens])).toEqual(
    expect.arrayContaining([
      ['supervisor/researcher#1', 'succeeded', 9],
      ['supervisor/writer#1', 'succeeded', 12],
    ]),
  );
  expect(children.find((c) => c.nodeId === 'researcher')).toMatchObject({ input: { task: 'Find the size of Acme' }, output: 'Acme has 500 employees.' });
  expect(run.steps.filter((s) => s.parentStepId === null).map((s) => s.id)).toEqual(['trigger', 'supervisor', 'isHot', 'hot', 'cold']);

  // Tokens: the ledger debited each call's priced usage (fake-model pays the default 1 in / 4 out per 1,000), as feature 'agent'.
  const reported = fake.platformTokens();
  expect(reported).toBe(18 + 9 + 12 + 27);
  const debits = await agentDebits(alice.uid);
  expect(sum(debits)).toBe(reported);
  expect(debits.sort((a, b) => a - b)).toEqual([9, 12, 18, 27]);
  expect(stepOf(run, 'supervisor').tokens).toBe(reported);
  expect(run.tokensUsed).toBe(reported + 1);
  expect(await h.balance(alice.uid)).toBe(before - reported - 1);
  // The structured output was asked for with the node's schema.
  expect(fake.requests.some((r) => JSON.stringify(r.responseFormat ?? '').includes('"score"'))).toBe(true);
});

it('retries a provider error (HTTP 500) with backoff, then fails the step and the run', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual(['lead']), agent('solo', 'You are the flaky agent.'), node('out', 'output')], [edge('trigger', 'solo'), edge('solo', 'out')]);
  fake.script({ match: { system: 'flaky agent' }, reply: { error: { status: 500, message: 'The server had an error while processing your request.' } } });
  const run = await h.waitForRun(await start(wf.id, { lead: 'x' }), ['succeeded', 'failed'], 20_000);
  expect(run.status).toBe('failed');
  const step = stepOf(run, 'solo');
  expect(step).toMatchObject({ status: 'failed', attempts: RUN_LIMITS.maxAttempts, tokens: 0 });
  expect(step.error).toContain('The server had an error');
  expect(run.error).toBe(step.error);
  expect(fake.requests.filter((r) => r.system.includes('flaky agent'))).toHaveLength(RUN_LIMITS.maxAttempts);
  expect(stepOf(run, 'out').status).toBe('skipped');
});

it('succeeds on a later attempt after a transient 429', async () => {
  const wf = await h.saveWorkflow(alice.uid, [manual(['lead']), agent('solo', 'You are the busy agent.'), node('out', 'output', { mapping: 'solo' })], [edge('trigger', 'solo'), edge('solo', 'out')]);
  fake.script(
    { match: { system: 'busy agent' }, times: 1, reply: { error: { status: 429, message: 'Rate limit reached' } } },
    { match: { system: 'busy agent' }, reply: { text: 'Done.', usage: { prompt: 7_000, completion: 750 } } },
  );
  const run = await h.waitForRun(await start(wf.id, { lead: 'x' }), ['succeeded', 'failed'], 20_000);
  expect(run.status).toBe('succeeded');
  expect(stepOf(run, 'solo')).toMatchObject({ status: 'succeeded', attempts: 2, tokens: 10, output: 'Done.' });
  expect(run.output).toEqual({ out: 'Done.' });
});

it('refuses a run up front when an agent has no credential and no AI provider is configured: 409, nothing charged or stored', async () => {
  await h.restart({ env: {}, limits: { retryBaseDelayMs: 20 } });
  try {
    const wf = await h.saveWorkflow(alice.uid, [manual(['lead']), agent('solo', 'You are any agent.'), node('out', 'output')], [edge('trigger', 'solo'), edge('solo', 'out')]);
    const before = await h.balance(alice.uid);
    const refused = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: { lead: 'x' } } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: agentNeedsProvider('solo'), code: 'credential_missing' });
    expect(await h.balance(alice.uid)).toBe(before);
    expect((await h.db.collection('workflowRuns').where('workflowId', '==', wf.id).get()).size).toBe(0);
    expect((await h.call('GET', '/api/ai/status', { user: alice })).body).toEqual({ configured: false, providers: [], model: null });
  } finally {
    await h.restart({ env: AI_ENV(), limits: { retryBaseDelayMs: 20 } });
  }
  expect((await h.call('GET', '/api/ai/status', { user: alice })).body).toEqual({ configured: true, providers: ['openai'], model: 'fake-model' });
});

it("stops the run with the ledger's message when the tokens run out mid-run", async () => {
  const bob = await h.createUser('bob');
  // Left with 10 tokens, whatever the plan's allowance.
  await debit(h.db, { uid: bob.uid, feature: 'workflow_run', amount: (await h.balance(bob.uid)) - 10, idempotencyKey: 'test:leave-ten' });
  const wf = await h.saveWorkflow(
    bob.uid,
    [manual(['lead']), agent('first', 'You are the cheap agent.'), agent('second', 'You are the expensive agent.'), node('out', 'output')],
    [edge('trigger', 'first'), edge('first', 'second'), edge('second', 'out')],
  );
  fake.script(
    { match: { system: 'cheap agent' }, reply: { text: 'short', usage: { prompt: 3_000, completion: 500 } } },
    { match: { system: 'expensive agent' }, reply: { text: 'long', usage: { prompt: 8_000, completion: 1_000 } } },
  );
  const run = await h.waitForRun(await start(wf.id, { lead: 'x' }, bob), ['succeeded', 'failed'], 20_000);
  expect(run.status).toBe('failed');
  expect(stepOf(run, 'first')).toMatchObject({ status: 'succeeded', tokens: 5 });
  // 10 - 1 (start) - 5 (first agent: 3 + 2) = 4 left for a 12-token call (8 + 4).
  expect(stepOf(run, 'second')).toMatchObject({ status: 'failed', attempts: 1, error: 'Insufficient tokens: 12 needed, 4 remaining', tokens: 0 });
  expect(run.error).toBe('Insufficient tokens: 12 needed, 4 remaining');
  expect(stepOf(run, 'out').status).toBe('skipped');
  expect(await agentDebits(bob.uid)).toEqual([5]);
  expect(await h.balance(bob.uid)).toBe(4);
  expect(run.tokensUsed).toBe(6);
});
