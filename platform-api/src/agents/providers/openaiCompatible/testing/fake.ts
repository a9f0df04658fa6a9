// Test code only: a fake OpenAI-compatible server such as vLLM started with
// --api-key: OpenAI's chat completions and model list under /v1, and a wrong
// key answered 401 {"error":"Unauthorized"}.
import type { FakeProvider, FakeProviderOptions } from '../../testing/fakeServer.js';
import { startFakeOpenAIShaped, type OpenAIShapedFlavour } from '../../openai/testing/fake.js';

export const COMPATIBLE_FLAVOUR: OpenAIShapedFlavour = {
  prefix: '/v1',
  unauthorized: (presented, echoKey) => ({ error: echoKey && presented !== null ? `Unauthorized (${presented})` : 'Unauthorized' }),
};

export function startFakeOpenAICompatible(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  return startFakeOpenAIShaped(COMPATIBLE_FLAVOUR, options);
}
