// The fake must be good enough that the real, unchanged providers work
// against it: @ai-sdk/openai-compatible (JSON and streaming) and
// ollama-ai-provider-v2.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, jsonSchema, Output, stepCountIs, streamText, tool, type JSONSchema7 } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { z } from 'zod';
import { WORKFLOW_TEMPLATES } from '@agentflow/shared/workflow';
import { sampleFromSchema, startFakeOpenAI, type FakeOpenAI } from './fakeOpenAI';

let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'test-key' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const provider = () => createOpenAICompatible({ name: 'fake', baseURL: fake.baseUrl, apiKey: 'test-key', includeUsage: true });

describe('OpenAI chat completions through @ai-sdk/openai-compatible', () => {
  it('answers a scripted text reply matched on the system prompt, with usage', async () => {
    fake.script({ match: { system: 'pirate' }, reply: { text: 'Arr, hello!', usage: { prompt: 12, completion: 5 } } }, { reply: { text: 'plain hello' } });
    const pirate = await generateText({ model: provider()('fake-model'), system: 'You are a pirate.', prompt: 'Say hello', maxRetries: 0 });
    expect(pirate.text).toBe('Arr, hello!');
    expect(pirate.usage).toMatchObject({ inputTokens: 12, outputTokens: 5, totalTokens: 17 });
    const plain = await generateText({ model: provider()('fake-model'), system: 'You are polite.', prompt: 'Say hello', maxRetries: 0 });
    expect(plain.text).toBe('plain hello');

    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({ protocol: 'openai', model: 'fake-model', stream: false, system: 'You are a pirate.', lastUser: 'Say hello', authorization: 'Bearer test-key', status: 200 });
    expect(fake.totalTokens()).toBe(17 + fake.requests[1]!.usage!.total);
  });

  it('streams the same replies as server-sent events', async () => {
    fake.script({ reply: { text: 'A streamed answer that is longer than one chunk.', usage: { prompt: 20, completion: 11 } } });
    const result = streamText({ model: provider()('fake-model'), prompt: 'Stream please', maxRetries: 0 });
    expect(await result.text).toBe('A streamed answer that is longer than one chunk.');
    expect(await result.usage).toMatchObject({ inputTokens: 20, outputTokens: 11, totalTokens: 31 });
    expect(fake.requests[0]!.stream).toBe(true);
  });

  it('calls tools (function calling) and continues after the tool result', async () => {
    fake.script(
      { match: { afterToolResults: false, offersTool: 'get_weather' }, reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] } },
      { match: { afterToolResults: true, toolResult: 'sunny' }, reply: { text: 'It is sunny in Paris.' } },
    );
    const seen: unknown[] = [];
    const result = await generateText({
      model: provider()('fake-model'),
      prompt: 'Weather in Paris?',
      tools: {
        get_weather: tool({
          description: 'Weather for a city',
          inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
          execute: async (input) => {
            seen.push(input);
            return 'sunny, 21 °C';
          },
        }),
      },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(seen).toEqual([{ city: 'Paris' }]);
    expect(result.text).toBe('It is sunny in Paris.');
    expect(result.steps).toHaveLength(2);
    expect(fake.requests[0]!.toolDefinitions).toEqual([
      { name: 'get_weather', description: 'Weather for a city', parameters: expect.objectContaining({ type: 'object', required: ['city'] }) },
    ]);
    expect(fake.requests[1]!.toolResults).toEqual(['sunny, 21 °C']);
    expect(fake.requests[1]!.messages.find((m) => m.role === 'assistant')!.toolCalls).toEqual([expect.objectContaining({ name: 'get_weather', arguments: '{"city":"Paris"}' })]);
  });

  it('streams tool calls too', async () => {
    fake.script({ match: { afterToolResults: false }, reply: { toolCalls: [{ name: 'lookup', arguments: { id: 7 } }] } }, { reply: { text: 'done' } });
    const calls: unknown[] = [];
    const result = streamText({
      model: provider()('fake-model'),
      prompt: 'look it up',
      tools: { lookup: tool({ inputSchema: jsonSchema<{ id: number }>({ type: 'object', properties: { id: { type: 'number' } } }), execute: async (input) => (calls.push(input), 'found') }) },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(await result.text).toBe('done');
    expect(calls).toEqual([{ id: 7 }]);
  });

  it('returns JSON content for structured output', async () => {
    fake.script({ reply: { json: { severity: 'high', hours: 50 } } });
    const schema: JSONSchema7 = { type: 'object', properties: { severity: { type: 'string' }, hours: { type: 'number' } }, required: ['severity', 'hours'] };
    const result = await generateText({
      model: createOpenAICompatible({ name: 'fake', baseURL: fake.baseUrl, apiKey: 'test-key', supportsStructuredOutputs: true })('fake-model'),
      prompt: 'Rate it',
      output: Output.object({ schema: jsonSchema<{ severity: string; hours: number }>(schema) }),
      maxRetries: 0,
    });
    expect(result.output).toEqual({ severity: 'high', hours: 50 });
    expect(fake.requests[0]!.responseFormat).toMatchObject({ type: 'json_schema', json_schema: { schema: expect.objectContaining({ required: ['severity', 'hours'] }) } });
  });

  it('scripted failures arrive as APICallError with the status, retryable for 500 and 429 but not 400', async () => {
    fake.script(
      { match: { user: 'five hundred' }, reply: { error: { status: 500 } } },
      { match: { user: 'rate' }, reply: { error: { status: 429, retryAfterSeconds: 1 } } },
      { match: { user: 'bad' }, reply: { error: { status: 400, message: 'Invalid schema for function', code: 'invalid_function_parameters' } } },
    );
    const call = (prompt: string) => generateText({ model: provider()('fake-model'), prompt, maxRetries: 0 }).catch((e: unknown) => e);
    const e500 = await call('five hundred');
    const e429 = await call('rate limit');
    const e400 = await call('bad request');
    expect(APICallError.isInstance(e500) && e500.statusCode === 500 && e500.isRetryable).toBe(true);
    expect(APICallError.isInstance(e429) && e429.statusCode === 429 && e429.isRetryable && e429.responseHeaders?.['retry-after'] === '1').toBe(true);
    expect(APICallError.isInstance(e400) && e400.statusCode === 400 && !e400.isRetryable).toBe(true);
    expect((e400 as Error).message).toBe('Invalid schema for function');
    expect(fake.totalTokens()).toBe(0);
  });

  it('rules can be limited in uses and computed from the request; unmatched requests get the default', async () => {
    fake.script({ times: 1, reply: { text: 'first' } }, { match: { model: 'large' }, reply: (request) => ({ text: `echo: ${request.lastUser}` }) });
    const model = provider();
    expect((await generateText({ model: model('fake-model'), prompt: 'a', maxRetries: 0 })).text).toBe('first');
    expect((await generateText({ model: model('fake-model-large'), prompt: 'b', maxRetries: 0 })).text).toBe('echo: b');
    expect((await generateText({ model: model('fake-model'), prompt: 'c', maxRetries: 0 })).text).toBe('OK');
  });

  it('unscripted structured-output requests get a sample that satisfies the schema', async () => {
    const schema: JSONSchema7 = { type: 'object', properties: { tier: { type: 'string', enum: ['hot', 'warm'] }, score: { type: 'number', minimum: 0, maximum: 100 }, tags: { type: 'array', items: { type: 'string' } } }, required: ['tier', 'score', 'tags'] };
    const result = await generateText({
      model: createOpenAICompatible({ name: 'fake', baseURL: fake.baseUrl, apiKey: 'test-key', supportsStructuredOutputs: true })('fake-model'),
      prompt: 'Rate it',
      output: Output.object({ schema: jsonSchema(schema) }),
      maxRetries: 0,
    });
    expect(result.output).toEqual({ tier: 'hot', score: 50, tags: ['Sample tags'] });
    // Without structured output, unscripted requests get text.
    expect((await generateText({ model: provider()('fake-model'), prompt: 'hi', maxRetries: 0 })).text).toBe('OK');
  });

  it('refuses a wrong API key with 401', async () => {
    const error = await generateText({ model: createOpenAICompatible({ name: 'fake', baseURL: fake.baseUrl, apiKey: 'wrong' })('fake-model'), prompt: 'x', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.statusCode === 401).toBe(true);
  });

  it('a delayed reply can be cancelled by the caller', async () => {
    fake.script({ reply: { text: 'late', delayMs: 5000 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(generateText({ model: provider()('fake-model'), prompt: 'x', abortSignal: controller.signal, maxRetries: 0 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('lists models', async () => {
    const response = await fetch(`${fake.baseUrl}/models`, { headers: { Authorization: 'Bearer test-key' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ object: 'list', data: [expect.objectContaining({ id: 'fake-model', object: 'model' }), expect.objectContaining({ id: 'fake-model-large' })] });
  });
});

describe('Ollama /api/chat through ollama-ai-provider-v2', () => {
  const ollama = () => createOllama({ baseURL: `${fake.ollamaUrl}/api` })('llama3');

  it('answers text with usage from prompt_eval_count / eval_count', async () => {
    fake.script({ match: { model: 'llama3' }, reply: { text: 'Hola', usage: { prompt: 9, completion: 2 } } });
    const result = await generateText({ model: ollama(), system: 'Speak Spanish', prompt: 'Hello', maxRetries: 0 });
    expect(result.text).toBe('Hola');
    expect(result.usage).toMatchObject({ inputTokens: 9, outputTokens: 2, totalTokens: 11 });
    expect(fake.requests[0]).toMatchObject({ protocol: 'ollama', path: '/api/chat', model: 'llama3', stream: false, system: 'Speak Spanish' });
  });

  it('calls tools', async () => {
    fake.script({ match: { afterToolResults: false }, reply: { toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] } }, { match: { afterToolResults: true }, reply: { text: 'The sum is 5' } });
    const result = await generateText({
      model: ollama(),
      prompt: 'add 2 and 3',
      tools: { add: tool({ inputSchema: jsonSchema<{ a: number; b: number }>({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } }), execute: async ({ a, b }) => String(a + b) }) },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(result.text).toBe('The sum is 5');
    expect(fake.requests[1]!.toolResults).toEqual(['5']);
  });

  it('streams NDJSON', async () => {
    fake.script({ reply: { text: 'streamed from ollama', usage: { prompt: 3, completion: 4 } } });
    const result = streamText({ model: ollama(), prompt: 'hi', maxRetries: 0 });
    expect(await result.text).toBe('streamed from ollama');
    expect(await result.usage).toMatchObject({ totalTokens: 7 });
  });

  it('reports errors with the status', async () => {
    fake.script({ reply: { error: { status: 500, message: 'model crashed' } } });
    const error = await generateText({ model: ollama(), prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.statusCode === 500).toBe(true);
  });
});

describe('sampleFromSchema', () => {
  it("satisfies every agent JSON schema of the industry templates (so they run unscripted)", () => {
    const schemas = WORKFLOW_TEMPLATES.flatMap((workflow) =>
      workflow.nodes.flatMap((node) => {
        const output = (node.params as { output?: { type: string; schema?: Record<string, unknown> } }).output;
        return node.type === 'agent' && output?.type === 'json' && output.schema ? [{ id: `${workflow.id}/${node.id}`, schema: output.schema }] : [];
      }),
    );
    expect(schemas.length).toBeGreaterThan(5);
    for (const { id, schema } of schemas) {
      const parsed = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(sampleFromSchema(schema));
      expect({ id, success: parsed.success, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ id, success: true, issues: [] });
    }
  });

  it('handles enums, ranges, formats, nullable types and nesting', () => {
    expect(
      sampleFromSchema({
        type: 'object',
        properties: {
          when: { type: 'string', format: 'date-time' },
          n: { type: 'integer', minimum: 3 },
          maybe: { type: ['null', 'string'] },
          nested: { type: 'array', minItems: 2, items: { type: 'object', properties: { ok: { type: 'boolean' } } } },
          pick: { anyOf: [{ const: 'a' }, { const: 'b' }] },
        },
      }),
    ).toEqual({ when: '2030-01-01T09:00:00Z', n: 3, maybe: 'Sample maybe', nested: [{ ok: true }, { ok: true }], pick: 'a' });
  });
});
