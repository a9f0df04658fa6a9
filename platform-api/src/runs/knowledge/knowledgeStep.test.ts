// The Knowledge step and the agents' search_knowledge tool, end to end on the
// emulators: knowledge bases ingested through the real chunking, chunk store
// and keyword index; the question embedded through the base's own
// OpenAI-compatible credential (the fake embeddings server, real wire
// format); the agent's model is the fake chat server asking for the tool.
import { KNOWLEDGE_STEP_ERROR_CODES, KNOWLEDGE_TOOL_NAME } from '@agentflow/shared/workflow';
import { CREDENTIALS_API } from '@agentflow/shared/server';
import type { KnowledgeBase } from '@agentflow/shared/knowledge';
import { startFakeOpenAI, type FakeOpenAI } from '../../testing/fakeOpenAI';
import { fakeTokenCount, startFakeOpenAI as startFakeEmbeddings } from '../../agents/providers/openai/testing/fake';
import { sendJson, startFakeServer, type FakeProvider } from '../../agents/providers/testing/fakeServer';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../../testing/runsHarness';
import { seedKnowledgeBase } from '../../knowledge/search/testing/seedKnowledge';
import { queryEmbeddingCost } from './knowledgeStep';
import { createOrganization, seedWorkspaceRoles } from '../testing/workspaces';

const EMBEDDING_KEY = 'sk-embed-test-0001';
const EMBEDDING_MODEL = 'text-embedding-3-small';

let h: RunsHarness;
let chat: FakeOpenAI;
let embeddings: FakeProvider;
let alice: RunsUser;
let bob: RunsUser;
let manuals: KnowledgeBase;
let terms: KnowledgeBase;
let bobs: KnowledgeBase;

const BOILER = [
  '# Boiler\n\n## Installation\n\nMount the boiler on a load-bearing wall, at least 30 cm from the ceiling.',
  '# Boiler\n\n## Warranty\n\nThe warranty covers parts and labour for two years from installation. Keep the invoice as proof.',
  '# Boiler\n\n## Reset\n\nHold the reset button for five seconds until the light turns green.',
].join('\f');

beforeAll(async () => {
  chat = await startFakeOpenAI();
  embeddings = await startFakeEmbeddings({ apiKey: EMBEDDING_KEY });
  h = await startRunsHarness('knowledge-step', { env: { AI_BASE_URL: chat.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' }, limits: { retryBaseDelayMs: 20 } });
  [alice, bob] = await Promise.all([h.createUser('alice', { tokens: 5000 }), h.createUser('bob', { tokens: 5000 })]);
  const credential = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'openaiCompatible', name: 'Embeddings', settings: { baseUrl: embeddings.baseUrl }, secrets: { apiKey: EMBEDDING_KEY } } });
  expect(credential.status).toBe(201);
  const bucket = h.files.store.bucket;
  manuals = await seedKnowledgeBase(h.db, bucket, { ownerId: alice.uid, organizationId: null, name: 'Manuals', embedding: { credentialId: credential.body.id, model: EMBEDDING_MODEL } }, [
    { name: 'Boiler manual.pdf', text: BOILER },
    { name: 'Shipping terms', url: 'https://example.com/shipping', text: '# Shipping\n\nParcels leave the warehouse within two working days. Pallets need a delivery slot.' },
  ]);
  terms = await seedKnowledgeBase(h.db, bucket, { ownerId: alice.uid, organizationId: null, name: 'Terms', embedding: null }, [{ name: 'Payment terms', text: '# Payment\n\nInvoices are payable within thirty days of delivery.' }]);
  bobs = await seedKnowledgeBase(h.db, bucket, { ownerId: bob.uid, organizationId: null, name: 'Bob notes', embedding: null }, [{ name: 'Secret plan', text: 'Invoices of the secret plan are never payable.' }]);
});

afterAll(async () => {
  await h?.close();
  await chat?.close();
  await embeddings?.close();
});

beforeEach(() => chat.reset());

const manual = () => node('trigger', 'trigger.manual', { inputSchema: [{ key: 'question', label: 'Question', type: 'text', required: true }] });
const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as any;

async function runOnce(owner: RunsUser, nodes: ReturnType<typeof node>[], question: string, organizationId: string | null = null) {
  const wf = await h.saveWorkflow(owner.uid, [manual(), ...nodes], nodes.map((n) => edge('trigger', n.id)), { organizationId });
  const started = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: owner, body: { input: { question } } });
  expect(started.status).toBe(202);
  return h.waitForRun(started.body.runId, ['succeeded', 'failed']);
}

const embeddingCalls = () => embeddings.calls.filter((call) => call.path === '/v1/embeddings');

it('a Knowledge step finds the passage by the hybrid search, cites file, page and headings, and charges the query embedding', async () => {
  const before = embeddingCalls().length;
  const question = 'How long is the boiler warranty?';
  const run = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: manuals.id, query: 'input.question', topK: 2 })], question);
  expect(run.status).toBe('succeeded');
  const step = stepOf(run, 'search');
  expect(step.output.mode).toBe('hybrid');
  expect(step.output.passages).toHaveLength(2);
  expect(step.output.passages[0]).toMatchObject({
    text: expect.stringContaining('two years'),
    sourceId: expect.any(String),
    citation: { knowledgeBaseId: manuals.id, sourceName: 'Boiler manual.pdf', page: 2, headings: ['Boiler', 'Warranty'], url: null },
  });
  expect(step.output.passages[0].score).toBeGreaterThan(step.output.passages[1].score);
  // The question went to the base's own credential, once, and its tokens were charged through the price table.
  const calls = embeddingCalls().slice(before);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.headers.authorization).toBe(`Bearer ${EMBEDDING_KEY}`);
  expect(calls[0]!.body).toMatchObject({ model: EMBEDDING_MODEL, input: [question] });
  const cost = queryEmbeddingCost({ modelId: EMBEDDING_MODEL, tokens: fakeTokenCount(question) });
  expect(cost).toBeGreaterThan(0);
  expect(step.tokens).toBe(cost);
  expect(run.tokensUsed).toBeGreaterThanOrEqual(cost);
  // The key never reaches the run record.
  expect(JSON.stringify(run)).not.toContain(EMBEDDING_KEY);
});

it('a base without an embedding credential is searched by keyword alone, says so, and costs nothing', async () => {
  const before = embeddingCalls().length;
  const run = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: terms.id, query: '"When are invoices payable?"' })], 'ignored');
  expect(run.status).toBe('succeeded');
  const step = stepOf(run, 'search');
  expect(step.output).toMatchObject({ mode: 'keyword', query: 'When are invoices payable?' });
  expect(step.output.passages[0]).toMatchObject({ text: expect.stringContaining('thirty days'), citation: { sourceName: 'Payment terms', page: null } });
  expect(step.tokens).toBe(0);
  expect(embeddingCalls().length).toBe(before);
});

it("another workspace's knowledge base, or a missing one, fails the step with a stable code and reveals nothing", async () => {
  const foreign = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: bobs.id, query: 'input.question' })], 'invoices payable');
  expect(foreign.status).toBe('failed');
  expect(stepOf(foreign, 'search')).toMatchObject({ status: 'failed', errorCode: KNOWLEDGE_STEP_ERROR_CODES.forbidden });
  expect(JSON.stringify(foreign)).not.toContain('secret plan');

  const missing = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: 'kb-that-never-was', query: 'input.question' })], 'anything');
  expect(stepOf(missing, 'search')).toMatchObject({ status: 'failed', errorCode: KNOWLEDGE_STEP_ERROR_CODES.missing });
});

it("a base whose embedding credential is gone fails with 'knowledge-embedding-failed', and a provider's 5xx is retried", async () => {
  const orphan = await seedKnowledgeBase(h.db, h.files.store.bucket, { ownerId: alice.uid, organizationId: null, name: 'Orphan', embedding: { credentialId: 'credential-deleted', model: EMBEDDING_MODEL } }, [{ name: 'Note', text: 'Boilers need a yearly service.' }]);
  const run = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: orphan.id, query: 'input.question' })], 'boiler service');
  expect(stepOf(run, 'search')).toMatchObject({ status: 'failed', attempts: 1, errorCode: KNOWLEDGE_STEP_ERROR_CODES.embedding });

  // A provider that answers 503 on every call: the step is attempted again, then fails as the provider did.
  const down = await startFakeServer('/v1', (_call, res) => sendJson(res, 503, { error: { message: 'The server is overloaded', type: 'server_error', param: null, code: null } }));
  try {
    const credential = await h.call('POST', CREDENTIALS_API.create, { user: alice, body: { type: 'openaiCompatible', name: 'Down', settings: { baseUrl: down.baseUrl }, secrets: { apiKey: 'sk-down' } } });
    const flaky = await seedKnowledgeBase(h.db, h.files.store.bucket, { ownerId: alice.uid, organizationId: null, name: 'Flaky', embedding: { credentialId: credential.body.id, model: EMBEDDING_MODEL } }, [{ name: 'Note', text: 'Boilers need a yearly service.' }]);
    const retried = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: flaky.id, query: 'input.question' })], 'boiler service');
    expect(stepOf(retried, 'search').status).toBe('failed');
    expect(stepOf(retried, 'search').attempts).toBeGreaterThan(1);
  } finally {
    await down.close();
  }
});

it('an agent listing a knowledge base calls search_knowledge: the call is a child step with the passages, citations and cost, and the model reads them numbered', async () => {
  chat.script(
    { match: { system: 'service assistant', afterToolResults: false, offersTool: KNOWLEDGE_TOOL_NAME }, reply: { toolCalls: [{ name: KNOWLEDGE_TOOL_NAME, arguments: { query: 'boiler warranty' } }] } },
    { match: { system: 'service assistant', afterToolResults: true }, reply: (request) => ({ text: request.toolResults.at(-1)?.includes('[1] Boiler manual.pdf, p. 2 — Boiler › Warranty') ? 'Two years, parts and labour [1].' : 'I could not find it.' }) },
  );
  const assistant = node('assistant', 'agent', {
    name: 'Assistant',
    role: 'You are a service assistant. Answer from the manuals and cite them.',
    promptTemplate: '{{ input.question }}',
    output: { type: 'text' },
    tools: { http: [], delegates: [], knowledge: [manuals.id] },
  });
  const run = await runOnce(alice, [assistant], 'How long is the warranty?');
  expect(run.status).toBe('succeeded');
  expect(stepOf(run, 'assistant').output).toBe('Two years, parts and labour [1].');
  const child = run.steps.find((s) => s.parentStepId === 'assistant') as any;
  expect(child).toMatchObject({ id: `assistant/${KNOWLEDGE_TOOL_NAME}#1`, type: 'knowledge', status: 'succeeded', input: { query: 'boiler warranty', knowledgeBaseId: manuals.id } });
  expect(child.output.mode).toBe('hybrid');
  expect(child.output.passages[0].citation).toMatchObject({ sourceName: 'Boiler manual.pdf', page: 2 });
  expect(child.tokens).toBe(queryEmbeddingCost({ modelId: EMBEDDING_MODEL, tokens: fakeTokenCount('boiler warranty') }));
  // The tool was described to the model with its question parameter.
  const offered = chat.requests[0]!.toolDefinitions.find((t) => t.name === KNOWLEDGE_TOOL_NAME);
  expect(offered?.parameters).toMatchObject({ required: ['query'] });
});

it("an agent cannot search another workspace's base: the refusal is the tool's error, recorded on the child step", async () => {
  chat.script(
    { match: { system: 'nosy assistant', afterToolResults: false }, reply: { toolCalls: [{ name: KNOWLEDGE_TOOL_NAME, arguments: { query: 'secret plan' } }] } },
    { match: { system: 'nosy assistant', afterToolResults: true }, reply: (request) => ({ text: request.toolResults.at(-1)?.includes('not one of this workflow') ? 'Not allowed.' : 'Leaked.' }) },
  );
  const nosy = node('nosy', 'agent', { name: 'Nosy', role: 'You are a nosy assistant.', promptTemplate: '{{ input.question }}', output: { type: 'text' }, tools: { http: [], delegates: [], knowledge: [bobs.id] } });
  const run = await runOnce(alice, [nosy], 'What is the plan?');
  expect(stepOf(run, 'nosy').output).toBe('Not allowed.');
  const child = run.steps.find((s) => s.parentStepId === 'nosy') as any;
  expect(child).toMatchObject({ type: 'knowledge', status: 'failed' });
  expect(child.error).toContain('not one of this workflow');
  expect(JSON.stringify(run)).not.toContain('never payable');
});

it("an organization's workflow searches the organization's bases, not its owner's personal ones", async () => {
  await seedWorkspaceRoles(h.db);
  await createOrganization(h.db, 'org-knowledge', alice.uid);
  const shared = await seedKnowledgeBase(h.db, h.files.store.bucket, { ownerId: alice.uid, organizationId: 'org-knowledge', name: 'Team handbook', embedding: null }, [{ name: 'Handbook', text: '# Holidays\n\nHoliday requests go to the team lead two weeks ahead.' }]);
  const inOrg = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: shared.id, query: 'input.question' })], 'holiday requests', 'org-knowledge');
  expect(inOrg.status).toBe('succeeded');
  expect(stepOf(inOrg, 'search').output.passages[0].citation).toMatchObject({ knowledgeBaseId: shared.id, sourceName: 'Handbook' });
  // The owner's personal base is another workspace's for the organization's run.
  const personal = await runOnce(alice, [node('search', 'knowledge', { knowledgeBaseId: terms.id, query: 'input.question' })], 'invoices payable', 'org-knowledge');
  expect(stepOf(personal, 'search')).toMatchObject({ status: 'failed', errorCode: KNOWLEDGE_STEP_ERROR_CODES.forbidden });
});
