import { generateText } from 'ai';
import { guardedFetch } from '../../../net/guardedFetch';
import { GOOD_KEY, LOOPBACK_POLICY, configFor, describeAdapterContract } from '../testing/adapterContract';
import { googleAdapter, isGoogleKeyRefusal } from './adapter';
import { startFakeGoogle } from './testing/fake';

// The fake also lists an embedding model, which the adapter leaves out (the contract expects only the chat models).
describeAdapterContract({ adapter: googleAdapter, start: startFakeGoogle, keyed: true });

describe('google adapter', () => {
  const fetch = guardedFetch(LOOPBACK_POLICY);

  it('calls models/{m}:generateContent with the key in x-goog-api-key, never in the URL', async () => {
    const fake = await startFakeGoogle({ apiKey: GOOD_KEY });
    try {
      await generateText({ model: googleAdapter.model(configFor(fake.baseUrl, GOOD_KEY), 'gemini-2.0-flash', fetch), prompt: 'Hi', maxRetries: 0 });
      await googleAdapter.listModels(configFor(fake.baseUrl, GOOD_KEY), fetch, AbortSignal.timeout(5000));
      expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1beta/models/gemini-2.0-flash:generateContent', 'GET /v1beta/models']);
      for (const call of fake.calls) {
        expect(call.headers['x-goog-api-key']).toBe(GOOD_KEY);
        expect(call.query.has('key')).toBe(false);
      }
    } finally {
      await fake.close();
    }
  });

  it('follows nextPageToken through every page of the model list', async () => {
    const models = Array.from({ length: 1200 }, (_, i) => `gemini-fake-${String(i).padStart(4, '0')}`);
    const fake = await startFakeGoogle({ apiKey: GOOD_KEY, models });
    try {
      expect(await googleAdapter.listModels(configFor(fake.baseUrl, GOOD_KEY), fetch, AbortSignal.timeout(5000))).toEqual(models);
      expect(fake.calls).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it("counts Gemini's 400 API_KEY_INVALID and 403 PERMISSION_DENIED as a refused key, other 400s not", () => {
    expect(isGoogleKeyRefusal(400, { error: { code: 400, status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } })).toBe(true);
    expect(isGoogleKeyRefusal(403, { error: { code: 403, status: 'PERMISSION_DENIED' } })).toBe(true);
    expect(isGoogleKeyRefusal(400, { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'bad page size' } })).toBe(false);
    expect(isGoogleKeyRefusal(500, 'not json')).toBe(false);
  });
});
