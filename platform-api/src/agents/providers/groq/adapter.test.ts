import { generateText } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { GOOD_KEY, LOOPBACK_POLICY, configFor, describeAdapterContract } from '../testing/adapterContract';
import { groqAdapter } from './adapter';
import { startFakeGroq } from './testing/fake';

describeAdapterContract({ adapter: groqAdapter, start: startFakeGroq, keyed: true });

describe('groq adapter', () => {
  it('calls /openai/v1/chat/completions and /openai/v1/models with the bearer key', async () => {
    const fetch = guardedFetch(LOOPBACK_POLICY);
    const fake = await startFakeGroq({ apiKey: GOOD_KEY });
    try {
      await generateText({ model: groqAdapter.model(configFor(fake.baseUrl, GOOD_KEY), 'llama-3.1-8b-instant', fetch), prompt: 'Hi', maxRetries: 0 });
      await groqAdapter.listModels(configFor(fake.baseUrl, GOOD_KEY), fetch, AbortSignal.timeout(5000));
      expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /openai/v1/chat/completions', 'GET /openai/v1/models']);
      expect(fake.calls.every((c) => c.headers.authorization === `Bearer ${GOOD_KEY}`)).toBe(true);
    } finally {
      await fake.close();
    }
  });
});
