import { generateText } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { GOOD_KEY, LOOPBACK_POLICY, configFor, describeAdapterContract } from '../testing/adapterContract';
import { ANTHROPIC_VERSION, anthropicAdapter } from './adapter';
import { startFakeAnthropic } from './testing/fake';

describeAdapterContract({ adapter: anthropicAdapter, start: startFakeAnthropic, keyed: true });

describe('anthropic adapter', () => {
  const fetch = guardedFetch(LOOPBACK_POLICY);

  it('sends x-api-key and anthropic-version to /v1/messages, never a bearer token', async () => {
    const fake = await startFakeAnthropic({ apiKey: GOOD_KEY });
    try {
      await generateText({ model: anthropicAdapter.model(configFor(fake.baseUrl, GOOD_KEY), 'claude-3-5-haiku-latest', fetch), prompt: 'Hi', maxOutputTokens: 64, maxRetries: 0 });
      await anthropicAdapter.listModels(configFor(fake.baseUrl, GOOD_KEY), fetch, AbortSignal.timeout(5000));
      expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/messages', 'GET /v1/models']);
      for (const call of fake.calls) {
        expect(call.headers['x-api-key']).toBe(GOOD_KEY);
        expect(call.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
        expect(call.headers.authorization).toBeUndefined();
      }
      expect(fake.calls[0]!.body).toMatchObject({ model: 'claude-3-5-haiku-latest', messages: [{ role: 'user' }] });
    } finally {
      await fake.close();
    }
  });

  it('follows has_more/after_id through every page of the model list', async () => {
    const models = Array.from({ length: 1500 }, (_, i) => `claude-fake-${String(i).padStart(4, '0')}`);
    const fake = await startFakeAnthropic({ apiKey: GOOD_KEY, models });
    try {
      const listed = await anthropicAdapter.listModels(configFor(fake.baseUrl, GOOD_KEY), fetch, AbortSignal.timeout(5000));
      expect(listed).toEqual(models);
      expect(fake.calls.map((c) => c.query.get('after_id'))).toEqual([null, 'claude-fake-0999']);
    } finally {
      await fake.close();
    }
  });
});
