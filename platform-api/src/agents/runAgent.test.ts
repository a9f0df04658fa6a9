// runAgent against the fake OpenAI-compatible server through the real
// @ai-sdk/openai-compatible provider, with recording callbacks for charges and
// child steps (the engine's ledger and run document are tested with the engine).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InsufficientTokensError } from '@agentflow/shared/server';
import { RUN_MESSAGES, templateById, type WorkflowNode } from '@agentflow/shared/workflow';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { NoProviderError, ProviderCallError, createModelResolver, type ModelResolver } from './providers';
import { AgentOutputError, AgentStepLimitError, delegateToolName, runAgent, type ChildStepUpdate, type RunAgentOptions } from './runAgent';

let fake: FakeOpenAI;
let models: ModelResolver;
let api: http.Server;
let apiBase: string;
const apiSeen: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test' });
  models = createModelResolver({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-model', ollamaUrl: null, ollamaModel: null });
  api = http.createServer((req, res) => {
    apiSeen.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith('/orders/')) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: decodeURIComponent(req.url.split('/')[2]!.split('?')[0]!), status: 'shipped', lines: 3 }));
    } else if (req.url?.startsWith('/huge')) {
      res.end('z'.repeat(20_000));
    } else {
      res.statusCode = 404;
      res.end('nope');
    }
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await fake.close();
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

beforeEach(() => {
  fake.reset();
  apiSeen.length = 0;
});

function agent(id: string, params: Record<string, unknown>): WorkflowNode {
  return { id, type: 'agent', name: String(params.name ?? id), position: { x: 0, y: 0 }, params };
}

interface Recorder {
  charges: { tokens: number; callKey: string }[];
  children: ChildStepUpdate[];
  options: (overrides: Partial<RunAgentOptions> & Pick<RunAgentOptions, 'node'>) => RunAgentOptions;
}

function recorder(): Recorder {
  const charges: Recorder['charges'] = [];
  const children: ChildStepUpdate[] = [];
  return {
    charges,
    children,
    options: (overrides) => ({
      nodes: [overrides.node],
      input: { input: { topic: 'pricing' } },
      stepId: overrides.node.id,
      models,
      signal: new AbortController().signal,
      chargeTokens: async (tokens, callKey) => {
        charges.push({ tokens, callKey });
      },
      onChildStep: (update) => {
        children.push(update);
      },
      fetchPolicy: { allowPrivateNetworks: true, timeoutMs: 2000, maxResponseBytes: 1_000_000 },
      ...overrides,
    }),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('text output', () => {
  it('renders the prompt template against the input, uses the role as system prompt, and charges the reported usage', async () => {
    fake.script({ match: { system: 'You write summaries.' }, reply: { text: 'Pricing is competitive.', usage: { prompt: 40_000, completion: 6_000 } } });
    const rec = recorder();
    const node = agent('summary', { name: 'Summariser', role: 'You write summaries.', promptTemplate: 'Summarise {{ input.topic }} in one line.' });
    const result = await runAgent(rec.options({ node }));
    // fake-model pays the default price: 40 (input) + 24 (output).
    expect(result).toEqual({ output: 'Pricing is competitive.', tokens: 64 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ model: 'fake-model', system: 'You write summaries.', lastUser: 'Summarise pricing in one line.', tools: [] });
    expect(rec.charges).toEqual([{ tokens: 64, callKey: 'summary:call:1' }]);
    expect(rec.children).toEqual([]);
  });

  it('uses the node model override', async () => {
    fake.script({ reply: { text: 'big answer' } });
    const rec = recorder();
    await runAgent(rec.options({ node: agent('a', { name: 'A', role: 'r', promptTemplate: 'p', model: 'fake-model-large' }) }));
    expect(fake.requests[0]!.model).toBe('fake-model-large');
  });
});

describe('JSON output', () => {
  const schema = {
    type: 'object',
    properties: { severity: { type: 'string', enum: ['low', 'medium', 'high'] }, delayHours: { type: 'number', minimum: 0 } },
    required: ['severity', 'delayHours'],
    additionalProperties: false,
  };
  const node = agent('triage', { name: 'Triage', role: 'You triage delays.', promptTemplate: 'Rate {{ input.topic }}', output: { type: 'json', schema } });

  it('returns the parsed object when it matches the schema, asking for json_schema output', async () => {
    fake.script({ reply: { json: { severity: 'high', delayHours: 50 } } });
    const rec = recorder();
    const result = await runAgent(rec.options({ node }));
    expect(result.output).toEqual({ severity: 'high', delayHours: 50 });
    expect(fake.requests[0]!.responseFormat).toMatchObject({ type: 'json_schema', json_schema: { schema: expect.objectContaining({ required: ['severity', 'delayHours'] }) } });
    expect(fake.requests[0]!.system).toContain('reply with only a JSON object that matches this JSON schema');
    expect(result.tokens).toBe(fake.platformTokens());
  });

  it('works through Ollama too (the schema goes as `format`)', async () => {
    const ollamaOnly = createModelResolver({ baseUrl: null, apiKey: null, model: null, ollamaUrl: fake.ollamaUrl, ollamaModel: 'llama3' });
    const rec = recorder();
    const result = await runAgent(rec.options({ node, models: ollamaOnly }));
    expect(result.output).toEqual({ severity: 'low', delayHours: 0 });
    expect(fake.requests[0]).toMatchObject({ protocol: 'ollama', model: 'llama3', responseFormat: expect.objectContaining({ required: ['severity', 'delayHours'] }) });
    expect(rec.charges).toEqual([{ tokens: fake.platformTokens(), callKey: 'triage:call:1' }]);
  });

  it('fails with a message naming the field that does not match', async () => {
    fake.script({ reply: { json: { severity: 'catastrophic', delayHours: 5 } } });
    const rec = recorder();
    const error = await runAgent(rec.options({ node })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentOutputError);
    expect((error as Error).message).toBe('Agent "Triage" answered JSON that does not match its schema: severity: Invalid option: expected one of "low"|"medium"|"high"');
    // The call was made and answered: its tokens were charged all the same.
    expect(sum(rec.charges.map((c) => c.tokens))).toBe(fake.platformTokens());
  });

  it('fails when the answer is not JSON at all', async () => {
    fake.script({ reply: { text: 'It is pretty bad, I would say high.' } });
    const error = await runAgent(recorder().options({ node })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentOutputError);
    expect((error as Error).message).toBe('Agent "Triage" did not answer valid JSON: "It is pretty bad, I would say high."');
  });

  it('fails on a missing required field', async () => {
    fake.script({ reply: { json: { severity: 'low' } } });
    await expect(runAgent(recorder().options({ node }))).rejects.toThrow('delayHours: Invalid input: expected number, received undefined');
  });
});

describe('HTTP tools', () => {
  const tools = (url: string) => ({
    http: [{ name: 'get_order', description: 'Returns an order by id.', method: 'GET', url, headers: { 'X-Topic': '{{ input.topic }}' } }],
    delegates: [],
  });

  it('calls the tool through safeFetch with the templated URL and the model query, and gives the model the response', async () => {
    fake.script(
      { match: { afterToolResults: false, offersTool: 'get_order' }, reply: { toolCalls: [{ name: 'get_order', arguments: { query: { expand: 'lines' } } }] } },
      { match: { afterToolResults: true }, reply: (request) => ({ text: `Seen: ${request.toolResults[0]}` }) },
    );
    const rec = recorder();
    const node = agent('support', { name: 'Support', role: 'You answer order questions.', promptTemplate: 'Where is order {{ input.orderId }}?', tools: tools(`${apiBase}/orders/{{ input.orderId }}`) });
    const result = await runAgent(rec.options({ node, input: { input: { orderId: 'A/1', topic: 'orders' } } }));
    expect(apiSeen).toEqual(['GET /orders/A%2F1?expand=lines']);
    expect(fake.requests[0]!.toolDefinitions[0]).toMatchObject({ name: 'get_order', description: 'Returns an order by id.' });
    expect(fake.requests[1]!.toolResults).toEqual(['HTTP 200\n{"id":"A/1","status":"shipped","lines":3}']);
    expect(result.output).toBe('Seen: HTTP 200\n{"id":"A/1","status":"shipped","lines":3}');
    expect(rec.charges.map((c) => c.callKey)).toEqual(['support:call:1', 'support:call:2']);
    expect(result.tokens).toBe(fake.platformTokens());
  });

  it('truncates a long response for the model', async () => {
    fake.script({ match: { afterToolResults: false }, reply: { toolCalls: [{ name: 'get_order', arguments: {} }] } }, { reply: { text: 'ok' } });
    await runAgent(recorder().options({ node: agent('a', { name: 'A', role: 'r', promptTemplate: 'p', tools: tools(`${apiBase}/huge`) }) }));
    const result = fake.requests[1]!.toolResults[0]!;
    expect(result.startsWith(`HTTP 200\n${'z'.repeat(8000)}\n[truncated: 20000 bytes in all]`)).toBe(true);
  });

  it('a failed request reaches the model as a readable tool error', async () => {
    fake.script({ match: { afterToolResults: false }, reply: { toolCalls: [{ name: 'get_order', arguments: {} }] } }, { reply: { text: 'down' } });
    await runAgent(recorder().options({ node: agent('a', { name: 'A', role: 'r', promptTemplate: 'p', tools: tools('http://127.0.0.1:1/orders') }) }));
    expect(fake.requests[1]!.toolResults[0]).toContain('GET http://127.0.0.1:1/orders failed: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('a refused address reaches the model as a tool error, and the agent still answers', async () => {
    fake.script({ match: { afterToolResults: false }, reply: { toolCalls: [{ name: 'get_order', arguments: {} }] } }, { reply: { text: 'The order service is not reachable.' } });
    const rec = recorder();
    const node = agent('a', { name: 'A', role: 'r', promptTemplate: 'p', tools: tools('http://169.254.169.254/latest/meta-data/') });
    const result = await runAgent(rec.options({ node, fetchPolicy: { allowPrivateNetworks: false, timeoutMs: 2000, maxResponseBytes: 1_000_000 } }));
    expect(fake.requests[1]!.toolResults[0]).toContain('Refused to connect to 169.254.169.254');
    expect(result.output).toBe('The order service is not reachable.');
  });
});

describe('delegation', () => {
  const triageSchema = { type: 'object', properties: { severity: { type: 'string', enum: ['low', 'medium', 'high'] }, newEta: { type: 'string' } }, required: ['severity', 'newEta'], additionalProperties: false };
  const etaSchema = { type: 'object', properties: { newEta: { type: 'string' } }, required: ['newEta'], additionalProperties: false };
  const supervisor = agent('triage', {
    name: 'Delay triage supervisor',
    role: 'You are the triage supervisor.',
    promptTemplate: 'Shipment {{ input.shipmentId }} is late.',
    output: { type: 'json', schema: triageSchema },
    tools: { http: [], delegates: ['etaSpecialist', 'impactSpecialist'] },
  });
  const eta = agent('etaSpecialist', { name: 'ETA specialist', role: 'You estimate arrival times.', promptTemplate: 'Estimate the ETA of {{ input.shipmentId }}.', output: { type: 'json', schema: etaSchema } });
  const impact = agent('impactSpecialist', { name: 'Customer impact specialist', role: 'You assess customer impact.', promptTemplate: 'Who is affected by {{ input.shipmentId }}?' });
  const nodes = [supervisor, eta, impact];
  const input = { input: { shipmentId: 'SH-1' } };

  function scriptTeam(f: FakeOpenAI) {
    f.script(
      {
        match: { system: 'triage supervisor', afterToolResults: false },
        reply: {
          toolCalls: [
            { name: 'delegate_etaSpecialist', arguments: { task: 'Estimate the new ETA' } },
            { name: 'delegate_impactSpecialist', arguments: { task: 'List affected orders' } },
          ],
          usage: { prompt: 10_000, completion: 2_000 },
        },
      },
      { match: { system: 'triage supervisor', afterToolResults: true }, reply: { json: { severity: 'high', newEta: '2026-11-25T10:00:00Z' }, usage: { prompt: 15_000, completion: 1_500 } } },
      { match: { system: 'estimate arrival times' }, reply: { json: { newEta: '2026-11-25T10:00:00Z' }, usage: { prompt: 3_000, completion: 1_000 } } },
      { match: { system: 'customer impact' }, reply: { text: 'Orders 1 and 2; SLA breached.', usage: { prompt: 2_500, completion: 800 } } },
    );
  }

  it('a supervisor delegates to two specialists: child steps, per-call charges equal to the priced usage the fake reported', async () => {
    scriptTeam(fake);
    const rec = recorder();
    const result = await runAgent(rec.options({ node: supervisor, nodes, input }));

    expect(result.output).toEqual({ severity: 'high', newEta: '2026-11-25T10:00:00Z' });
    expect(fake.requests[0]!.tools).toEqual(['delegate_etaSpecialist', 'delegate_impactSpecialist']);
    expect(fake.requests[0]!.toolDefinitions[0]!.description).toContain('ETA specialist');

    // Each specialist got its own prompt, with the supervisor's task appended.
    const etaRequest = fake.requests.find((r) => r.system.startsWith('You estimate arrival times.'))!;
    expect(etaRequest.lastUser).toBe('Estimate the ETA of SH-1.\n\nTask from Delay triage supervisor:\nEstimate the new ETA');

    expect([...rec.charges].sort((a, b) => (a.callKey < b.callKey ? -1 : 1))).toEqual([
      { tokens: 7, callKey: 'triage/etaSpecialist#1:call:1' },
      { tokens: 6, callKey: 'triage/impactSpecialist#1:call:1' },
      { tokens: 18, callKey: 'triage:call:1' },
      { tokens: 21, callKey: 'triage:call:2' },
    ]);
    expect(sum(rec.charges.map((c) => c.tokens))).toBe(fake.platformTokens());
    expect(result.tokens).toBe(fake.platformTokens());

    const final = (id: string) => rec.children.filter((c) => c.id === id);
    expect(final('triage/etaSpecialist#1').map((c) => c.status)).toEqual(['running', 'succeeded']);
    expect(final('triage/etaSpecialist#1')[0]).toMatchObject({ parentStepId: 'triage', nodeId: 'etaSpecialist', name: 'ETA specialist', input: { task: 'Estimate the new ETA' } });
    expect(final('triage/etaSpecialist#1')[1]).toMatchObject({ output: { newEta: '2026-11-25T10:00:00Z' }, tokens: 7, error: null });
    expect(final('triage/impactSpecialist#1')[1]).toMatchObject({ status: 'succeeded', output: 'Orders 1 and 2; SLA breached.', tokens: 6 });

    // The supervisor saw both answers as tool results.
    expect(fake.requests.at(-1)!.toolResults.sort()).toEqual(['Orders 1 and 2; SLA breached.', '{"newEta":"2026-11-25T10:00:00Z"}']);
  });

  it('numbers repeated calls to the same delegate', async () => {
    fake.script(
      // The supervisor's first two calls each delegate; the third answers.
      { match: { system: 'triage supervisor' }, times: 2, reply: { toolCalls: [{ name: 'delegate_impactSpecialist', arguments: { task: 'again' } }] } },
      { match: { system: 'triage supervisor' }, reply: { json: { severity: 'low', newEta: 'x' } } },
      { match: { system: 'customer impact' }, reply: { text: 'none' } },
    );
    const rec = recorder();
    await runAgent(rec.options({ node: supervisor, nodes, input }));
    expect([...new Set(rec.children.map((c) => c.id))]).toEqual(['triage/impactSpecialist#1', 'triage/impactSpecialist#2']);
    expect(rec.charges.map((c) => c.callKey)).toEqual([
      'triage:call:1',
      'triage/impactSpecialist#1:call:1',
      'triage:call:2',
      'triage/impactSpecialist#2:call:1',
      'triage:call:3',
    ]);
  });

  it("a delegate's invalid answer fails its child step and is reported to the supervisor, which goes on", async () => {
    fake.script(
      { match: { system: 'triage supervisor', afterToolResults: false }, reply: { toolCalls: [{ name: 'delegate_etaSpecialist', arguments: { task: 'ETA?' } }] } },
      { match: { system: 'triage supervisor', afterToolResults: true }, reply: (r) => ({ json: { severity: 'medium', newEta: r.toolResults[0]!.slice(0, 40) } }) },
      { match: { system: 'estimate arrival times' }, reply: { text: 'soon-ish' } },
    );
    const rec = recorder();
    const result = await runAgent(rec.options({ node: supervisor, nodes, input }));
    const child = rec.children.filter((c) => c.id === 'triage/etaSpecialist#1');
    expect(child.map((c) => c.status)).toEqual(['running', 'failed']);
    expect(child[1]!.error).toBe('Agent "ETA specialist" did not answer valid JSON: "soon-ish"');
    expect(child[1]!.tokens).toBe(fake.platformTokensPerCall()[1]);
    expect(fake.requests[2]!.toolResults[0]).toContain('did not answer valid JSON');
    expect(result.output).toMatchObject({ severity: 'medium' });
    expect(result.tokens).toBe(fake.platformTokens());
  });

  it('refuses a delegation cycle', async () => {
    const a = agent('a', { name: 'Alpha', role: 'You are alpha.', promptTemplate: 'p', tools: { http: [], delegates: ['b'] } });
    const b = agent('b', { name: 'Beta', role: 'You are beta.', promptTemplate: 'p', tools: { http: [], delegates: ['a'] } });
    fake.script(
      { match: { system: 'You are alpha.', afterToolResults: false }, reply: { toolCalls: [{ name: 'delegate_b', arguments: { task: 'go' } }] } },
      { match: { system: 'You are beta.', afterToolResults: false }, reply: { toolCalls: [{ name: 'delegate_a', arguments: { task: 'back' } }] } },
      { reply: (r) => ({ text: `done after: ${r.toolResults[0]}` }) },
    );
    const rec = recorder();
    const result = await runAgent(rec.options({ node: a, nodes: [a, b] }));
    const cycle = rec.children.find((c) => c.id === 'a/b#1/a#1' && c.status === 'failed');
    expect(cycle?.error).toBe('Alpha is already working on this task higher up (a delegation cycle)');
    expect(result.output).toBe('done after: done after: Alpha is already working on this task higher up (a delegation cycle)');
  });

  it("runs the logistics template's triage supervisor with its two specialists (unscripted answers follow the schemas)", async () => {
    const workflow = templateById('tpl-logistics-shipment-delay-triage')!;
    const triage = workflow.nodes.find((n) => n.id === 'triage')!;
    fake.script({
      match: { system: 'shift lead on a logistics control tower', afterToolResults: false },
      reply: {
        toolCalls: [
          { name: 'delegate_etaSpecialist', arguments: { task: 'New ETA for SH-9?' } },
          { name: 'delegate_impactSpecialist', arguments: { task: 'Affected orders for SH-9?' } },
        ],
      },
    });
    const rec = recorder();
    const result = await runAgent(
      rec.options({ node: triage, nodes: workflow.nodes, input: { input: { shipmentId: 'SH-9', carrier: 'DHL', statusCode: 'X1', description: 'Customs hold', location: 'Leipzig', originalEta: '2026-11-24' } } }),
    );
    expect(result.output).toMatchObject({ severity: 'low', notifyCustomers: true, affectedOrders: ['Sample affectedOrders'] });
    expect(fake.requests[0]!.lastUser).toContain('Shipment: SH-9\nCarrier: DHL');
    expect(fake.requests[0]!.tools).toEqual(['delegate_etaSpecialist', 'delegate_impactSpecialist']);
    const eta = fake.requests.find((r) => r.system.startsWith('You estimate realistic arrival times'))!;
    expect(eta.tools).toEqual(['get_tracking']);
    expect(eta.lastUser).toContain('Estimate the new ETA for shipment SH-9 with carrier DHL');
    const done = rec.children.filter((c) => c.status === 'succeeded');
    expect(done.map((c) => c.id).sort()).toEqual(['triage/etaSpecialist#1', 'triage/impactSpecialist#1']);
    expect(sum(rec.charges.map((c) => c.tokens))).toBe(fake.platformTokens());
    const supervisorTokens = fake.requests.filter((r) => r.status === 200 && r.usage).map((r, index) => (r.system.includes('shift lead') ? fake.platformTokensPerCall()[index]! : 0));
    expect(sum(done.map((c) => c.tokens ?? 0)) + sum(supervisorTokens)).toBe(result.tokens);
  });

  it('tool names are sanitised node ids', () => {
    expect(delegateToolName('eta.specialist v2')).toBe('delegate_eta_specialist_v2');
    expect(delegateToolName('x'.repeat(80))).toHaveLength(64);
  });
});

describe('limits and failures', () => {
  const pinger = (maxTools = true) =>
    agent('looper', {
      name: 'Looper',
      role: 'You loop.',
      promptTemplate: 'go',
      tools: maxTools ? { http: [{ name: 'ping', description: 'Ping.', method: 'GET', url: `${apiBase}/orders/1` }], delegates: [] } : { http: [], delegates: [] },
    });

  it('stops after maxSteps model calls; the last call gets no tools so the agent answers', async () => {
    fake.script({ match: { offersTool: 'ping' }, reply: { toolCalls: [{ name: 'ping', arguments: {} }] } }, { reply: { text: 'final answer without tools' } });
    const rec = recorder();
    const result = await runAgent(rec.options({ node: pinger(), maxSteps: 3 }));
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.map((r) => r.tools)).toEqual([['ping'], ['ping'], []]);
    expect(apiSeen).toHaveLength(2);
    expect(result.output).toBe('final answer without tools');
    expect(rec.charges.map((c) => c.callKey)).toEqual(['looper:call:1', 'looper:call:2', 'looper:call:3']);
  });

  it('fails when the agent still asks for tools on its last step', async () => {
    fake.script({ reply: { toolCalls: [{ name: 'ping', arguments: {} }] } });
    const error = await runAgent(recorder().options({ node: pinger(), maxSteps: 2 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentStepLimitError);
    expect((error as Error).message).toBe('Agent "Looper" used its 2 steps without giving a final answer');
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    [500, true],
    [503, true],
    [429, true],
    [400, false],
    [401, false],
  ])('provider HTTP %i → ProviderCallError transient=%s, one request (no SDK retries), nothing charged', async (status, transient) => {
    fake.script({ reply: { error: { status, message: `scripted ${status}` } } });
    const rec = recorder();
    const error = await runAgent(rec.options({ node: pinger(false) })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderCallError);
    expect(error).toMatchObject({ transient, status, message: `The AI provider answered HTTP ${status}: scripted ${status}` });
    expect(fake.requests).toHaveLength(1);
    expect(rec.charges).toEqual([]);
  });

  it('an unreachable provider is a transient ProviderCallError', async () => {
    const closed = createModelResolver({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'm', ollamaUrl: null, ollamaModel: null });
    const error = await runAgent(recorder().options({ node: pinger(false), models: closed })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderCallError);
    expect(error).toMatchObject({ transient: true, status: null, message: expect.stringContaining('The AI provider could not be reached') });
  });

  it("a delegate's provider error fails the whole step with that error", async () => {
    const sup = agent('sup', { name: 'Sup', role: 'You supervise.', promptTemplate: 'p', tools: { http: [], delegates: ['worker'] } });
    const worker = agent('worker', { name: 'Worker', role: 'You work.', promptTemplate: 'p' });
    fake.script({ match: { system: 'You supervise.' }, reply: { toolCalls: [{ name: 'delegate_worker', arguments: { task: 't' } }] } }, { match: { system: 'You work.' }, reply: { error: { status: 503 } } });
    const rec = recorder();
    const error = await runAgent(rec.options({ node: sup, nodes: [sup, worker] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderCallError);
    expect((error as ProviderCallError).transient).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(rec.children.map((c) => c.status)).toEqual(['running', 'failed']);
  });

  it('no provider configured → NoProviderError with the exact message, no calls', async () => {
    const none = createModelResolver({ baseUrl: null, apiKey: null, model: null, ollamaUrl: null, ollamaModel: null });
    const error = await runAgent(recorder().options({ node: pinger(false), models: none })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoProviderError);
    expect((error as Error).message).toBe(RUN_MESSAGES.noProvider);
    expect((error as Error).message).toBe('No AI provider is configured. Set AI_BASE_URL and AI_API_KEY, or OLLAMA_URL, for platform-api.');
    expect(fake.requests).toHaveLength(0);
  });

  it('chargeTokens throwing on the first call stops the agent before its tools run, with the error unchanged', async () => {
    fake.script({ reply: { toolCalls: [{ name: 'ping', arguments: {} }] } });
    const refusal = new InsufficientTokensError(50, 10);
    const error = await runAgent(
      recorder().options({
        node: pinger(),
        chargeTokens: async () => {
          throw refusal;
        },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBe(refusal);
    expect(fake.requests).toHaveLength(1);
    expect(apiSeen).toEqual([]);
  });

  it("chargeTokens throwing in a delegate's call stops the supervisor too: no further model calls", async () => {
    const sup = agent('sup', { name: 'Sup', role: 'You supervise.', promptTemplate: 'p', tools: { http: [], delegates: ['worker'] } });
    const worker = agent('worker', { name: 'Worker', role: 'You work.', promptTemplate: 'p' });
    fake.script({ match: { system: 'You supervise.' }, reply: { toolCalls: [{ name: 'delegate_worker', arguments: { task: 't' } }] } }, { match: { system: 'You work.' }, reply: { text: 'work done' } });
    const charged: string[] = [];
    const refusal = new InsufficientTokensError(30, 0);
    const rec = recorder();
    const error = await runAgent(
      rec.options({
        node: sup,
        nodes: [sup, worker],
        chargeTokens: async (_tokens, callKey) => {
          if (charged.length === 1) throw refusal;
          charged.push(callKey);
        },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBe(refusal);
    expect(charged).toEqual(['sup:call:1']);
    expect(fake.requests).toHaveLength(2);
    const child = rec.children.filter((c) => c.id === 'sup/worker#1');
    expect(child.map((c) => c.status)).toEqual(['running', 'failed']);
    expect(child[1]!.error).toBe('Insufficient tokens: 30 needed, 0 remaining');
  });

  it('cancel: the signal aborts the model call and its reason is thrown', async () => {
    fake.script({ reply: { text: 'late', delayMs: 5000 } });
    const controller = new AbortController();
    const reason = new Error('Canceled');
    setTimeout(() => controller.abort(reason), 50);
    const error = await runAgent(recorder().options({ node: pinger(false), signal: controller.signal })).catch((e: unknown) => e);
    expect(error).toBe(reason);
  });

  it('an agent node with invalid params fails with a message naming the field', async () => {
    const bad = agent('bad', { name: 'Bad', role: '', promptTemplate: 'p' });
    await expect(runAgent(recorder().options({ node: bad }))).rejects.toThrow('Agent "Bad" has invalid settings: role');
  });
});
