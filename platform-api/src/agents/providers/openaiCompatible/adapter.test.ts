import { generateText } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { LOOPBACK_POLICY, configFor, describeAdapterContract } from '../testing/adapterContract';
import { openaiCompatibleAdapter } from './adapter';
import { startFakeOpenAICompatible } from './testing/fake';

describeAdapterContract({ adapter: openaiCompatibleAdapter, start: startFakeOpenAICompatible, keyed: true, keyOptional: true });

describe('openaiCompatible adapter', () => {
  const fetch = guardedFetch(LOOPBACK_POLICY);

  it('works without a key against an endpoint that takes none, sending no Authorization header', async () => {
    const fake = await startFakeOpenAICompatible({ models: ['local-model'] });
    try {
      expect(await openaiCompatibleAdapter.listModels(configFor(fake.baseUrl), fetch, AbortSignal.timeout(5000))).toEqual(['local-model']);
      const result = await generateText({ model: openaiCompatibleAdapter.model(configFor(fake.baseUrl), 'local-model', fetch), prompt: 'Hi', maxRetries: 0 });
      expect(result.text).toBe('Hello from the fake provider');
      expect(fake.calls.every((c) => c.headers.authorization === undefined)).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('honours the base URL exactly, trailing slash or not', async () => {
    const fake = await startFakeOpenAICompatible({});
    try {
      await openaiCompatibleAdapter.listModels(configFor(`${fake.baseUrl}/`), fetch, AbortSignal.timeout(5000));
      expect(fake.calls.map((c) => c.path)).toEqual(['/v1/models']);
    } finally {
      await fake.close();
    }
  });
});
