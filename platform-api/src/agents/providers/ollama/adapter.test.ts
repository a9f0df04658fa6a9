import { generateText } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { ProviderCallError } from '../../providers';
import { LOOPBACK_POLICY, configFor, describeAdapterContract } from '../testing/adapterContract';
import { ollamaAdapter } from './adapter';
import { startFakeOllama } from './testing/fake';

describeAdapterContract({ adapter: ollamaAdapter, start: startFakeOllama, keyed: false });

describe('ollama adapter', () => {
  const fetch = guardedFetch(LOOPBACK_POLICY);

  it('takes the server root or its /api URL alike', async () => {
    const fake = await startFakeOllama({ models: ['llama3.2'] });
    try {
      expect(await ollamaAdapter.listModels(configFor(fake.baseUrl), fetch, AbortSignal.timeout(5000))).toEqual(['llama3.2']);
      expect(await ollamaAdapter.listModels(configFor(`${fake.baseUrl}/api/`), fetch, AbortSignal.timeout(5000))).toEqual(['llama3.2']);
      expect(fake.calls.map((c) => c.path)).toEqual(['/api/tags', '/api/tags']);
    } finally {
      await fake.close();
    }
  });

  it('reports a model that is not pulled as a failed call that is not transient', async () => {
    const fake = await startFakeOllama({ models: ['llama3.2'] });
    try {
      const error = await generateText({ model: ollamaAdapter.model(configFor(fake.baseUrl), 'mistral', fetch), prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 404 });
    } finally {
      await fake.close();
    }
  });

  it('says the server could not be reached (transient) when nothing listens', async () => {
    const fake = await startFakeOllama({});
    const baseUrl = fake.baseUrl;
    await fake.close();
    const error = await ollamaAdapter.listModels(configFor(baseUrl), fetch, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderCallError);
    expect(error).toMatchObject({ transient: true, message: expect.stringContaining('could not be reached') });
  });
});
