import { generateText } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { GOOD_KEY, LOOPBACK_POLICY, configFor, describeAdapterContract } from '../testing/adapterContract';
import { mistralAdapter } from './adapter';
import { MISTRAL_EMBED_MODEL, startFakeMistral } from './testing/fake';

// The fake also lists mistral-embed (completion_chat: false), which the adapter leaves out.
describeAdapterContract({ adapter: mistralAdapter, start: startFakeMistral, keyed: true });

describe('mistral adapter', () => {
  const fetch = guardedFetch(LOOPBACK_POLICY);

  it('leaves out the models that cannot chat, and calls /v1/chat/completions with the bearer key', async () => {
    const fake = await startFakeMistral({ apiKey: GOOD_KEY, models: ['mistral-small-latest', 'codestral-latest'] });
    try {
      const models = await mistralAdapter.listModels(configFor(fake.baseUrl, GOOD_KEY), fetch, AbortSignal.timeout(5000));
      expect(models).toEqual(['codestral-latest', 'mistral-small-latest']);
      expect(models).not.toContain(MISTRAL_EMBED_MODEL);
      await generateText({ model: mistralAdapter.model(configFor(fake.baseUrl, GOOD_KEY), 'mistral-small-latest', fetch), prompt: 'Hi', maxRetries: 0 });
      const call = fake.calls.find((c) => c.method === 'POST')!;
      expect(call.path).toBe('/v1/chat/completions');
      expect(call.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    } finally {
      await fake.close();
    }
  });
});
