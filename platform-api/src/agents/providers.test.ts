// Provider configuration and model resolution; the resolved models are
// called for real against the fake server (OpenAI-compatible and Ollama wire
// formats).
import { APICallError, generateText, type LanguageModel } from 'ai';
import { RUN_MESSAGES } from '@agentflow/shared/workflow';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import {
  DEFAULT_OLLAMA_MODEL,
  DEFAULT_OPENAI_MODEL,
  ModelNotAvailableError,
  NoProviderError,
  ProviderCallError,
  aiConfigFromEnv,
  createModelResolver,
  ollamaApiUrl,
  toProviderCallError,
  type AiConfig,
} from './providers';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-config' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const none: AiConfig = { baseUrl: null, apiKey: null, model: null, ollamaUrl: null, ollamaModel: null };
const modelId = (model: LanguageModel) => (typeof model === 'string' ? model : model.modelId);
const providerOf = (model: LanguageModel) => (typeof model === 'string' ? 'gateway' : model.provider);

describe('aiConfigFromEnv', () => {
  it('reads AI_BASE_URL, AI_API_KEY, AI_MODEL, OLLAMA_URL, OLLAMA_MODEL', () => {
    expect(
      aiConfigFromEnv({ AI_BASE_URL: 'https://api.openai.com/v1', AI_API_KEY: 'sk-1', AI_MODEL: 'gpt-4o', OLLAMA_URL: 'http://localhost:11434', OLLAMA_MODEL: 'llama3' }),
    ).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', model: 'gpt-4o', ollamaUrl: 'http://localhost:11434', ollamaModel: 'llama3' });
  });

  it('treats unset and blank alike', () => {
    expect(aiConfigFromEnv({})).toEqual(none);
    expect(aiConfigFromEnv({ AI_BASE_URL: '  ', AI_API_KEY: '', OLLAMA_URL: '' })).toEqual(none);
  });

  it('reads AI_STRUCTURED_OUTPUTS', () => {
    expect(aiConfigFromEnv({ AI_STRUCTURED_OUTPUTS: 'false' }).structuredOutputs).toBe(false);
    expect(() => aiConfigFromEnv({ AI_STRUCTURED_OUTPUTS: 'maybe' })).toThrow('AI_STRUCTURED_OUTPUTS');
  });

  it('rejects a URL that is not http(s), naming the variable', () => {
    expect(() => aiConfigFromEnv({ AI_BASE_URL: 'api.openai.com' })).toThrow('AI_BASE_URL must be an http(s) URL');
    expect(() => aiConfigFromEnv({ OLLAMA_URL: 'file:///tmp' })).toThrow('OLLAMA_URL must be an http(s) URL');
  });
});

describe('createModelResolver', () => {
  it('with nothing configured: not configured, and resolve throws the exact no-provider message', () => {
    const resolver = createModelResolver(none);
    expect(resolver).toMatchObject({ configured: false, providers: [], defaultModel: null });
    expect(() => resolver.resolve()).toThrow(NoProviderError);
    expect(() => resolver.resolve('gpt-4o')).toThrow(RUN_MESSAGES.noProvider);
  });

  it('OpenAI-compatible only: plain names and openai: prefixes go to it; ollama: is not available', () => {
    const resolver = createModelResolver({ ...none, baseUrl: fake.baseUrl, apiKey: 'sk-config', model: 'fake-model' });
    expect(resolver).toMatchObject({ configured: true, providers: ['openai'], defaultModel: 'fake-model' });
    expect(modelId(resolver.resolve())).toBe('fake-model');
    expect(modelId(resolver.resolve(null))).toBe('fake-model');
    expect(modelId(resolver.resolve('gemini-2.5-pro'))).toBe('gemini-2.5-pro');
    expect(modelId(resolver.resolve('openai:gpt-4o-mini'))).toBe('gpt-4o-mini');
    expect(providerOf(resolver.resolve())).toContain('openai-compatible');
    expect(() => resolver.resolve('ollama:llama3')).toThrow(ModelNotAvailableError);
    expect(() => resolver.resolve('ollama:llama3')).toThrow('The model "ollama:llama3" needs Ollama: set OLLAMA_URL for platform-api.');
  });

  it('without AI_MODEL the OpenAI-compatible default is used', () => {
    expect(createModelResolver({ ...none, baseUrl: fake.baseUrl }).defaultModel).toBe(DEFAULT_OPENAI_MODEL);
  });

  it('Ollama only: the default is ollama:<model>; plain names go to Ollama; openai: is not available', () => {
    const resolver = createModelResolver({ ...none, ollamaUrl: fake.ollamaUrl });
    expect(resolver).toMatchObject({ configured: true, providers: ['ollama'], defaultModel: `ollama:${DEFAULT_OLLAMA_MODEL}` });
    expect(modelId(resolver.resolve())).toBe(DEFAULT_OLLAMA_MODEL);
    expect(modelId(resolver.resolve('mistral'))).toBe('mistral');
    expect(providerOf(resolver.resolve())).toContain('ollama');
    expect(() => resolver.resolve('openai:gpt-4o')).toThrow('needs an OpenAI-compatible provider: set AI_BASE_URL and AI_API_KEY');
  });

  it('both: OpenAI-compatible is the default, ollama: picks Ollama, and Ollama tags keep their colon', () => {
    const resolver = createModelResolver({ ...none, baseUrl: fake.baseUrl, model: 'fake-model', ollamaUrl: fake.ollamaUrl, ollamaModel: 'llama3' });
    expect(resolver.providers).toEqual(['openai', 'ollama']);
    expect(providerOf(resolver.resolve())).toContain('openai-compatible');
    const tagged = resolver.resolve('ollama:llama3:8b');
    expect(providerOf(tagged)).toContain('ollama');
    expect(modelId(tagged)).toBe('llama3:8b');
    expect(providerOf(resolver.resolve('OLLAMA:llama3'))).toContain('ollama');
    // A plain name with a colon is the default provider's.
    expect(providerOf(resolver.resolve('llama3:8b'))).toContain('openai-compatible');
  });

  it('the resolved OpenAI-compatible model calls the configured endpoint with the key', async () => {
    fake.script({ reply: { text: 'from openai-compatible' } });
    const resolver = createModelResolver({ ...none, baseUrl: `${fake.baseUrl}/`, apiKey: 'sk-config', model: 'fake-model' });
    const result = await generateText({ model: resolver.resolve(), prompt: 'hi', maxRetries: 0 });
    expect(result.text).toBe('from openai-compatible');
    expect(fake.requests[0]).toMatchObject({ protocol: 'openai', model: 'fake-model', authorization: 'Bearer sk-config' });
  });

  it('the resolved Ollama model reaches /api/chat (OLLAMA_URL without /api)', async () => {
    fake.script({ match: { model: 'llama3' }, reply: { text: 'from ollama', usage: { prompt: 4, completion: 2 } } });
    const resolver = createModelResolver({ ...none, ollamaUrl: fake.ollamaUrl, ollamaModel: 'llama3' });
    const result = await generateText({ model: resolver.resolve(), prompt: 'hi', maxRetries: 0 });
    expect(result.text).toBe('from ollama');
    expect(result.usage.totalTokens).toBe(6);
    expect(fake.requests[0]).toMatchObject({ protocol: 'ollama', path: '/api/chat', model: 'llama3' });
  });
});

describe('ollamaApiUrl', () => {
  it.each([
    ['http://localhost:11434', 'http://localhost:11434/api'],
    ['http://localhost:11434/', 'http://localhost:11434/api'],
    ['http://localhost:11434/api', 'http://localhost:11434/api'],
    ['https://ollama.internal/api/', 'https://ollama.internal/api'],
  ])('%s → %s', (input, expected) => {
    expect(ollamaApiUrl(input)).toBe(expected);
  });
});

describe('toProviderCallError', () => {
  const apiError = (statusCode: number | undefined, isRetryable?: boolean) =>
    new APICallError({ message: 'boom', url: 'http://x', requestBodyValues: {}, statusCode, ...(isRetryable !== undefined ? { isRetryable } : {}) });

  it.each([
    [500, true],
    [502, true],
    [503, true],
    [429, true],
    [408, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [422, false],
  ])('HTTP %i → transient %s', (status, transient) => {
    const mapped = toProviderCallError(apiError(status));
    expect(mapped).toBeInstanceOf(ProviderCallError);
    expect(mapped).toMatchObject({ status, transient, message: `The AI provider answered HTTP ${status}: boom` });
  });

  it('a network failure (no status) is transient', () => {
    expect(toProviderCallError(apiError(undefined, true))).toMatchObject({ status: null, transient: true, message: 'The AI provider could not be reached: boom' });
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
    expect(toProviderCallError(refused)).toMatchObject({ status: null, transient: true, message: 'The AI provider could not be reached: connect ECONNREFUSED 127.0.0.1:1' });
  });

  it('other errors pass through unchanged', () => {
    const other = new Error('something else');
    expect(toProviderCallError(other)).toBe(other);
    const already = new ProviderCallError('x', false, 400);
    expect(toProviderCallError(already)).toBe(already);
  });
});
