import { generateText, streamText } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { GOOD_KEY, LOOPBACK_POLICY, configFor, describeAdapterContract } from '../testing/adapterContract';
import { DEFAULT_FAKE_REPLY } from '../testing/fakeServer';
import { openaiAdapter } from './adapter';
import { startFakeOpenAI } from './testing/fake';

describeAdapterContract({ adapter: openaiAdapter, start: startFakeOpenAI, keyed: true });

describe('openai adapter', () => {
  const fetch = guardedFetch(LOOPBACK_POLICY);

  it('calls chat completions with the bearer key and the model id', async () => {
    const fake = await startFakeOpenAI({ apiKey: GOOD_KEY });
    try {
      await generateText({ model: openaiAdapter.model(configFor(fake.baseUrl, GOOD_KEY), 'gpt-4o-mini', fetch), prompt: 'Hi', maxRetries: 0 });
      const call = fake.calls.find((c) => c.method === 'POST')!;
      expect(call.path).toBe('/v1/chat/completions');
      expect(call.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
      expect(call.body).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
    } finally {
      await fake.close();
    }
  });

  it('streams through the guarded fetch (the answer arrives whole) with the usage chunk', async () => {
    const fake = await startFakeOpenAI({ apiKey: GOOD_KEY });
    try {
      const result = streamText({ model: openaiAdapter.model(configFor(fake.baseUrl, GOOD_KEY), 'gpt-4o-mini', fetch), prompt: 'Hi', maxRetries: 0 });
      expect(await result.text).toBe(DEFAULT_FAKE_REPLY.text);
      expect((await result.usage).inputTokens).toBe(DEFAULT_FAKE_REPLY.inputTokens);
      expect((await result.usage).outputTokens).toBe(DEFAULT_FAKE_REPLY.outputTokens);
    } finally {
      await fake.close();
    }
  });
});
