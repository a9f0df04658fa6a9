// Test code only: what every provider adapter must do, run by each
// provider's adapter.test.ts against that provider's fake server. List the
// models with the right key (sorted), refuse a wrong key as a rejection (not
// transient), answer generateText with the fake's text and usage, go to the
// public API when no base URL is set, reach nothing the fetch policy refuses,
// and never let the key out in an error or a log line, even when the
// provider echoes it back.
import { APICallError, generateText } from 'ai';
import { credentialType } from '@agentflow/shared/credentials';
import { guardedFetch } from '../../../net/guardedFetch.js';
import { BlockedAddressError, type SafeFetchPolicy } from '../../../net/safeFetch.js';
import { ProviderCallError } from '../../providers.js';
import { ProviderConfigError, ProviderRejectedError, type ProviderAdapter, type ProviderConfig } from '../adapter.js';
import { mentionsSecret } from '../redact.js';
import { DEFAULT_FAKE_MODELS, DEFAULT_FAKE_REPLY, type FakeProvider, type FakeProviderOptions } from './fakeServer.js';

/** Loopback allowed (the fakes), every other private range refused: the production guard with one hole for tests. */
export const LOOPBACK_POLICY: SafeFetchPolicy = { allowPrivateNetworks: false, allowedRanges: ['127.0.0.1/32'], timeoutMs: 5000, maxResponseBytes: 5_000_000 };
/** The production default: no private, loopback or link-local address. */
export const CLOSED_POLICY: SafeFetchPolicy = { allowPrivateNetworks: false, timeoutMs: 5000, maxResponseBytes: 5_000_000 };
/** A key that must never appear in an error or a log line. */
export const CANARY = 'sk-canary-7f3a9';
/** The key the fakes accept. */
export const GOOD_KEY = 'sk-test-good-0123456789abcdef';

export interface AdapterContractSubject {
  adapter: ProviderAdapter;
  /** Starts the provider's fake, accepting GOOD_KEY when keyed, echoing wrong keys back. */
  start(options: FakeProviderOptions): Promise<FakeProvider>;
  /** Whether the provider takes a key (Ollama does not). */
  keyed: boolean;
  /** The key may be left out (OpenAI-compatible endpoints on a local network). */
  keyOptional?: boolean;
  /** The ids listModels must return for the fake's default models (sorted). */
  expectedModels?: string[];
}

export function configFor(baseUrl: string, apiKey?: string): ProviderConfig {
  return { settings: { baseUrl }, secrets: apiKey === undefined ? {} : { apiKey } };
}

/** Every console call's arguments, for asserting that nothing logged holds a secret. */
export function captureConsole(): { calls: unknown[][]; restore(): void } {
  const calls: unknown[][] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      calls.push(args);
    }),
  );
  return { calls, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

export function describeAdapterContract(subject: AdapterContractSubject): void {
  const { adapter, keyed } = subject;
  const type = adapter.type;
  const key = keyed ? GOOD_KEY : undefined;
  const fetch = guardedFetch(LOOPBACK_POLICY);

  describe(`${type} adapter: the contract every provider adapter keeps`, () => {
    let fake: FakeProvider;
    beforeAll(async () => {
      fake = await subject.start(keyed ? { apiKey: GOOD_KEY, echoKey: true } : {});
    });
    afterAll(() => fake.close());
    beforeEach(() => {
      fake.calls.length = 0;
    });

    it('lists the provider models, sorted', async () => {
      const models = await adapter.listModels(configFor(fake.baseUrl, key), fetch, AbortSignal.timeout(5000));
      expect(models).toEqual(subject.expectedModels ?? [...DEFAULT_FAKE_MODELS].sort());
    });

    it("answers generateText with the fake's text, and the SDK reports the fake's usage", async () => {
      const model = adapter.model(configFor(fake.baseUrl, key), DEFAULT_FAKE_MODELS[1]!, fetch);
      const result = await generateText({ model, prompt: 'Say hello', maxOutputTokens: 64, maxRetries: 0 });
      expect(result.text).toBe(DEFAULT_FAKE_REPLY.text);
      expect(result.usage.inputTokens).toBe(DEFAULT_FAKE_REPLY.inputTokens);
      expect(result.usage.outputTokens).toBe(DEFAULT_FAKE_REPLY.outputTokens);
      expect(fake.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    });

    if (keyed) {
      it('refuses a wrong key as a rejection, not transient', async () => {
        const error = await adapter.listModels(configFor(fake.baseUrl, 'sk-wrong-key'), fetch, AbortSignal.timeout(5000)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProviderRejectedError);
        expect(error).toMatchObject({ transient: false });
      });

      it('never lets the key out, even when the provider echoes it back', async () => {
        const console = captureConsole();
        try {
          const listError = await adapter.listModels(configFor(fake.baseUrl, CANARY), fetch, AbortSignal.timeout(5000)).catch((e: unknown) => e);
          expect(listError).toBeInstanceOf(ProviderRejectedError);
          const model = adapter.model(configFor(fake.baseUrl, CANARY), DEFAULT_FAKE_MODELS[1]!, fetch);
          const callError = await generateText({ model, prompt: 'Say hello', maxOutputTokens: 64, maxRetries: 0 }).catch((e: unknown) => e);
          // Still the SDK's APICallError (so retries and toProviderCallError see its status), only redacted.
          expect(APICallError.isInstance(callError)).toBe(true);
          // The fake did receive the canary and put it into its answer: the redaction is what keeps it out.
          expect(fake.calls.length).toBeGreaterThanOrEqual(2);
          for (const error of [listError, callError]) {
            expect(String(error)).not.toContain(CANARY);
            expect((error as Error).stack ?? '').not.toContain(CANARY);
            expect(mentionsSecret(error, [CANARY])).toBe(false);
          }
          expect(mentionsSecret(console.calls, [CANARY])).toBe(false);
        } finally {
          console.restore();
        }
      });
    }

    it('reaches nothing the fetch policy refuses: the fake under the production policy, before any connection', async () => {
      const closed = guardedFetch(CLOSED_POLICY);
      const listError = await adapter.listModels(configFor(fake.baseUrl, key), closed, AbortSignal.timeout(5000)).catch((e: unknown) => e);
      expect(listError).toBeInstanceOf(ProviderCallError);
      expect(listError).toMatchObject({ transient: false, message: expect.stringContaining('loopback') });
      const model = adapter.model(configFor(fake.baseUrl, key), DEFAULT_FAKE_MODELS[1]!, closed);
      await expect(generateText({ model, prompt: 'Say hello', maxRetries: 0 })).rejects.toBeInstanceOf(BlockedAddressError);
      expect(fake.calls).toHaveLength(0);
    });

    it('refuses a base URL at the cloud metadata address', async () => {
      const config = configFor('http://169.254.169.254/v1', key);
      const error = await adapter.listModels(config, fetch, AbortSignal.timeout(5000)).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ProviderCallError', transient: false, message: expect.stringContaining('link-local') });
      await expect(generateText({ model: adapter.model(config, 'm', fetch), prompt: 'hi', maxRetries: 0 })).rejects.toBeInstanceOf(BlockedAddressError);
    });

    it('goes to the type’s default base URL when the credential has none', async () => {
      const urls: string[] = [];
      const recording: typeof globalThis.fetch = async (input) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return new Response('{"error":{"message":"no"}}', { status: 401, headers: { 'content-type': 'application/json' } });
      };
      const declared = credentialType(type);
      const config: ProviderConfig = { settings: {}, secrets: key === undefined ? {} : { apiKey: key } };
      if (declared.defaultBaseUrl === undefined) {
        await expect(adapter.listModels(config, recording, AbortSignal.timeout(5000))).rejects.toBeInstanceOf(ProviderConfigError);
        return;
      }
      await expect(adapter.listModels(config, recording, AbortSignal.timeout(5000))).rejects.toBeInstanceOf(ProviderRejectedError);
      expect(urls[0]!.startsWith(declared.defaultBaseUrl)).toBe(true);
    });

    if (keyed && !subject.keyOptional) {
      it("refuses a credential without its key rather than falling back to the operator's environment", () => {
        expect(() => adapter.model({ settings: { baseUrl: fake.baseUrl }, secrets: {} }, 'm', fetch)).toThrow(ProviderConfigError);
      });
    }
  });
}
