// Test code only: a fake Groq API, OpenAI-shaped under /openai/v1 (as
// https://api.groq.com/openai/v1), with Groq's x_groq request id on each
// completion and its 401 body for a wrong key.
import type { FakeProvider, FakeProviderOptions } from '../../testing/fakeServer.js';
import { startFakeOpenAIShaped, type OpenAIShapedFlavour } from '../../openai/testing/fake.js';

export const GROQ_FLAVOUR: OpenAIShapedFlavour = {
  prefix: '/openai/v1',
  unauthorized: (presented, echoKey) => ({
    error: { message: echoKey && presented !== null ? `Invalid API Key: ${presented}` : 'Invalid API Key', type: 'invalid_request_error', code: 'invalid_api_key' },
  }),
  completionExtras: { system_fingerprint: 'fp_fake', x_groq: { id: 'req_01fakegroq' } },
};

export function startFakeGroq(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  return startFakeOpenAIShaped(GROQ_FLAVOUR, options);
}
