import { generateText } from 'ai';
import { AI_CREDENTIAL_TYPE_IDS, CREDENTIAL_ERROR_CODES } from '@agentflow/shared/credentials';
import { guardedFetch } from '../../net/guardedFetch';
import { startFakeAnthropic } from './anthropic/testing/fake';
import { startFakeGoogle } from './google/testing/fake';
import { AI_PROVIDER_TYPES, createProviderRegistry, isAiProviderType, providerAdapter, providerBaseUrlsFromEnv, testCredential } from './index';
import { startFakeOpenAI } from './openai/testing/fake';
import { startFakeOpenAICompatible } from './openaiCompatible/testing/fake';
import { CANARY, CLOSED_POLICY, GOOD_KEY, LOOPBACK_POLICY, captureConsole, configFor } from './testing/adapterContract';
import { DEFAULT_FAKE_MODELS, DEFAULT_FAKE_REPLY, type FakeProvider } from './testing/fakeServer';

const fetch = guardedFetch(LOOPBACK_POLICY);
const signal = () => AbortSignal.timeout(5000);

describe('the adapter registry', () => {
  it('has exactly one adapter per AI credential type of the domain, each naming its type', () => {
    expect([...AI_PROVIDER_TYPES].sort()).toEqual([...AI_CREDENTIAL_TYPE_IDS].sort());
    for (const type of AI_PROVIDER_TYPES) expect(providerAdapter(type).type).toBe(type);
  });

  it('tells AI types from the others', () => {
    expect(isAiProviderType('anthropic')).toBe(true);
    expect(isAiProviderType('httpBearer')).toBe(false);
    expect(isAiProviderType('toString')).toBe(false);
    expect(isAiProviderType(undefined)).toBe(false);
  });
});

describe('testCredential', () => {
  let openai: FakeProvider;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ apiKey: GOOD_KEY, echoKey: true });
  });
  afterAll(() => openai.close());
  beforeEach(() => {
    openai.calls.length = 0;
  });

  it('returns the sorted models for a good key', async () => {
    await expect(testCredential('openai', configFor(openai.baseUrl, GOOD_KEY), fetch, signal())).resolves.toEqual({ ok: true, models: [...DEFAULT_FAKE_MODELS].sort() });
  });

  it('says credential_rejected for a wrong key, without the key even though the provider echoed it', async () => {
    const console = captureConsole();
    try {
      const result = await testCredential('openai', configFor(openai.baseUrl, CANARY), fetch, signal());
      expect(result).toMatchObject({ ok: false, code: CREDENTIAL_ERROR_CODES.rejected, error: expect.stringContaining('HTTP 401') });
      expect(JSON.stringify(result)).not.toContain(CANARY);
      expect(JSON.stringify(result)).toContain('[redacted]');
      expect(JSON.stringify(console.calls)).not.toContain(CANARY);
    } finally {
      console.restore();
    }
  });

  it("says credential_rejected for Gemini's 400 API_KEY_INVALID", async () => {
    const google = await startFakeGoogle({ apiKey: GOOD_KEY });
    try {
      await expect(testCredential('google', configFor(google.baseUrl, 'wrong'), fetch, signal())).resolves.toMatchObject({ ok: false, code: CREDENTIAL_ERROR_CODES.rejected });
    } finally {
      await google.close();
    }
  });

  it('says credential_rejected for a credential missing its key', async () => {
    await expect(testCredential('anthropic', { settings: {}, secrets: {} }, fetch, signal())).resolves.toMatchObject({ ok: false, code: CREDENTIAL_ERROR_CODES.rejected, error: expect.stringContaining('apiKey') });
  });

  it('says provider_unavailable when nothing listens at the base URL', async () => {
    const gone = await startFakeOpenAICompatible({});
    await gone.close();
    await expect(testCredential('openaiCompatible', configFor(gone.baseUrl), fetch, signal())).resolves.toMatchObject({
      ok: false,
      code: CREDENTIAL_ERROR_CODES.providerUnavailable,
      error: expect.stringContaining('could not be reached'),
    });
  });

  it('says provider_unavailable when the provider fails (5xx)', async () => {
    const failing: typeof globalThis.fetch = async () => new Response('{"error":{"message":"The server is overloaded"}}', { status: 503 });
    await expect(testCredential('groq', { settings: {}, secrets: { apiKey: GOOD_KEY } }, failing, signal())).resolves.toEqual({
      ok: false,
      code: CREDENTIAL_ERROR_CODES.providerUnavailable,
      error: 'The AI provider answered HTTP 503: The server is overloaded',
    });
  });

  it('refuses a private or metadata base URL before any connection (provider_unavailable, the reason given)', async () => {
    const closed = guardedFetch(CLOSED_POLICY);
    await expect(testCredential('openaiCompatible', configFor(openai.baseUrl, GOOD_KEY), closed, signal())).resolves.toMatchObject({ ok: false, code: 'provider_unavailable', error: expect.stringContaining('loopback') });
    await expect(testCredential('ollama', configFor('http://169.254.169.254'), closed, signal())).resolves.toMatchObject({ ok: false, code: 'provider_unavailable', error: expect.stringContaining('link-local') });
    expect(openai.calls).toHaveLength(0);
  });

  it('rethrows when the caller cancels', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the caller'));
    await expect(testCredential('openai', configFor(openai.baseUrl, GOOD_KEY), fetch, controller.signal)).rejects.toThrow('cancelled by the caller');
  });
});

describe('createProviderRegistry with base URL overrides', () => {
  it('sends a fixed-endpoint type to the override (an operator proxy, a test fake), for the model list and the model alike', async () => {
    const anthropic = await startFakeAnthropic({ apiKey: GOOD_KEY });
    try {
      const registry = createProviderRegistry({ baseUrls: { anthropic: anthropic.baseUrl } });
      const config = { settings: {}, secrets: { apiKey: GOOD_KEY } };
      await expect(registry.testCredential('anthropic', config, fetch, signal())).resolves.toEqual({ ok: true, models: [...DEFAULT_FAKE_MODELS].sort() });
      const result = await generateText({ model: registry.providerAdapter('anthropic').model(config, 'claude-3-5-haiku-latest', fetch), prompt: 'Hi', maxOutputTokens: 64, maxRetries: 0 });
      expect(result.text).toBe(DEFAULT_FAKE_REPLY.text);
      expect(anthropic.calls.map((c) => c.path)).toEqual(['/v1/models', '/v1/messages']);
    } finally {
      await anthropic.close();
    }
  });

  it("keeps a credential's own base URL over the override", async () => {
    const own = await startFakeOpenAICompatible({ models: ['own-model'] });
    try {
      const registry = createProviderRegistry({ baseUrls: { openaiCompatible: 'http://169.254.169.254/v1' } });
      await expect(registry.testCredential('openaiCompatible', configFor(own.baseUrl), fetch, signal())).resolves.toEqual({ ok: true, models: ['own-model'] });
    } finally {
      await own.close();
    }
  });
});

describe('providerBaseUrlsFromEnv', () => {
  it('reads type=url pairs', () => {
    expect(providerBaseUrlsFromEnv({})).toEqual({});
    expect(providerBaseUrlsFromEnv({ AI_PROVIDER_BASE_URLS: ' openai=http://127.0.0.1:9000/v1 , google=https://eu.example/v1beta' })).toEqual({
      openai: 'http://127.0.0.1:9000/v1',
      google: 'https://eu.example/v1beta',
    });
  });

  it('refuses an unknown type, a missing = and a non-http URL', () => {
    expect(() => providerBaseUrlsFromEnv({ AI_PROVIDER_BASE_URLS: 'httpBearer=http://x' })).toThrow('AI_PROVIDER_BASE_URLS');
    expect(() => providerBaseUrlsFromEnv({ AI_PROVIDER_BASE_URLS: 'openai' })).toThrow('AI_PROVIDER_BASE_URLS');
    expect(() => providerBaseUrlsFromEnv({ AI_PROVIDER_BASE_URLS: 'openai=ftp://x' })).toThrow('http(s) URL');
  });
});
